// Reader-client benchmark (issues 3, 25): builds the real docs, serves them with `preview`, and
// measures in Debian's Chromium: first-load JavaScript and requests of a reader who only reads
// and scrolls (gzip as transferred; what intent loads listed apart), render-blocking
// scripts (the <head> layout script alone), click → new content painted for prefetched in-place
// navigations, and page data sizes (gzip). Search has its own benchmark (bench/search.mjs). Prints
// each figure against its budget; exit code 1 when one is over.
//   node bench/client.mjs            (NAVS=30 to change the sample size; DIR=<a finished build> skips the build)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../test/helpers/chromium.mjs";

const root = resolve(import.meta.dirname, "..");
const NAVS = Number(process.env.NAVS ?? 30);
const DOC_PAGE = "/docs/v2/workflows/steps/triggers/";
const KB = 1000;
const BUDGET = JSON.parse(readFileSync(join(root, "bench", "first-load-budget.json"), "utf8"));
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

const results = [];
function report(name, value, shown, budget, ok) {
  results.push({ name, value, ok });
  console.log(
    `${ok === undefined ? "    " : ok ? "ok  " : "OVER"} ${name.padEnd(52)} ${shown.padStart(12)}${budget ? `   (budget ${budget})` : ""}`,
  );
}

// 1. Build the real docs (or take the finished build in DIR) and serve them.
const work = mkdtempSync(join(tmpdir(), "brook-client-bench-"));
const out = process.env.DIR ? resolve(process.env.DIR) : join(work, "site");
if (!process.env.DIR) {
  console.log(`building the docs into ${out}`);
  execFileSync(process.execPath, [join(root, "bin", "brook-docs.js"), "build", "--out", out], {
    cwd: root,
    env: { ...process.env, BROOK_DOCS_QUIET: "1" },
    stdio: "inherit",
  });
}
const assetsDir = join(out, "docs", "v2", "assets");
const assetFiles = readdirSync(assetsDir);
// The route manifest has a fixed name beside the pages (no page changes when another does).
const manifest = JSON.parse(readFileSync(join(out, "docs", "v2", "routes.json"), "utf8"));

// preview.ts is TypeScript: bundle it for this script (the CLI bundle exports only main()).
const previewModule = join(root, "node_modules", ".cache", "brook-bench", "preview.mjs");
await build({
  absWorkingDir: root,
  entryPoints: ["src/node/preview.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile: previewModule,
  logLevel: "warning",
});
const { startPreview } = await import(previewModule);
const server = await startPreview({ root: out, port: 0, host: "127.0.0.1" });
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: CHROMIUM_ARGS,
});

try {
  // 2. First load of a doc page as a reader who only reads and scrolls (docs/design.md §9): what
  // Chromium fetched, the bytes as transferred (preview compresses: gzip), against the budget
  // in bench/first-load-budget.json (the browser test reads the same file).
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests = [];
  page.on("requestfinished", (r) =>
    requests.push({
      path: r.url().startsWith(server.url) ? new URL(r.url()).pathname : r.url(),
      type: r.resourceType(),
      bytes: r.sizes().then((s) => s.responseBodySize),
    }),
  );
  await page.goto(server.url + DOC_PAGE, { waitUntil: "networkidle" });
  for (const y of [800, 1600, 3200, 0])
    await page.evaluate(
      (top) => new Promise((r) => (scrollTo(0, top), requestAnimationFrame(r))),
      y,
    );
  await page.waitForLoadState("networkidle");
  const sized = async (rs) => Promise.all(rs.map(async (r) => ({ ...r, bytes: await r.bytes })));
  const firstLoad = await sized(requests.splice(0));
  const firstJs = firstLoad.filter((r) => r.type === "script");
  const totalJs = firstJs.reduce((a, f) => a + f.bytes, 0);
  report(
    "first-load JS of a doc page, gzip as transferred",
    totalJs,
    `${totalJs} B`,
    `${BUDGET.javascriptBytes} B`,
    totalJs <= BUDGET.javascriptBytes,
  );
  for (const f of firstJs)
    console.log(`       ${f.path.replace("/docs/v2/assets/", "")} ${f.bytes} B`);
  report(
    "first-load requests of a doc page",
    firstLoad.length,
    String(firstLoad.length),
    String(BUDGET.requests),
    firstLoad.length <= BUDGET.requests,
  );
  for (const f of firstLoad) console.log(`       ${f.type.padEnd(10)} ${f.path}`);
  // Intent (a pointer on a link, a key): React, the router and the parts, then what the page uses.
  await page.evaluate(() => window.brookDocs.wake());
  await page.waitForFunction(() => Boolean(window.brookDocs?.router));
  await page.waitForLoadState("networkidle");
  const later = (await sized(requests.splice(0))).filter((r) => r.type === "script");
  const laterJs = later.reduce((a, f) => a + f.bytes, 0);
  const reactOnly = await reactBaseline();
  report("JS loaded on intent, gzip as transferred", laterJs, `${laterJs} B`);
  report("  of which React + react-dom (gzip -9, same bundler settings)", reactOnly, kb(reactOnly));
  for (const f of later)
    console.log(`       ${f.path.replace("/docs/v2/assets/", "")} ${f.bytes} B`);
  const blockingUrls = await page.evaluate(() => [
    ...new Set([
      ...performance
        .getEntriesByType("resource")
        .filter((e) => e.initiatorType === "script" && e.renderBlockingStatus === "blocking")
        .map((e) => e.name),
      ...[...document.querySelectorAll("script[src]")]
        .filter((s) => s.type !== "module" && !s.async && !s.defer)
        .map((s) => s.src),
    ]),
  ]);
  // The <head> script (issue 13) blocks on purpose: it settles layout and theme before the first
  // paint. It must stay tiny; anything else blocking is a regression.
  const early = blockingUrls.filter((u) => /\/assets\/early\.\w+\.js$/.test(u));
  const blocking = blockingUrls.filter((u) => !early.includes(u));
  const earlyGz = early.reduce((a, u) => a + gz(readFileSync(join(out, new URL(u).pathname))), 0);
  report(
    "render-blocking <head> script (layout, theme), gzip -9",
    earlyGz,
    kb(earlyGz),
    "1 KB",
    early.length <= 1 && earlyGz <= 1 * KB,
  );
  report(
    "other render-blocking scripts",
    blocking.length,
    String(blocking.length),
    "0",
    blocking.length === 0,
  );

  // 3. Prefetched in-place navigation: click → new content painted.
  const times = [];
  const visited = new Set([DOC_PAGE]);
  for (let i = 0; i < NAVS; i++) {
    const href = await page.evaluate(
      (seen) => {
        const links = [
          ...document.querySelectorAll('nav[aria-label="Sidebar"] a[href^="/docs/v2/"]'),
        ].map((a) => a.getAttribute("href"));
        return links.find((h) => !seen.includes(h) && !h.includes("#")) ?? null;
      },
      [...visited],
    );
    if (!href) break;
    visited.add(href);
    // The prefetch that hover and focus start; then wait for its data file to arrive.
    const file = manifest.pages[href.slice("/docs/v2".length)];
    await page.evaluate(
      async ({ h, file }) => {
        window.brookDocs.router.prefetch(h);
        const start = performance.now();
        while (
          !performance.getEntriesByType("resource").some((e) => e.name.endsWith(file)) &&
          performance.now() - start < 5000
        )
          await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, 30));
      },
      { h: href, file },
    );
    const ms = await page.evaluate(
      (h) =>
        new Promise((resolvePaint) => {
          const link = [...document.querySelectorAll('nav[aria-label="Sidebar"] a')].find(
            (a) => a.getAttribute("href") === h,
          );
          const before = document.querySelector("main h1").textContent;
          const t0 = performance.now();
          const observer = new MutationObserver(() => {
            if (document.querySelector("main h1")?.textContent === before) return;
            observer.disconnect();
            // After the next frame is painted: rAF runs before paint, a task queued from it after.
            requestAnimationFrame(() => setTimeout(() => resolvePaint(performance.now() - t0)));
          });
          observer.observe(document.querySelector("main"), {
            childList: true,
            subtree: true,
            characterData: true,
          });
          link.click();
        }),
      href,
    );
    times.push(ms);
  }
  const med = median(times);
  report(
    `prefetched navigation click → painted, median of ${times.length}`,
    med,
    `${med.toFixed(1)} ms`,
    "50 ms",
    med < 50,
  );
  report(
    "  p90 / max",
    0,
    `${percentile(times, 90).toFixed(1)} / ${Math.max(...times).toFixed(1)} ms`,
  );

  // 4. Page data files.
  const pageSizes = readdirSync(join(assetsDir, "pages")).map((f) =>
    gz(readFileSync(join(assetsDir, "pages", f))),
  );
  const typical = median(pageSizes);
  report(
    `page data file, gzip -9, median of ${pageSizes.length}`,
    typical,
    kb(typical),
    "6 KB",
    typical < 6 * KB,
  );
  report("  p90 / max", 0, `${kb(percentile(pageSizes, 90))} / ${kb(Math.max(...pageSizes))}`);

  await context.close();
} finally {
  await browser.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}

const over = results.filter((r) => r.ok === false);
console.log(over.length ? `\n${over.length} over budget` : "\nall within budget");
process.exitCode = over.length ? 1 : 0;

/** gzip -9 of React + react-dom alone, bundled as the client is (hydrateRoot, flushSync, hooks). */
async function reactBaseline() {
  const r = await build({
    absWorkingDir: root,
    stdin: {
      contents:
        'import { hydrateRoot } from "react-dom/client"; import { flushSync } from "react-dom"; import { useState, useEffect, useLayoutEffect, useMemo, useRef } from "react"; import { jsx } from "react/jsx-runtime"; window.x = [flushSync, useState, useEffect, useLayoutEffect, useMemo, useRef]; hydrateRoot(document.body, jsx("div", {}));',
      resolveDir: root,
      loader: "js",
    },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2020"],
    minify: true,
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    logLevel: "silent",
  });
  return gz(r.outputFiles[0].contents);
}
