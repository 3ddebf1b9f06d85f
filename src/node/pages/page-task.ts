/**
 * One page of the pages stage, as a worker runs it: its body parsed (or taken from an earlier
 * build), rendered with the site around it, and its three files (HTML, data, Markdown for
 * machines) written into the output folder through the write stage's own rules
 * (writeWorkerFiles), or handed back for a build kept in memory. Only the page's facts travel back:
 * its HTML never crosses threads twice. The not-found page is rendered here too.
 */
import { isMainThread } from "node:worker_threads";
import { readFileSync, writeFileSync } from "node:fs";
import { deserialize } from "node:v8";
import type { Diagnostic } from "../core/errors.ts";
import { pageMarkdown } from "../content/markdown/page-markdown.ts";
import { bodyFileName, bodyMarkdownFile } from "../content/body-file.ts";
import { parseBody, type PageFacts, type ParseOptions } from "../content/parse-page.ts";
import type { PageSource } from "../content/frontmatter/page-source.ts";
import { HighlightCache } from "../content/code/highlight.ts";
import { renderPage, type RenderContext } from "../render/render-page.tsx";
import { contentHash } from "../render/hash.ts";
import { writeWorkerFiles } from "../write/output-folder.ts";
import type { PageData, SiteData } from "../../shared/types.ts";
import { pageDataName } from "../../shared/output-layout.ts";

/** How a page is shown, apart from its body: the page's data without `html` and `headers`. */
export type PageShell = Omit<PageData, "html" | "headers">;

/** The render of every page of a build: the site data (read from its file) and the asset URLs. */
export interface RenderSetup extends Omit<RenderContext, "site"> {
  /** The site data file on disk, read once per worker. */
  sitePath: string;
}

/** Where a task's files go. */
export interface OutputSetup {
  /** The output folder being written (FsWriter's temporary folder); absent: hand the files back. */
  dir?: string;
  /** The assets folder under it: `docs/v2/assets/`. */
  assetsDir: string;
}

/** One page: parse its body (or take it from `cachedBody`), render it, write it. */
export interface PageTask {
  kind: "page";
  source: PageSource;
  parse: ParseOptions;
  /** The body's HTML (and Markdown for machines) from an earlier build (then `facts` too): render only. */
  cached?:
    { body: string; markdown: string; facts: PageFacts } | { bodyPath: string; facts: PageFacts };
  shell: PageShell;
  /** The page's key (names its data file) and the path of its HTML. */
  key: string;
  htmlPath: string;
  /** The path of its Markdown for machines (`docs/v2/api/rest.md`). */
  mdPath: string;
  render: RenderSetup;
  output: OutputSetup;
  /** Where to keep the body's HTML for later builds: the stem of a file of the build cache (see bodyFileName). */
  bodyStem?: string;
  /** Highlighted blocks of earlier builds (a file of the build cache), read once per worker. */
  highlightsPath?: string;
  /** Hand the body's HTML back (a build kept in memory keeps it). */
  returnBody?: boolean;
}

/** The not-found page (`404.html`, twice). */
export interface NotFoundTask {
  kind: "not-found";
  page: PageData;
  render: RenderSetup;
}

/** What a page task gives back. */
export interface PageResult {
  errors: Diagnostic[];
  warnings: Diagnostic[];
  facts?: PageFacts;
  /** Name of the page's data file under the assets folder. */
  dataFile?: string;
  /** The files, when the task did not write them. */
  files?: { html: string; data: string };
  /** The page's Markdown for machines (llms-full.txt is made of them). */
  markdown?: string;
  body?: string;
  /** The body's Markdown for machines, handed back with `body`. */
  bodyMarkdown?: string;
  /** Blocks this task highlighted that were not in the cache. */
  highlights?: [string, string[]][];
}

/**
 * What a worker keeps between tasks: the site data by its file (named by its hash) and the
 * highlighted blocks by their code's hash. Both are memos of pure functions of their key, never
 * state a build depends on.
 */
const sites = new Map<string, SiteData>();
const highlights = new HighlightCache();
const seeded = new Set<string>();

function siteAt(path: string): SiteData {
  let site = sites.get(path);
  if (!site) {
    site = JSON.parse(readFileSync(path, "utf8")) as SiteData;
    sites.set(path, site);
  }
  return site;
}

function seedHighlights(path: string | undefined): void {
  if (!path || seeded.has(path)) return;
  seeded.add(path);
  try {
    for (const [k, v] of deserialize(readFileSync(path)) as [string, string[]][])
      highlights.set(k, v);
  } catch {
    // No highlights of earlier builds: every block is highlighted again.
  }
  highlights.takeAdded();
}

/** Parses (or takes) and renders one page, and writes its files or hands them back. */
export async function runPage(task: PageTask): Promise<PageResult> {
  let body: string;
  let bodyMd: string;
  let facts: PageFacts;
  if (task.cached) {
    if ("body" in task.cached) {
      body = task.cached.body;
      bodyMd = task.cached.markdown;
    } else {
      body = readFileSync(task.cached.bodyPath, "utf8");
      bodyMd = readFileSync(bodyMarkdownFile(task.cached.bodyPath), "utf8");
    }
    facts = task.cached.facts;
  } else {
    seedHighlights(task.highlightsPath);
    const parsed = await parseBody(task.source, task.parse, highlights);
    if (parsed.html === undefined || !parsed.facts)
      return { errors: parsed.errors, warnings: parsed.warnings };
    body = parsed.html;
    bodyMd = parsed.markdown ?? "";
    facts = parsed.facts;
    if (task.bodyStem) {
      const file = bodyFileName(task.bodyStem, facts.deps, task.parse.siteValues);
      writeFileSync(file, body);
      writeFileSync(bodyMarkdownFile(file), bodyMd);
    }
  }
  // The title and description come from the page's shell: the body's Markdown is kept without them.
  const markdown = pageMarkdown(task.shell.title, task.shell.description, bodyMd);
  const page: PageData = { ...task.shell, headers: facts.headers, html: body };
  const data = JSON.stringify(page);
  const dataFile = pageDataName(task.key, contentHash(data));
  const html = renderPage(page, { ...task.render, site: siteAt(task.render.sitePath) });
  const result: PageResult = { errors: [], warnings: facts.warnings, facts, dataFile, markdown };
  if (task.output.dir)
    writeWorkerFiles(task.output.dir, [
      [task.htmlPath, html],
      [task.output.assetsDir + dataFile, data],
      [task.mdPath, markdown],
    ]);
  else result.files = { html, data };
  if (task.returnBody) {
    result.body = body;
    result.bodyMarkdown = bodyMd;
  }
  const added = highlights.takeAdded();
  if (added.length) result.highlights = added;
  // A build of a few pages builds its index on this worker next, once the site is checked: its
  // module loads in that pause instead of after it.
  if (!isMainThread) setImmediate(() => void (searchModule ??= import("../search/task.ts")));
  return result;
}

/** Renders the not-found page with the site around it. */
export function runNotFound(task: NotFoundTask): string {
  return renderPage(
    task.page,
    { ...task.render, site: siteAt(task.render.sitePath) },
    { noindex: true },
  );
}

/** The search index's module, loaded by a worker once its first page is out (see runPage). */
let searchModule: Promise<unknown> | undefined;
