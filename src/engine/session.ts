/**
 * A build session: the long-lived owner of what builds share (the config, what each content file
 * was, each page's parse and output, the workers). `build()` runs the stages in order, each named
 * and timed: config → read → plan → pages → check → search → write. A page is parsed only when
 * its file or a site value it read changed, rendered only when it or the site around it changed,
 * and otherwise taken from the previous output as it is.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { loadConfig } from "../config/load.ts";
import type { BUILT_IN_SITE_VALUES, SiteConfig } from "../config/schema.ts";
import { discoverContent, discoverPublic } from "../content/discover.ts";
import { lastCommitDates, type LastUpdated } from "../content/git-dates.ts";
import type { PageFacts } from "../content/parse-page.ts";
import { flattenSiteValues } from "../content/site-values.ts";
import { ContentError, type Diagnostic } from "../errors.ts";
import { clientAssets, type ClientAssets } from "../render/assets.ts";
import { contentHash } from "../render/hash.ts";
import { NOT_FOUND_PAGE, toSiteData } from "../render/page-data.ts";
import { SiteChecker } from "../site/check.ts";
import type { LinkTargets } from "../site/links.ts";
import type { PlannedPage, SitePlan } from "../site/model.ts";
import { planSite } from "../site/plan.ts";
import type { Header, SearchPage } from "../shared/types.ts";
import type { SearchFiles } from "../site/search-index.ts";
import type {
  NotFoundTask,
  PageResult,
  PageTask,
  RemoveTask,
  RenderSetup,
  WorkerTask,
} from "../workers/build-worker.ts";
import { WorkerPool, workerScript, poolSize } from "../workers/pool.ts";
import { placeInConfig, writeLinkMap, type LinkMap } from "../write/link-map.ts";
import { checkOutputFolder, cleanLeftovers, FsWriter, type Writer } from "../write/writer.ts";
import {
  BuildCache,
  cacheDir,
  emptyState,
  generatorVersion,
  hashKey,
  type CachedPage,
  type CacheState,
  type OutputState,
} from "./cache.ts";
import { DependencyFiles } from "./file-deps.ts";
import { renderPages, type KeptPage } from "./pages.ts";
import { readSources } from "./read-sources.ts";
import { runOne, runPageTasks } from "./run-tasks.ts";
import { SearchStage } from "./search-stage.ts";
import { copyPublic, writeManifest, writeSiteFiles } from "./site-files.ts";
import {
  assetsPath,
  assetUrl as assetUrlOf,
  manifestUrl,
  siteDataName,
} from "../shared/output-layout.ts";

/** Options of a session. */
export interface SessionOptions {
  cwd?: string;
  contentDir?: string;
  outDir?: string;
  configFile?: string;
  /** Keep a cache on disk between processes. @default true */
  cache?: boolean;
  /** A new writer for each build; default: an FsWriter on outDir (atomic swap). */
  writer?: () => Writer;
  /** Called with each non-fatal diagnostic. */
  onWarning?: (d: Diagnostic) => void;
  /** Warnings fail the build (as errors) before anything is written: `build --strict`. @default false */
  strict?: boolean;
  /** The worker script; `null` runs pages on this thread (no time budget). @default the bundled worker */
  workerScript?: URL | null;
  /** Keep every page's body and files in memory, and the workers warm (the dev server). @default false */
  keepInMemory?: boolean;
  /** The client's files; default: the prebuilt ones (the dev server rebuilds them when src/client changes). */
  assets?: () => Promise<ClientAssets>;
  /**
   * When the search documents changed, keep serving the last index and leave the new one to
   * `buildDeferredSearch()`, so a page edit never waits for the index (the dev server). @default false
   */
  deferSearch?: boolean;
}

/**
 * What the caller of a build knows changed since the session's last build (the dev server's
 * watcher): only the content files named, each changed in place; no file added, removed or
 * renamed in content/ or public/. The build then neither walks the folders nor looks at the
 * other files. Without a hint, it looks at everything.
 */
export interface BuildHint {
  /** Paths relative to the content folder, `/`-separated. */
  contentChanged: string[];
}

/** What a build made, for the CLI, serve, check-links and tests. */
export interface BuildResult {
  config: SiteConfig;
  plan: SitePlan;
  targets: LinkTargets;
  pages: number;
  files: number;
  warnings: Diagnostic[];
  /** Milliseconds each stage took. */
  timings: Record<string, number>;
  /** Pages whose parse came from the cache. */
  cacheHits: number;
  /** Pages rendered by this build (the others were reused as they were). */
  rendered: number;
  /**
   * Routes whose data changed since the last build of this session (with each one's new data
   * file, when it still has one), and whether every page did.
   */
  changed: { routes: string[]; all: boolean; dataFiles: Record<string, string> };
  /** The search index's documents (the search benchmark times the index built from them). */
  searchPages: SearchPage[];
  /** The pages with the fields of spec §3 (headers included). */
  records: (PlannedPage & { headers: Header[] })[];
  /** Where each link came from (written beside the output as well; see src/write/link-map.ts). */
  linkMap: LinkMap;
}

/** The owner of everything builds share. */
export class BuildSession {
  private readonly cwd: string;
  private readonly contentDir: string;
  private readonly outDir: string;
  private readonly cache?: BuildCache;
  private state: CacheState;
  private pool?: WorkerPool;
  private readonly kept?: Map<string, KeptPage>;
  private lastDataFiles: Record<string, string> = {};
  private lastSiteKey = "";
  private lastUpdated?: Map<string, LastUpdated>;
  private readonly search: SearchStage;
  /** Checks links again only where the site changed (a session that builds again and again). */
  private readonly checker = new SiteChecker();
  /** The last plan of a session kept in memory, with what it was made from. */
  private lastPlan?: {
    configJson: string;
    lastUpdated?: Map<string, LastUpdated>;
    sources: CachedPage["source"][];
  } & PlanOutcome;
  /** What the last good build found in content/ and public/ (a session kept in memory). */
  private lastWalk?: {
    content: ReturnType<typeof discoverContent>;
    public: ReturnType<typeof discoverPublic>;
  };
  /** The last build's outputs when it was kept in memory (the dev server's writer holds the files). */
  private memoryOutput?: OutputState;

  constructor(private readonly options: SessionOptions = {}) {
    this.cwd = resolve(options.cwd ?? process.cwd());
    this.contentDir = resolve(this.cwd, options.contentDir ?? "content");
    this.outDir = resolve(this.cwd, options.outDir ?? "dist");
    if (options.cache !== false) this.cache = new BuildCache(cacheDir(this.cwd, this.contentDir));
    this.state = this.cache?.load() ?? emptyState();
    // A one-off build keeps its index's counts in the cache: the next counts only the pages that changed.
    const counts = options.keepInMemory ? undefined : this.cache?.searchCountsPath;
    this.search = new SearchStage(
      this.state,
      (task, transferList) => runOne(task, this.pool, transferList),
      options.deferSearch ?? false,
      counts,
    );
    if (options.keepInMemory) this.kept = new Map();
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
  }

  /**
   * Builds the site; throws ContentError/BrookError and leaves the previous output as it was.
   * `hint`: what the caller knows changed since this session's last build (see BuildHint).
   */
  async build(hint?: BuildHint): Promise<BuildResult> {
    const timings: Record<string, number> = {};
    let t = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      timings[name] = Math.round(now - t);
      t = now;
    };
    const display = (dir: string) => (rel: string) =>
      relative(this.cwd, join(dir, rel)).split(sep).join("/");
    // What the cache held before this build: a build that leaves every part as it was (the same
    // objects) does not save it again.
    const before = { ...this.state };
    const publicDir = join(this.cwd, "public");

    // 1. Config, before any other work (the module runs again only when its files changed).
    const loaded = await loadConfig(this.options.configFile, this.cwd, this.contentDir, {
      cached: this.state.config,
    });
    const { config } = loaded;
    this.state.config = loaded.loaded;
    const configFile = loaded.file ? relative(this.cwd, loaded.file) : "site.config.ts";
    if (!this.options.writer) {
      checkOutputFolder(this.outDir, this.cwd, [
        this.contentDir,
        publicDir,
        ...(loaded.file ? [loaded.file] : []),
      ]);
      // First of all, put back an output a killed build left aside, so a failure here loses nothing.
      cleanLeftovers(this.outDir);
    }
    lap("config");

    // 2. Read: discover content/ and public/, then read only what changed. With a hint, after a
    // good build of this session: the folders as they were, and only the files it names.
    const walked = hint && this.lastWalk;
    // Kept again only by a build that succeeds: after a failure, the next one looks at everything.
    this.lastWalk = undefined;
    const discovered = walked
      ? walked.content
      : discoverContent(this.contentDir, display(this.contentDir));
    const publicFound = walked ? walked.public : discoverPublic(publicDir, display(publicDir));
    const read = readSources(
      discovered.files,
      display(this.contentDir),
      this.state.pages,
      walked ? new Set(hint.contentChanged) : undefined,
    );
    const problems = [...discovered.diagnostics, ...publicFound.diagnostics, ...read.problems];
    if (problems.length) throw new ContentError(sortDiagnostics(problems));
    this.state.pages = read.pages;
    // Files changed: their pages will be parsed. A worker starts now, loading the Markdown chain
    // while this thread plans the site, instead of after.
    if (read.bodies.size) this.startPool(read.bodies.size);
    lap("read");

    // 3. Plan: routes, sidebar, prev/next, redirects; the site data and the asset URLs.
    // One git call for the whole folder; the dev server asks once per session.
    this.lastUpdated ??= lastCommitDates(this.contentDir);
    const { planned, siteJson, fromPlan } = this.planOf(
      config,
      configFile,
      [...read.pages.values()].map((p) => p.source),
    );
    const { plan } = planned;
    const warnings: Diagnostic[] = [...planned.warnings];
    const assets = await (this.options.assets ?? clientAssets)();
    const assetsDir = assetsPath(config.base);
    const siteFile = siteDataName(contentHash(siteJson));
    const assetUrl = (file: string) => assetUrlOf(config.base, file);
    const render: RenderSetup = {
      assets: {
        css: assetUrl(assets.css),
        js: assetUrl(assets.entry),
        early: assetUrl(assets.earlyScript),
        banner: assetUrl(assets.bannerScript),
        siteData: assetUrl(siteFile),
      },
      headTags: config.head,
      manifestFile: manifestUrl(config.base),
      siteFile: assetUrl(siteFile),
      sitePath: "",
    };
    // Everything every page's render shares: a change here renders every page again.
    const siteKey = hashKey(generatorVersion(), siteJson, JSON.stringify(render));
    lap("plan");

    // 4. Pages: reused, rendered again, or parsed and rendered, each on a worker under its budget.
    // The previous output, once swapped out, is removed on a worker while this thread finishes.
    const writer =
      this.options.writer?.() ??
      new FsWriter(this.outDir, (dir) =>
        this.pool ? this.runOne<void>({ kind: "remove", dir } satisfies RemoveTask) : undefined,
      );
    try {
      writer.write(assetsDir + siteFile, siteJson);
      render.sitePath = writer.folder
        ? join(writer.folder, assetsDir, siteFile)
        : this.siteDataFile(siteFile, siteJson);
      const previous = this.state.output?.dir === this.outDir ? this.state.output : undefined;
      // A build kept in memory takes the not-found page and llms-full.txt from its last one.
      const previousSite = writer.folder ? previous : this.memoryOutput;
      // Includes and code imports read content/, images public/: named in diagnostics as the pages are.
      const prefix = (dir: string) => display(dir)("").replace(/(.)$/, "$1/");
      const roots = {
        content: this.contentDir,
        contentDisplay: prefix(this.contentDir),
        public: publicDir,
        publicDisplay: prefix(publicDir),
      };
      const files = new DependencyFiles(roots, this.state.files);
      const pages = await renderPages({
        plan,
        pages: read.pages,
        bodies: read.bodies,
        contentDir: this.contentDir,
        parse: {
          base: config.base,
          siteValues: siteValues(config),
          roots,
          siteUrl: config.siteUrl,
        },
        files,
        render,
        siteKey,
        writer,
        assetsDir,
        previous,
        outDir: this.outDir,
        cache: this.cache,
        kept: this.kept,
        run: (tasks, parsing) => this.runPages(tasks, parsing),
        // A build that parses a few pages starts its search index's tally on this thread while
        // the workers parse (this thread only waits meanwhile).
        dispatched: (tasks) => {
          if (
            this.pool &&
            !this.options.keepInMemory &&
            tasks.length &&
            tasks.length <= SEARCH_ON_WORKER_MAX_RENDERED
          )
            this.search.countAhead(plan, read.pages, tasks);
        },
      });
      if (pages.errors.length) throw new ContentError(sortDiagnostics(pages.errors));
      warnings.push(...pages.warnings);
      // A one-off build that rendered many pages is done with its workers: stopping them now gives
      // their heaps back before the search index (on this thread) has its own peak, instead of on
      // top of it. One that rendered a few keeps its warm worker for the index.
      if (!this.options.keepInMemory && pages.rendered > SEARCH_ON_WORKER_MAX_RENDERED)
        await this.close();
      lap("pages");

      // 5. Check: links and anchors, redirect anchors, search documents.
      const publicFiles = new Set(publicFound.files.map((p) => "/" + p.relativePath));
      const checked = this.checker.check(plan, pages.facts, config.base, configFile, publicFiles);
      if (checked.errors.length) throw new ContentError(sortDiagnostics(checked.errors));
      warnings.push(...checked.warnings);
      // Every warning is known here, before anything else is written: a strict failure leaves the output as it was.
      if (this.options.strict && warnings.length)
        throw new ContentError(warnings.map((w) => ({ ...w, severity: "error" as const })));
      lap("check");

      // 6. Search: the index of the documents, from the cache when they did not change. On a
      // worker, the write stage goes on meanwhile (only the route manifest waits for its name);
      // on this thread, it runs first, so the two never peak together.
      const searchStart = performance.now();
      const searching = this.search.files(checked.searchPages, config.search).then((files) => {
        timings.search = Math.round(performance.now() - searchStart);
        return files;
      });
      if (!this.pool) {
        await searching;
        lap("search");
      }
      // Not lost if the write stage fails first: awaited below or dropped with the build.
      searching.catch(() => undefined);

      // 7. Write: the client, the not-found page, redirects, host files, the search index, the
      // manifest, public/; swap in.
      const written = new Set([...pages.outputs.keys(), assetsDir + siteFile]);
      const site = { config, plan, writer, assetsDir, dataFiles: pages.dataFiles, written };
      await writeSiteFiles({
        ...site,
        assets,
        markdown: pages.markdown,
        siteKey,
        outputs: pages.outputs,
        fromPlan,
        previous: previousSite,
        outDir: this.outDir,
        renderNotFound: () =>
          this.runOne<string>({
            kind: "not-found",
            page: NOT_FOUND_PAGE,
            render,
          } satisfies NotFoundTask),
      });
      // While the index is made on a worker: the reused files are linked into the new output.
      writer.prepare?.();
      const search = await searching;
      for (const f of search.files) {
        writer.write(assetsDir + f.name, f.content);
        written.add(assetsDir + f.name);
      }
      writeManifest(site, search.entry);
      copyPublic(publicFound.files, publicDir, this.cwd, config.base.slice(1), written, writer);
      writer.commit();
      const links = linkMap(config, plan, pages.facts, configFile, loaded.file);
      if (writer.folder) writeLinkMap(this.outDir, links);
      const output: OutputState = {
        dir: this.outDir,
        files: pages.outputs,
        dataFiles: new Map(Object.entries(pages.dataFiles)),
      };
      this.state.output = writer.folder ? output : undefined;
      this.memoryOutput = writer.folder ? undefined : output;
      if (
        !this.options.keepInMemory &&
        !(pages.rendered === 0 && !files.changed && sameState(before, this.state))
      )
        this.saveCache();
      await writer.settle?.();
      lap("write");

      if (this.options.keepInMemory) this.lastWalk = { content: discovered, public: publicFound };
      for (const w of warnings) this.options.onWarning?.(w);
      return {
        config,
        plan,
        targets: checked.targets,
        pages: plan.pages.length,
        files: written.size,
        warnings,
        timings,
        cacheHits: pages.cacheHits,
        rendered: pages.rendered,
        changed: this.changes(pages.dataFiles, siteKey),
        searchPages: checked.searchPages,
        records: plan.pages.map((p) => ({
          ...p,
          headers: pages.facts.get(p.regularPath)?.headers ?? [],
        })),
        linkMap: links,
      };
    } catch (e) {
      writer.abort();
      throw e;
    } finally {
      this.search.drop();
      // A one-off build stops its workers; the dev server keeps its session (and workers) warm.
      if (!this.options.keepInMemory) await this.close();
    }
  }

  /** The files the config was last loaded from: site.config.ts and what it imports (the dev server watches them). */
  configFiles(): string[] {
    return this.state.config?.inputs.map(([file]) => file) ?? [];
  }

  /** Saves the disk cache (the dev server calls it after its first build). */
  saveCache(): void {
    try {
      this.cache?.save(this.state);
    } catch {
      // A cache that cannot be written only costs time on the next build.
    }
  }

  /**
   * Builds the index a build deferred (on a worker), for the dev server to publish; undefined
   * when nothing was deferred.
   */
  buildDeferredSearch(): Promise<SearchFiles | undefined> {
    return this.search.deferred();
  }

  /** Runs page tasks on the workers (started when there is work), or on this thread without them. */
  private runPages(tasks: PageTask[], parsing: number): Promise<PageResult[]> {
    if (tasks.length) this.startPool(tasks.length, parsing > 30);
    return runPageTasks(tasks, this.pool);
  }

  /**
   * Makes sure workers are up for `items` tasks: started if there are none, started again with
   * more threads if those started early are too few for the work that turned out.
   */
  private startPool(items: number, warm = items > 30): void {
    const script = this.workers();
    if (!script) return;
    const size = poolSize(items);
    if (this.pool && this.pool.size >= size) return;
    // Replaced at once: the old pool stops once the tasks it took (the pages whose files changed) are done.
    const old = this.pool;
    this.pool = new WorkerPool(size, script, warm);
    void old?.close().catch(() => undefined);
  }

  /** Runs one task on a worker when the pool is up, else on this thread. */
  private runOne<T>(task: WorkerTask): Promise<T> {
    return runOne<T>(task, this.pool);
  }

  private workers(): URL | undefined {
    const script =
      this.options.workerScript === undefined ? workerScript() : this.options.workerScript;
    return script && poolSize(1) > 0 ? script : undefined;
  }

  /**
   * The plan and the site data of these sources. A session kept in memory plans again only when
   * the config or a page's frontmatter, file or route changed (a body edit leaves the plan as it
   * was: the same objects, so the pages stage sees at once what did not change).
   */
  private planOf(
    config: SiteConfig,
    configFile: string,
    sources: CachedPage["source"][],
  ): PlanOutcome {
    const configJson = this.options.keepInMemory ? JSON.stringify([config, configFile]) : "";
    const last = this.lastPlan;
    if (
      last &&
      last.configJson === configJson &&
      last.lastUpdated === this.lastUpdated &&
      sameSources(last.sources, sources)
    )
      return last;
    const planned = planSite(
      config,
      configFile,
      sources.map((s) => ({ ...s, body: "" })),
      this.lastUpdated,
    );
    if (planned.errors.length) throw new ContentError(sortDiagnostics(planned.errors));
    const outcome: PlanOutcome = {
      planned,
      siteJson: JSON.stringify(toSiteData(config, planned.plan)),
      fromPlan: new Map(),
    };
    if (this.options.keepInMemory)
      this.lastPlan = { configJson, lastUpdated: this.lastUpdated, sources, ...outcome };
    return outcome;
  }

  /** A build kept in memory: the site data file the workers read, in the cache folder (named by its hash: written once). */
  private siteDataFile(name: string, json: string): string {
    const path = join(
      this.cache?.dir ?? join(this.cwd, "node_modules", ".cache", "brook-docs", "memory"),
      "site",
      name,
    );
    if (existsSync(path)) return path;
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}`;
    writeFileSync(tmp, json);
    renameSync(tmp, path);
    return path;
  }

  private changes(dataFiles: Record<string, string>, siteKey: string): BuildResult["changed"] {
    const all = siteKey !== this.lastSiteKey;
    const routes = [...new Set([...Object.keys(dataFiles), ...Object.keys(this.lastDataFiles)])]
      .filter((r) => dataFiles[r] !== this.lastDataFiles[r])
      .sort();
    this.lastDataFiles = dataFiles;
    this.lastSiteKey = siteKey;
    return {
      routes,
      all,
      dataFiles: Object.fromEntries(
        routes.filter((r) => dataFiles[r]).map((r) => [r, dataFiles[r]!]),
      ),
    };
  }
}

/** A plan, the site data made from it, and the files made from it alone (kept with a plan that is kept). */
interface PlanOutcome {
  planned: ReturnType<typeof planSite>;
  siteJson: string;
  fromPlan: Map<string, unknown>;
}

/** A build that rendered at most this many pages builds its search index on its (warm) worker. */
const SEARCH_ON_WORKER_MAX_RENDERED = 30;

/** The values `{{ site.KEY }}` and `{{ site.a.b }}` can read: the config's own fields, then `values` by dotted path. */
function siteValues(config: SiteConfig): Record<string, string> {
  const own: Record<(typeof BUILT_IN_SITE_VALUES)[number], string> = {
    title: config.title,
    description: config.description,
    base: config.base,
    siteUrl: config.siteUrl,
    webBase: config.webBase,
    apiBase: config.apiBase,
    sqlApiBase: config.sqlApiBase,
  };
  // The schema keeps `values` off the built-in names, so neither side overwrites the other.
  return { ...own, ...flattenSiteValues(config.values) };
}

/** The link map of a build: each page's links as written, each redirect's line in the config. */
function linkMap(
  config: SiteConfig,
  plan: SitePlan,
  facts: Map<string, PageFacts>,
  configFile: string,
  configPath: string | undefined,
): LinkMap {
  const text = configPath ? readFileSync(configPath, "utf8") : "";
  const pages: LinkMap["pages"] = {};
  for (const p of plan.pages)
    pages[p.regularPath] = { file: p.file, links: facts.get(p.regularPath)?.links ?? [] };
  const redirects: LinkMap["redirects"] = {};
  config.redirects.forEach((r, i) => {
    redirects[plan.redirects[i]?.from ?? r.from] = {
      file: configFile,
      ...placeInConfig(text, r.from),
    };
  });
  return { version: 1, base: config.base, siteUrl: config.siteUrl, pages, redirects };
}

/**
 * Whether a build that rendered nothing left the cache state as it found it: the same page, output
 * and index objects, the same config. (A miss only costs a save; the cache is checked on load.)
 */
function sameState(before: CacheState, after: CacheState): boolean {
  if (
    after.search !== before.search ||
    after.searchCounts !== before.searchCounts ||
    after.config !== before.config ||
    after.pages.size !== before.pages.size
  )
    return false;
  for (const [k, v] of after.pages) if (before.pages.get(k) !== v) return false;
  const a = after.output;
  const b = before.output;
  if (!a || !b) return a === b;
  if (a.dir !== b.dir || a.files.size !== b.files.size || a.dataFiles.size !== b.dataFiles.size)
    return false;
  for (const [k, v] of a.files) if (b.files.get(k) !== v) return false;
  for (const [k, v] of a.dataFiles) if (b.dataFiles.get(k) !== v) return false;
  return true;
}

/** Whether two lists of page sources plan the same site: the same objects, or equal ones (a body edit makes a new, equal source). */
function sameSources(a: CachedPage["source"][], b: CachedPage["source"][]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => s === b[i] || JSON.stringify(s) === JSON.stringify(b[i]))
  );
}

function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}
