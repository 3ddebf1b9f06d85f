// Search benchmark (issue 15): builds the real docs and the synthetic corpora, then measures
//  - the index build: CPU time of buildSearchFiles on the docs, N = 1000 and N = 4000 (median of 5);
//  - the index bytes (gzip -9): the docs' one file, and N = 4000's head and shards;
//  - relevance in Chromium on bench/search-relevance.json: top-1, top-3 distinct pages, mean
//    reciprocal rank, queries without a result (all queries, the first 84, the ones from the pages,
//    the halves A and B the ranking is chosen on and checked on);
//  - query latency in Chromium once the index is loaded (p95);
//  - first result after the first keystroke, on a cold cache over loopback (`preview`), and the bytes
//    fetched before it, for the docs and for N = 4000.
// Prints each figure against its budget; exit code 1 when one is over.
//   node bench/search.mjs            (SEARCH_N=0 skips the synthetic corpora; RUNS=5 cold loads per site)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { nodeBundleOptions } from "../scripts/node-bundle.js";
import { CHROMIUM_ARGS, findChromium } from "../test/helpers/chromium.mjs";

const root = resolve(import.meta.dirname, "..");
const sizes = process.env.SEARCH_N === "0" ? [] : [1000, 4000];
const RUNS = Number(process.env.RUNS ?? 5);
const KB = 1000;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const relevance = JSON.parse(
  readFileSync(join(import.meta.dirname, "search-relevance.json"), "utf8"),
).queries;

const results = [];
function report(name, value, shown, budget, ok) {
  results.push({ name, value, ok });
  console.log(
    `${ok === undefined ? "    " : ok ? "ok  " : "OVER"} ${name.padEnd(58)} ${shown.padStart(14)}${budget ? `   (budget ${budget})` : ""}`,
  );
}

// 1. The build, the index builder and the preview server, bundled for this script (with the build
//    worker beside them, so large sites parse on worker threads as the CLI does).
const bundleDir = join(root, "node_modules", ".cache", "brook-bench-search");
await build({
  ...nodeBundleOptions(root),
  stdin: {
    contents:
      'export { buildSite } from "./src/node/build-site.ts"; export { buildSearchFiles } from "./src/node/search/index-files.ts"; export { startPreview } from "./src/node/preview.ts";',
    resolveDir: root,
    sourcefile: "bench-search.ts",
    loader: "ts",
  },
  entryNames: "bench-search",
  outdir: bundleDir,
  logLevel: "warning",
});
await build({
  ...nodeBundleOptions(root),
  entryPoints: { "build-worker": "src/node/engine/build-worker.ts" },
  outdir: bundleDir,
  logLevel: "warning",
});
process.env.NODE_ENV ??= "production";
process.env.BROOK_DOCS_ROOT ??= root;
process.env.BROOK_DOCS_QUIET = "1";
// The cache key of this bundle's output, so a second run of the benchmark parses nothing again.
process.env.BROOK_DOCS_GENERATOR = createHash("sha1")
  .update(
    readdirSync(bundleDir)
      .sort()
      .map((f) => readFileSync(join(bundleDir, f)))
      .join(""),
  )
  .digest("hex")
  .slice(0, 12);
const { buildSite, buildSearchFiles, startPreview } = await import(
  join(bundleDir, "bench-search.mjs")
);

const work = mkdtempSync(join(tmpdir(), "brook-search-bench-"));
const corpora = process.env.BENCH_DIR ?? join(tmpdir(), "brook-docs-bench");
const gen = resolve(root, "..", "shared", "bench", "harness", "gen-corpus.mjs");
const sites = [{ name: "docs", content: join(root, "content"), out: join(work, "docs") }];
for (const n of sizes) {
  const content = join(corpora, `corpus-${n}`);
  if (!existsSync(content)) {
    mkdirSync(corpora, { recursive: true });
    execFileSync(process.execPath, [gen, String(n), content], { stdio: "ignore" });
  }
  sites.push({ name: `N = ${n}`, n, content, out: join(work, `n${n}`) });
}

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: CHROMIUM_ARGS,
});
try {
  for (const site of sites) {
    console.log(`\n### ${site.name}: building ${site.content}`);
    const built = await buildSite({ cwd: root, contentDir: site.content, outDir: site.out });
    const pages = built.searchPages;

    // 2. CPU time of the index build, in this thread.
    const cpu = [];
    for (let i = 0; i < 5; i++) {
      const start = process.cpuUsage();
      buildSearchFiles(pages, built.config.search);
      const used = process.cpuUsage(start);
      cpu.push((used.user + used.system) / 1000);
    }
    const cpuMs = median(cpu);
    report(
      `index build CPU, ${pages.length} pages (median of 5)`,
      cpuMs,
      `${cpuMs.toFixed(0)} ms`,
      site.n === 4000 ? "1000 ms" : undefined,
      site.n === 4000 ? cpuMs < 1000 : undefined,
    );
    if (site.n === 1000) continue;

    // 3. Index bytes.
    const assetsDir = join(site.out, "docs", "v2", "assets");
    const manifest = JSON.parse(readFileSync(join(site.out, "docs", "v2", "routes.json"), "utf8"));
    const headRaw = readFileSync(join(assetsDir, manifest.search));
    const head = JSON.parse(headRaw);
    const shardGz = head.shards.map(([, file]) => gz(readFileSync(join(assetsDir, file))));
    const total = gz(headRaw) + shardGz.reduce((a, b) => a + b, 0);
    if (site.name === "docs")
      report(
        "search index, gzip -9 (one file)",
        total,
        kb(total),
        "60 KB",
        total <= 60 * KB && !head.shards.length,
      );
    else {
      report("search index head, gzip -9", gz(headRaw), kb(gz(headRaw)));
      report(
        `  shards: ${shardGz.length}, largest / all`,
        Math.max(...shardGz),
        `${kb(Math.max(...shardGz))} / ${kb(total - gz(headRaw))}`,
      );
    }

    // 4. In Chromium, over loopback.
    const server = await startPreview({ root: site.out, port: 0, host: "127.0.0.1" });
    try {
      const docPage =
        site.name === "docs"
          ? "/docs/v2/workflows/steps/triggers/"
          : Object.keys(manifest.pages)
              .find((r) => r.split("/").length > 3)
              .replace(/^/, "/docs/v2");
      const boxChunk = readdirSync(assetsDir).find((f) => f.startsWith("box."));
      const queries = site.name === "docs" ? relevance.map((r) => r.q) : titleQueries(head, 60);
      await measureQueries(site, server.url + docPage, boxChunk, queries);
      await measureFirstResult(site, server.url + docPage, assetsDir, queries);
    } finally {
      await server.close();
    }
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}

const over = results.filter((r) => r.ok === false);
console.log(over.length ? `\n${over.length} over budget` : "\nall within budget");
process.exitCode = over.length ? 1 : 0;

/** Relevance (docs) and latency, through the engine the search box loads, with the index loaded. */
async function measureQueries(site, url, boxChunk, queries) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  // The client goes live on the reader's intent (issue 25): wake it as the test harness does.
  await page.waitForFunction(() => Boolean(window.brookDocs?.wake));
  await page.evaluate(() => void window.brookDocs.wake().catch(() => {}));
  await page.waitForFunction(() => Boolean(window.brookDocs?.router));
  const out = await page.evaluate(
    async ({ chunk, queries }) => {
      const base = "/docs/v2/";
      const m = await import(base + "assets/" + chunk);
      const manifest = await (
        await fetch(
          document.getElementById("brook-boot")
            ? JSON.parse(document.getElementById("brook-boot").textContent).manifestFile
            : "",
        )
      ).json();
      const head = await (await fetch(base + "assets/" + manifest.search)).json();
      let pending = 0;
      const sources = m.fetchSources(base, base + "assets/", Promise.resolve(manifest));
      const shard = sources.shard;
      sources.shard = (f) => (pending++, shard(f).finally(() => pending--));
      const search = m.createSearch(head, sources, () => {});
      // Warm up: every shard the queries need is fetched and the lunr index built.
      for (let round = 0; round < 3; round++) {
        for (const q of queries) search(q);
        while (pending) await new Promise((r) => setTimeout(r, 20));
      }
      // Five rounds; each round's p95, so one busy moment on a shared machine moves one round only.
      const rounds = [];
      const found = [];
      for (let round = 0; round < 5; round++) {
        const times = [];
        for (const q of queries) {
          search(q + (round % 2 ? "  " : " ")); // a different query, so nothing is remembered from the last one
          const t0 = performance.now();
          const groups = search(q);
          times.push(performance.now() - t0);
          if (round === 0) found.push(groups.map((g) => g.options[0].href.slice(base.length - 1)));
        }
        rounds.push(times);
      }
      return { rounds, found };
    },
    { chunk: boxChunk, queries },
  );
  await context.close();
  if (site.name === "docs") {
    // The first 84 queries were written from the reader's side, the rest from the pages' side.
    // Ranking rules and constants are chosen on half A (even places) and checked on half B (odd).
    const sets = [
      ["", () => true],
      [" (the first 84)", (i) => i < 84],
      [" (from the pages)", (i) => i >= 84],
      // Written for issue 27 before the ranking was changed for them: its own held-out evidence.
      [" (issue 27's, from 360)", (i) => i >= 360],
      [" (half A, even)", (i) => i % 2 === 0],
      [" (half B, odd)", (i) => i % 2 === 1],
    ];
    const misses = [];
    for (const [label, inSet] of sets) {
      let top1 = 0;
      let top3 = 0;
      let rr = 0;
      let n = 0;
      for (let i = 0; i < relevance.length; i++) {
        if (!inSet(i)) continue;
        n++;
        // One group per page: the first three groups are the first three distinct pages.
        const rank = out.found[i].findIndex((route) => relevance[i].pages.includes(route));
        if (rank === 0) top1++;
        if (rank >= 0 && rank < 3) top3++;
        if (rank >= 0) rr += 1 / (rank + 1);
        else if (!label && rank !== 0)
          misses.push(`"${relevance[i].q}" → ${out.found[i].slice(0, 3).join(" ") || "(none)"}`);
        if (!label && rank > 0)
          misses.push(`#${rank + 1} "${relevance[i].q}" → ${out.found[i].slice(0, 3).join(" ")}`);
      }
      const main = !label;
      report(
        `relevance top-1 of ${n} queries${label}`,
        top1 / n,
        `${((top1 / n) * 100).toFixed(1)}%`,
        main ? "95%" : undefined,
        main ? top1 / n >= 0.95 : undefined,
      );
      report(
        `  top-3 distinct pages${label}`,
        top3 / n,
        `${((top3 / n) * 100).toFixed(1)}%`,
        main ? "97.5%" : undefined,
        main ? top3 / n >= 0.975 : undefined,
      );
      report(`  mean reciprocal rank${label}`, rr / n, (rr / n).toFixed(3));
    }
    const none = out.found.filter((f) => f.length === 0).length;
    report("queries without a result", none, String(none), "0", none === 0);
    for (const m of misses) console.log(`       not first: ${m}`);
  }
  // The 10 ms budget is the docs'. A synthetic corpus puts every word on thousands of pages: its
  // figure shows what MAX_PAGES_PER_TERM bounds, not what a reader of a real site waits.
  const p95 = median(out.rounds.map((times) => percentile(times, 95)));
  const all = out.rounds.flat();
  const docs = site.name === "docs";
  report(
    `query latency p95 of ${queries.length}, index loaded (median of 5 rounds)`,
    p95,
    `${p95.toFixed(2)} ms`,
    docs ? "10 ms" : undefined,
    docs ? p95 <= 10 : undefined,
  );
  report(
    "  median / max of all",
    0,
    `${median(all).toFixed(2)} / ${Math.max(...all).toFixed(2)} ms`,
  );
}

/** Cold cache, each run a new browser context: focus the box, type at 60 ms a key; the first keydown → the first option shown. */
async function measureFirstResult(site, url, assetsDir, queries) {
  const times = [];
  const bytes = [];
  const complete = [];
  const picks = queries.filter((q) => q.split(" ").length === 2).slice(0, RUNS);
  for (const q of picks) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load" });
    // Booted, not yet live: the first keystroke wakes the client, as a reader's does.
    await page.waitForFunction(() => Boolean(window.brookDocs?.wake));
    await page.evaluate(() => {
      const t = (window.__firstResult = { key: 0, first: 0 });
      document
        .getElementById("search-input")
        .addEventListener("keydown", () => (t.key ||= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (!t.first && document.querySelector('#search-results [role="option"]'))
          t.first = performance.now();
      }).observe(document.getElementById("search-results"), { childList: true, subtree: true });
    });
    await page.focus("#search-input");
    await page.keyboard.type(q, { delay: 60 });
    await page.waitForFunction(() => window.__firstResult.first > 0, null, { timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    const { t, fetched } = await page.evaluate(() => ({
      t: window.__firstResult,
      fetched: performance
        .getEntriesByType("resource")
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
    }));
    const size = (name) =>
      name.includes("/assets/") && existsSync(join(assetsDir, name.split("/assets/")[1]))
        ? gz(readFileSync(join(assetsDir, name.split("/assets/")[1])))
        : 0;
    // Everything the search box asked for: requests made since the box was focused.
    const searchFiles = fetched.filter((e) => e.start >= t.key - 50);
    times.push(t.first - t.key);
    bytes.push(searchFiles.filter((e) => e.end <= t.first).reduce((a, e) => a + size(e.name), 0));
    complete.push(
      searchFiles
        .filter((e) => /\/assets\/(search\.|box\.|chunk\.)/.test(e.name))
        .reduce((a, e) => a + size(e.name), 0),
    );
    await context.close();
  }
  report(
    `first result after the first keystroke, cold, median of ${times.length}`,
    median(times),
    `${median(times).toFixed(0)} ms`,
    "300 ms",
    median(times) < 300,
  );
  report("  max", 0, `${Math.max(...times).toFixed(0)} ms`);
  report(
    "bytes fetched before the first result, gzip -9, max",
    Math.max(...bytes),
    kb(Math.max(...bytes)),
    site.n ? "300 KB" : undefined,
    site.n ? Math.max(...bytes) <= 300 * KB : undefined,
  );
  report(
    `  search code and index for the whole query (${picks.map((q) => `"${q}"`).join(", ")}), max`,
    Math.max(...complete),
    kb(Math.max(...complete)),
  );
}

/** Two-word queries from page titles, as a reader of a synthetic site would type them. */
function titleQueries(head, n) {
  const out = [];
  for (
    let i = 0;
    out.length < n && i < head.pages.length;
    i += Math.max(1, Math.floor(head.pages.length / n))
  ) {
    const words = head.pages[i][1].toLowerCase().match(/[a-z]{3,}/g) ?? [];
    if (words.length >= 2) out.push(words.slice(0, 2).join(" "));
  }
  return out;
}
