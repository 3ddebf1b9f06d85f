import { readFileSync, readdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import remarkDirective from "remark-directive";
import remarkRehype from "remark-rehype";
import rehypeStringify from "rehype-stringify";
import { readPageSource } from "../src/content/page-source.ts";
import { parseBody } from "../src/content/parse-page.ts";
import { runTask, type PageTask } from "../src/workers/build-worker.ts";
import { writeFileSync } from "node:fs";

const dir = process.argv[2]!;
const n = Number(process.argv[3] ?? 300);
const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".md")).slice(0, n);
const sources = files.map((f) => readPageSource(readFileSync(join(dir, f)), { relativePath: f, file: f, route: "/" + f.replace(/\.md$/, "/") }).source!);
const chain = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkRehype).use(rehypeStringify);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const out = mkdtempSync(join(tmpdir(), "ecpu-"));
const site = { title: "T", description: "D", base: "/docs/v2/", siteUrl: "https://x.example", sidebar: [], sidebarComplete: true, versions: [], navigation: { chunkTimeoutMs: 1, progressDelayMs: 1, scrollSpyThrottleMs: 1 }, gtmId: "" };
writeFileSync(join(out, "site.json"), JSON.stringify(site));
const render = { assets: { css: "/a.css", js: "/a.js", siteData: "/s.json" }, headTags: [], manifestFile: "/r.json", siteFile: "/s.json", sitePath: join(out, "site.json") };
// warm up
for (const s of sources.slice(0, 20)) { chain.processSync(s.body); await parseBody(s, { base: "/docs/v2/", siteValues: {} }); }
for (let round = 0; round < 2; round++) {
  let t = cpu();
  for (const s of sources) chain.processSync(s.body);
  const floor = (cpu() - t) / sources.length;
  t = cpu();
  for (const s of sources) await parseBody(s, { base: "/docs/v2/", siteValues: {} }, new Map());
  const parse = (cpu() - t) / sources.length;
  t = cpu();
  for (const s of sources) {
    const task: PageTask = { kind: "page", source: s, parse: { base: "/docs/v2/", siteValues: {} }, shell: { route: s.route, title: "T", description: "D", layout: "doc", prev: null, next: null, editUrl: "", meta: [] }, key: "k" + Math.random().toString(36).slice(2), htmlPath: s.route.slice(1) + "index.html", render, output: { dir: out, assetsDir: "assets/" } };
    await runTask(task);
  }
  const full = (cpu() - t) / sources.length;
  console.log(`round ${round}: floor ${floor.toFixed(2)} ms/page, parseBody ${parse.toFixed(2)} (${(parse / floor).toFixed(2)}x), page task ${full.toFixed(2)} (${(full / floor).toFixed(2)}x)`);
}
