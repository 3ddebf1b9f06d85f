/**
 * A build worker (run by piscina, see pool.ts): each task is one page, parsed and rendered in
 * one go, its files written straight into the output folder (or handed back for a build kept
 * in memory). Only the page's facts travel back: its HTML never crosses threads twice.
 */
import { isMainThread, workerData } from "node:worker_threads";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deserialize } from "node:v8";
import type { Diagnostic } from "../core/errors.ts";
import { pageMarkdown } from "../content/markdown/page-markdown.ts";
import { bodyFileName, bodyMarkdownFile } from "../content/body-file.ts";
import { parseBody, type PageFacts, type ParseOptions } from "../content/parse-page.ts";
import type { PageSource } from "../content/frontmatter/page-source.ts";
import { HighlightCache, warmHighlighter } from "../content/code/highlight.ts";
import { renderPage, type RenderContext } from "../render/render-page.tsx";
import { contentHash } from "../render/hash.ts";
import { isSwappedOutput } from "../write/output-folder.ts";
import type { PageData, SiteData } from "../../shared/types.ts";
import type { SearchTask } from "../search/task.ts";
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

/**
 * Several pages for one worker, one after another, in one message each way: waking a thread
 * costs about a millisecond of CPU here, as much as a tenth of a page. Before each page the
 * worker writes its place in the list and the time it started into `progress`, so the main
 * thread holds every page to its own budget and knows which page a stopped worker was on.
 */
export interface PagesTask {
  kind: "pages";
  tasks: PageTask[];
  /** [the page under way (-1: none yet), when it started (Date.now())], shared with the main thread. */
  progress: Float64Array;
}

/** The not-found page (`404.html`, twice). */
export interface NotFoundTask {
  kind: "not-found";
  page: PageData;
  render: RenderSetup;
}

/** Removes an output folder the build swapped out (only such a folder: see isSwappedOutput). */
export interface RemoveTask {
  kind: "remove";
  dir: string;
}

/** Work for a worker. */
export type WorkerTask = PageTask | PagesTask | NotFoundTask | SearchTask | RemoveTask;

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

function write(dir: string, path: string, content: string): void {
  const full = join(dir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}

/** Runs one task; the same function serves the worker threads and the in-process path. */
export async function runTask(task: WorkerTask): Promise<unknown> {
  if (task.kind === "search") {
    const { runSearchTask } = await import("../search/task.ts");
    return runSearchTask(task);
  }
  if (task.kind === "remove") {
    if (!isSwappedOutput(task.dir))
      throw new Error(`refusing to remove ${task.dir}: not an output folder a build swapped out`);
    rmSync(task.dir, { recursive: true, force: true });
    return undefined;
  }
  if (task.kind === "pages") {
    const results: PageResult[] = [];
    for (let i = 0; i < task.tasks.length; i++) {
      task.progress[1] = Date.now();
      task.progress[0] = i;
      results.push(await runPage(task.tasks[i]!));
    }
    return results;
  }
  if (task.kind === "not-found")
    return renderPage(
      task.page,
      { ...task.render, site: siteAt(task.render.sitePath) },
      { noindex: true },
    );
  return runPage(task);
}

async function runPage(task: PageTask): Promise<PageResult> {
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
  if (task.output.dir) {
    write(task.output.dir, task.htmlPath, html);
    write(task.output.dir, task.output.assetsDir + dataFile, data);
    write(task.output.dir, task.mdPath, markdown);
  } else result.files = { html, data };
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

export default runTask;

/** The search index's module, loaded by a worker once its first page is out (see runPage). */
let searchModule: Promise<unknown> | undefined;

// A worker of a build with many pages to parse loads the highlighter while they are on their way.
if (!isMainThread && (workerData as { warm?: boolean } | undefined)?.warm) void warmHighlighter();
