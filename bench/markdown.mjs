// Markdown for machines (issue 13): what writing each page's `.md` adds to its parse. Parses every
// page of a corpus (default: the N=1000 synthetic corpus) on one thread twice, side by side page by
// page (A B A B, after a warm-up round that fills the highlight cache for both): the page task's
// parse without and with the Markdown serialisation. Prints ms per page of each, the difference
// and the ratio; figures from the same run only.
//   node bench/markdown.mjs [CONTENT_DIR]   (ROUNDS=3)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { build } from "esbuild";
import { nodeBundleOptions } from "../scripts/node-bundle.js";

const root = resolve(import.meta.dirname, "..");
const dir = resolve(process.argv[2] ?? "/tmp/brook-bench/corpus/n1000/content");
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const bundleDir = join(root, "node_modules", ".cache", "brook-bench-markdown");
await build({
  ...nodeBundleOptions(root),
  stdin: {
    contents:
      'export { parseBody } from "./src/node/content/parse-page.ts"; export { readPageSource } from "./src/node/content/frontmatter/page-source.ts"; export { HighlightCache } from "./src/node/content/code/highlight.ts";',
    resolveDir: root,
    sourcefile: "bench-markdown.ts",
    loader: "ts",
  },
  entryNames: "bench-markdown",
  outdir: bundleDir,
  logLevel: "warning",
});
const { parseBody, readPageSource, HighlightCache } = await import(
  join(bundleDir, "bench-markdown.mjs")
);

const files = [];
const walk = (d) => {
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith(".md")) files.push(p);
  }
};
walk(dir);
const sources = files.map((file) => {
  const rel = relative(dir, file).split("\\").join("/");
  const route = "/" + rel.replace(/(^|\/)index\.md$/, "$1").replace(/\.md$/, "/");
  return readPageSource(readFileSync(file), { relativePath: rel, file: rel, route }).source;
});
const highlights = new HighlightCache();
const bare = { base: "/docs/v2/", siteValues: {} };
const withMd = { ...bare, siteUrl: "https://brook.example" };

for (const s of sources) {
  await parseBody(s, bare, highlights);
  await parseBody(s, withMd, highlights);
}
let a = 0;
let b = 0;
let bytes = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const s of sources) {
    let t = performance.now();
    await parseBody(s, bare, highlights);
    a += performance.now() - t;
    t = performance.now();
    const r = await parseBody(s, withMd, highlights);
    b += performance.now() - t;
    if (round === 0) bytes += Buffer.byteLength(r.markdown ?? "");
  }
}
const n = sources.length * ROUNDS;
console.log(`pages ${sources.length} x ${ROUNDS} rounds, one thread`);
console.log(`parse without .md     ${(a / n).toFixed(3)} ms/page`);
console.log(`parse with .md        ${(b / n).toFixed(3)} ms/page`);
console.log(
  `serialisation         ${((b - a) / n).toFixed(3)} ms/page (${((b / a - 1) * 100).toFixed(1)} % of the parse), ${(bytes / sources.length / 1024).toFixed(1)} KB of Markdown per page`,
);
