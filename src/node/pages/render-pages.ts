/**
 * Every page of the plan, each the cheapest of three ways: its files taken from the previous
 * output (a hard link, or from memory) when nothing it is made of changed; rendered again from its
 * cached body when only the site around it did; parsed and rendered on a worker otherwise. What
 * comes out is data: the pages' facts, and their files as the write stage is to write them.
 */
import { join } from "node:path";
import type { PageFacts, ParseOptions } from "../content/parse-page.ts";
import type { Diagnostic } from "../core/errors.ts";
import type { PlannedPage, SitePlan } from "../site/model.ts";
import type { PageResult, PageShell, PageTask, RenderSetup } from "./page-task.ts";
import { hashKey } from "../core/cache-keys.ts";
import { type CachedPage, type CachedParse } from "../content/page-record.ts";
import { type OutputRecord, type OutputState } from "../write/output-state.ts";
import type { DependencyFiles } from "../content/file-deps.ts";
import { rereadBody } from "../content/read-sources.ts";
import { markdownPath } from "../../shared/url.ts";
import { renderKey, reuse, sameMaking, stillValid, toShell } from "./page-reuse.ts";

/** A page kept in memory between builds (the dev server). */
export interface KeptPage {
  renderKey: string;
  /** What the key was made from: while the same objects come back, the key is the same. */
  made: { page: PlannedPage; source: CachedPage; parse: CachedParse; siteKey: string };
  body: string;
  /** The body's Markdown for machines, and the page's. */
  bodyMarkdown: string;
  markdown: string;
  files: { html: string; data: string };
  dataFile: string;
}

/**
 * A file of a page, as the write stage is to write it: made here (`content`), taken from the
 * previous output as it is (`from`, a path there), or written into the output folder by the worker
 * that made it (`written`).
 */
export type PageFile =
  | { path: string; content: string }
  | { path: string; from: string }
  | { path: string; written: true };

/** Where the pages' files are kept between builds: the build cache's bodies and highlighted blocks. */
export interface PageStore {
  /** Makes sure the bodies' folder exists before workers write into it. */
  prepare(): void;
  bodyStem(parseKey: string): string;
  bodyPath(parse: CachedParse): string;
  highlightsPath: string;
  addHighlights(fresh: [string, string[]][]): void;
}

/** What the pages stage works with. */
export interface PagesInput {
  plan: SitePlan;
  /** What each content file is now (the read stage's): not written; the outcome's `sources` are the next. */
  pages: ReadonlyMap<string, CachedPage>;
  /** Bodies read by this build, by relativePath. */
  bodies: Map<string, string>;
  contentDir: string;
  parse: ParseOptions;
  /** What the files pages include, import or size images from are now. */
  files: DependencyFiles;
  render: RenderSetup;
  /** What every page's render shares: a change renders every page again. */
  siteKey: string;
  /** The generator's version: a parse made by other code is made again. */
  generator: string;
  /** The folder the page workers write their files into (the output being built); absent: files come back. */
  folder?: string;
  /** Whether the output can take a file of the previous one as it is (a folder, or the dev server's memory). */
  canReuse: boolean;
  assetsDir: string;
  /** The last build's output into the same folder, to reuse from. */
  previous?: OutputState;
  outDir: string;
  cache?: PageStore;
  /** Pages the last build kept in memory (a build that keeps its pages: the dev server), or undefined. */
  kept?: ReadonlyMap<string, KeptPage>;
  /** Runs tasks on the workers; `parsing` counts those that parse; `done` hears of results as they come. */
  run(
    tasks: PageTask[],
    parsing: number,
    done?: (results: PageResult[]) => void,
  ): Promise<PageResult[]>;
  /** Told of the facts of pages parsed by this build as they come in (the example checks start on them). */
  parsed?(facts: PageFacts[]): void;
  /** Told of every task once all are on their way, while this thread waits for them. */
  dispatched?(tasks: PageTask[]): void;
}

/** What the pages stage made. */
export interface PagesOutcome {
  errors: Diagnostic[];
  warnings: Diagnostic[];
  facts: Map<string, PageFacts>;
  /** route → data file name (the route manifest). */
  dataFiles: Record<string, string>;
  /** route → the page's Markdown for machines (llms-full.txt). */
  markdown: Map<string, string>;
  /** Every file of the pages, by output path, with the key of its inputs. */
  outputs: Map<string, OutputRecord>;
  /** The pages' files, for the write stage. */
  files: PageFile[];
  cacheHits: number;
  rendered: number;
  /** Each content file's entry with the parse this build made or kept: the next snapshot's. */
  sources: Map<string, CachedPage>;
  /** The pages kept in memory for the next build (when the last build kept them). */
  kept?: Map<string, KeptPage>;
}

/** Reuses, renders or parses every page of the plan. */
export async function renderPages(input: PagesInput): Promise<PagesOutcome> {
  const { plan, pages, parse, assetsDir } = input;
  const out: PagesOutcome = {
    errors: [],
    warnings: [],
    facts: new Map(),
    dataFiles: {},
    markdown: new Map(),
    outputs: new Map(),
    files: [],
    cacheHits: 0,
    rendered: 0,
    sources: new Map(pages),
    kept: input.kept && new Map(input.kept),
  };
  type Pending = {
    page: PlannedPage;
    task: PageTask;
    parseKey: string;
    shell: PageShell;
    place: number;
  };
  input.cache?.prepare();

  /** Reuses the page's files, or gives the task that makes them. */
  const decide = (page: PlannedPage, place: number): Pending | undefined => {
    const cached = pages.get(page.relativePath)!;
    const htmlPath = page.path.slice(1) + "index.html";
    const mdPath = markdownPath(parse.base, page.regularPath).slice(1);
    const asBefore = () => {
      out.facts.set(page.regularPath, cached.parse!.facts);
      out.warnings.push(...cached.parse!.facts.warnings);
      return undefined;
    };
    // A session kept in memory: the same plan entry, file entry and parse as when the page was
    // made, and the site around it the same: its key is too (no hashing), if what it read still is.
    const kept = input.kept?.get(page.regularPath);
    if (kept && sameMaking(kept, page, cached, input) && stillValid(cached.parse!, input)) {
      out.cacheHits++;
      reuse(input, page, { htmlPath, mdPath }, kept.renderKey, out);
      return asBefore();
    }
    const parseKey = hashKey(
      cached.hash,
      page.relativePath,
      page.file,
      parse.base,
      parse.siteUrl ?? "",
      input.generator,
    );
    // Valid while the file, every site value it read and every file it included are as they were.
    const valid = cached.parse?.key === parseKey && stillValid(cached.parse, input);
    const shell = toShell(page);
    if (valid) {
      out.cacheHits++;
      const key = renderKey(input.siteKey, parseKey, cached.parse!, shell);
      if (reuse(input, page, { htmlPath, mdPath }, key, out)) return asBefore();
    }
    const task: PageTask = {
      kind: "page",
      source: { ...cached.source, body: input.bodies.get(page.relativePath) ?? "" },
      parse,
      shell,
      key: page.key,
      htmlPath,
      mdPath,
      render: input.render,
      output: { dir: input.folder, assetsDir },
      highlightsPath: input.cache?.highlightsPath,
      returnBody: input.kept !== undefined,
    };
    if (valid && (kept || input.cache)) {
      const facts = cached.parse!.facts;
      task.cached = kept
        ? { body: kept.body, markdown: kept.bodyMarkdown, facts }
        : { bodyPath: input.cache!.bodyPath(cached.parse!), facts };
    } else {
      if (!input.bodies.has(page.relativePath))
        task.source.body = rereadBody(join(input.contentDir, page.relativePath), {
          relativePath: page.relativePath,
          file: page.file,
          route: page.regularPath,
        });
      if (input.cache) task.bodyStem = input.cache.bodyStem(parseKey);
    }
    return { page, task, parseKey, shell, place };
  };
  const parsed = input.parsed;
  const heard =
    parsed &&
    ((results: PageResult[]) => {
      const facts = results.flatMap((r) => (r.facts ? [r.facts] : []));
      if (facts.length) parsed(facts);
    });
  const start = (list: Pending[]) =>
    input.run(
      list.map((t) => t.task),
      list.filter((t) => !t.task.cached).length,
      heard,
    );

  // The pages whose files this build read go to the workers first: they are parsed while this
  // thread looks at the others (keys and file signatures: 70 ms at 1,000 pages).
  const changed: Pending[] = [];
  const others: Pending[] = [];
  plan.pages.forEach((page, i) => {
    if (!input.bodies.has(page.relativePath)) return;
    const t = decide(page, i);
    if (t) changed.push(t);
  });
  const first = start(changed);
  // Awaited below; not a stray rejection if this thread fails first.
  first.catch(() => undefined);
  plan.pages.forEach((page, i) => {
    if (input.bodies.has(page.relativePath)) return;
    const t = decide(page, i);
    if (t) others.push(t);
  });
  const rest = start(others);
  input.dispatched?.([...changed, ...others].map((t) => t.task));
  const [firstResults, otherResults] = await Promise.all([first, rest]);
  // Results in plan order, whichever list they came in.
  const done = [
    ...changed.map((t, i) => ({ ...t, result: firstResults[i]! })),
    ...others.map((t, i) => ({ ...t, result: otherResults[i]! })),
  ].sort((a, b) => a.place - b.place);
  const highlights: [string, string[]][] = [];
  for (const { page, task, parseKey, shell, result: r } of done) {
    let cached = pages.get(page.relativePath)!;
    out.errors.push(...r.errors);
    out.warnings.push(...r.warnings);
    if (r.highlights) highlights.push(...r.highlights);
    if (!r.facts || !r.dataFile) {
      const { parse: _dropped, ...rest } = cached;
      out.sources.set(page.relativePath, rest);
      continue;
    }
    if (!task.cached) {
      cached = {
        ...cached,
        parse: {
          key: parseKey,
          facts: r.facts,
          values: Object.fromEntries(r.facts.deps.siteValues.map((k) => [k, parse.siteValues[k]!])),
        },
      };
      out.sources.set(page.relativePath, cached);
    }
    const key = renderKey(input.siteKey, parseKey, cached.parse!, shell);
    out.facts.set(page.regularPath, r.facts);
    out.dataFiles[page.regularPath] = r.dataFile;
    const dataPath = assetsDir + r.dataFile;
    const markdown = r.markdown ?? "";
    out.markdown.set(page.regularPath, markdown);
    if (r.files)
      out.files.push(
        { path: task.htmlPath, content: r.files.html },
        { path: dataPath, content: r.files.data },
        { path: task.mdPath, content: markdown },
      );
    else
      for (const path of [task.htmlPath, dataPath, task.mdPath])
        out.files.push({ path, written: true });
    for (const path of [task.htmlPath, dataPath, task.mdPath])
      out.outputs.set(path, { key, sig: "" });
    if (out.kept && r.files && r.body !== undefined) {
      const made = { page, source: cached, parse: cached.parse!, siteKey: input.siteKey };
      out.kept.set(page.regularPath, {
        renderKey: key,
        made,
        body: r.body,
        bodyMarkdown: r.bodyMarkdown ?? "",
        markdown,
        files: r.files,
        dataFile: r.dataFile,
      });
    }
  }
  out.rendered = done.length;
  input.cache?.addHighlights(highlights);
  return out;
}
