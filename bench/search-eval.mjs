// Relevance of the shared ranking in Node, fast enough to run after every change: builds the real
// docs once (or reads the search pages a build left in SEARCH_PAGES), makes the index with the
// current code and prints top-1, top-3 distinct pages and MRR on bench/search-relevance.json, on
// its halves A (even places, where rules are chosen) and B (odd, where they are checked), and on
// the queries written last (`from`, the first index of the newest ones). `node bench/search.mjs`
// measures the same in Chromium, with the latency and the bytes.
//   node bench/search-eval.mjs [--misses] [--from N]   (SEARCH_PAGES=file keeps the built pages;
//   RANK="fields=15,5,5,5,1 focus=2" tries other constants)
//   --save FILE writes each query's rank; --against FILE then lists the queries a change won and
//   lost against those ranks (a rule's figures move by one or two queries: which ones says why)
//   --questions-from A adds half A's queries to their first page's keywords before the index is
//   made (readers' questions written into the pages), so half B measures what that generalises to
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { nodeBundleOptions } from "../scripts/node-bundle.js";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const showMisses = args.includes("--misses");
const from = args.includes("--from") ? Number(args[args.indexOf("--from") + 1]) : undefined;
// Inside node_modules, so the bundle finds the packages it leaves outside.
const outdir = join(root, "node_modules", ".cache", "brook-search-eval");
mkdirSync(outdir, { recursive: true });
await build({
  ...nodeBundleOptions(root),
  stdin: {
    contents: [
      'export { buildSite } from "./src/node/build-site.ts";',
      'export { buildSearchFiles } from "./src/node/search/index-files.ts";',
      'export { openSearch } from "./src/shared/search/search.ts";',
      'export { RANK_MODEL } from "./src/shared/search/rank.ts";',
    ].join("\n"),
    resolveDir: root,
    sourcefile: "search-eval.ts",
    loader: "ts",
  },
  entryNames: "search-eval",
  outdir,
  logLevel: "warning",
});
await build({
  ...nodeBundleOptions(root),
  entryPoints: { "build-worker": "src/node/engine/build-worker.ts" },
  outdir,
  logLevel: "warning",
});
process.env.BROOK_DOCS_QUIET = "1";
process.env.BROOK_DOCS_ROOT ??= root;
const { buildSite, buildSearchFiles, openSearch, RANK_MODEL } = await import(
  join(outdir, "search-eval.mjs")
);
// RANK="fields=15,5,5,5,1 focus=2": try other constants of the ranking without editing it.
for (const setting of (process.env.RANK ?? "").split(/\s+/).filter(Boolean)) {
  const [key, value] = setting.split("=");
  RANK_MODEL[key] = value.includes(",") ? value.split(",").map(Number) : Number(value);
}
const pagesFile = process.env.SEARCH_PAGES;
let pages;
let options;
if (pagesFile && existsSync(pagesFile))
  ({ pages, options } = JSON.parse(readFileSync(pagesFile, "utf8")));
else {
  const out = mkdtempSync(join(tmpdir(), "brook-search-eval-"));
  const built = await buildSite({
    cwd: root,
    contentDir: join(root, "content"),
    outDir: out,
    cache: false,
  });
  pages = built.searchPages;
  options = built.config.search;
  rmSync(out, { recursive: true, force: true });
  if (pagesFile) writeFileSync(pagesFile, JSON.stringify({ pages, options }));
}
// SYNONYMS=file.json: try more synonyms (merged over the site config's) without rebuilding the pages.
if (process.env.SYNONYMS)
  options = {
    ...options,
    synonyms: {
      ...options.synonyms,
      ...JSON.parse(readFileSync(process.env.SYNONYMS, "utf8")),
    },
  };
const relevance = JSON.parse(
  readFileSync(join(root, "bench", "search-relevance.json"), "utf8"),
).queries;
const questionsFrom = args.includes("--questions-from")
  ? args[args.indexOf("--questions-from") + 1]
  : undefined;
if (questionsFrom) {
  const parity = questionsFrom === "A" ? 0 : 1;
  const asked = new Map();
  relevance.forEach(({ q, pages: want }, i) => {
    if (i % 2 === parity) asked.set(want[0], [...(asked.get(want[0]) ?? []), q]);
  });
  pages = pages.map((p) => ({
    ...p,
    keywords: [...(p.keywords ?? []), ...(asked.get(p.route) ?? [])],
  }));
}
const files = buildSearchFiles(pages, options);
const entry = files.files.find((f) => f.name === files.entry);
const head = JSON.parse(entry.content);
const search = openSearch(head, []);
console.log(
  `index: ${(gzipSync(entry.content, { level: 9 }).length / 1000).toFixed(1)} KB gzip, ${pages.length} pages`,
);

if (args.includes("--explain")) {
  const queries = args[args.indexOf("--explain") + 1].split("|");
  if (process.env.WARM)
    for (const { q: other } of JSON.parse(
      readFileSync(join(root, "bench", "search-relevance.json"), "utf8"),
    ).queries)
      search(other, 8);
  const full = RANK_MODEL.fields;
  const only = (q, f) => {
    RANK_MODEL.fields = full.map((w, i) => (i === f ? w : 1e-9));
    const m = new Map(search(q, 200).map((h) => [h.route, h.score]));
    RANK_MODEL.fields = full;
    return m;
  };
  for (const q of queries) {
    console.log(q);
    const parts = full.map((_, f) => only(q, f));
    for (const hit of search(q, 4))
      console.log(
        `${hit.score.toFixed(2).padStart(8)} ${hit.route.padEnd(48)} by field: ${parts.map((m) => (m.get(hit.route) ?? 0).toFixed(1)).join(" ")}`,
      );
  }
  process.exit(0);
}
const found = relevance.map(({ q }) => {
  const seen = [];
  for (const hit of search(q, 8)) if (!seen.includes(hit.route)) seen.push(hit.route);
  return seen;
});
const rank = (i) => found[i].findIndex((r) => relevance[i].pages.includes(r));
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
if (option("--save"))
  writeFileSync(
    option("--save"),
    JSON.stringify(Object.fromEntries(relevance.map(({ q }, i) => [q, rank(i)]))),
  );
const sets = [
  ["all", () => true],
  ["half A (even)", (i) => i % 2 === 0],
  ["half B (odd)", (i) => i % 2 === 1],
];
if (from !== undefined)
  sets.push(
    [`from ${from}`, (i) => i >= from],
    [`from ${from}, A`, (i) => i >= from && i % 2 === 0],
    [`from ${from}, B`, (i) => i >= from && i % 2 === 1],
    [`before ${from}`, (i) => i < from],
  );
for (const [label, inSet] of sets) {
  let n = 0,
    top1 = 0,
    top3 = 0,
    rr = 0,
    none = 0;
  relevance.forEach((_, i) => {
    if (!inSet(i)) return;
    n++;
    const r = rank(i);
    if (r === 0) top1++;
    if (r >= 0 && r < 3) top3++;
    if (r >= 0) rr += 1 / (r + 1);
    if (!found[i].length) none++;
  });
  console.log(
    `${label.padEnd(16)} n=${String(n).padStart(3)}  top-1 ${((100 * top1) / n).toFixed(1)}%  top-3 ${((100 * top3) / n).toFixed(1)}%  MRR ${(rr / n).toFixed(3)}  none ${none}`,
  );
}
if (showMisses)
  relevance.forEach(({ q, pages: want }, i) => {
    if (from !== undefined && i < from) return;
    const r = rank(i);
    if (r !== 0)
      console.log(
        `${i % 2 ? "B" : "A"} #${r < 0 ? "-" : r + 1} ${JSON.stringify(q)} → ${found[i].slice(0, 3).join(" ")}  (want ${want.join(" ")})`,
      );
  });
if (option("--against")) {
  const before = JSON.parse(readFileSync(option("--against"), "utf8"));
  const label = (r) => (r === undefined ? "new" : r < 0 ? "-" : `#${r + 1}`);
  relevance.forEach(({ q }, i) => {
    const [was, now] = [before[q], rank(i)];
    // Only a change in whether the query is answered first counts as won or lost.
    if ((was === 0) !== (now === 0))
      console.log(
        `${now === 0 ? "won " : "lost"} ${i % 2 ? "B" : "A"} ${label(was)} -> ${label(now)} ${JSON.stringify(q)} → ${found[i][0] ?? "nothing"}`,
      );
  });
}
