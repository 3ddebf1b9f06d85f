/** The build orchestrator: config → content → site model → render → write (design.md §1). */
import { join, relative, resolve, sep } from "node:path";
import { loadConfig } from "./config/load.ts";
import type { SiteConfig } from "./config/schema.ts";
import { discoverContent, discoverPublic } from "./content/discover.ts";
import { readRegularFile } from "./content/walk.ts";
import { MAX_PAGE_BYTES, PAGE_TIME_BUDGET_MS } from "./content/limits.ts";
import { formatBytes } from "./content/parse-page.ts";
import type { ParsedPage, ParseOptions, ParseResult } from "./content/parse-page.ts";
import type { CodeStyles } from "./content/highlight.ts";
import { ContentError, type Diagnostic } from "./errors.ts";
import { runTask, type WorkerTask } from "./build-worker.ts";
import { poolSize, TaskFailure, WorkerPool, workerScript } from "./pool.ts";
import { cacheFile, emptyCache, hashKey, loadCache, saveCache, generatorVersion, type CacheData } from "./cache.ts";
import { buildSiteModel } from "./site/build-model.ts";
import type { SiteModel } from "./site/model.ts";
import { buildSearchIndex } from "./site/search-index.ts";
import { bundleClient, bundleCss, contentHash } from "./render/assets.ts";
import { renderPage, renderRedirectStub, type RenderContext } from "./render/render-page.tsx";
import type { RouteManifest } from "./shared/types.ts";
import { NOT_FOUND_PAGE, NOT_FOUND_ROUTE, toPageData, toSiteData } from "./render/page-data.ts";
import { routeToPath, splitHash } from "./shared/url.ts";
import { checkOutputFolder, cleanLeftovers, FsWriter, type Writer } from "./write/writer.ts";
import { headersFile, redirectsFile, robotsFile, sitemapFile } from "./write/host-files.ts";
import type { LinkTargets } from "./site/links.ts";

/** Options of one build. */
export interface BuildOptions {
  contentDir?: string;
  outDir?: string;
  configFile?: string;
  cwd?: string;
  /** Where files go; default: an FsWriter on outDir (atomic swap). */
  writer?: Writer;
  /** Use and update the content-hash cache. @default true */
  cache?: boolean;
  /**
   * Kept by a long-running caller (the dev server) across builds: the in-memory cache, and the
   * client bundle until the client's code changes. Without it the cache lives on disk.
   */
  memo?: BuildMemo;
  /** Called with each non-fatal diagnostic (broken links, unhighlighted fences, pages outside the sidebar). */
  onWarning?: (d: Diagnostic) => void;
  /** Warnings fail the build (as errors) before anything is written: `build --strict`. @default false */
  strict?: boolean;
}

/** State a caller keeps between builds; see `BuildOptions.memo`. */
export interface BuildMemo {
  cache?: CacheData;
  client?: ReturnType<typeof bundleClient>;
  /**
   * The dev server: when the search documents changed, this build keeps the last search index and
   * leaves building the new one to `searchLater`, so a page edit does not wait for lunr. The
   * caller runs it after the reload and builds again to publish the fresh index.
   */
  deferSearch?: boolean;
  /** Builds the index this build deferred into the memo's cache; set by a build that deferred it. */
  searchLater?: () => void;
  /** The index of the last build (what a deferring build serves meanwhile). */
  lastSearch?: string;
}

/** What a build made, for the CLI, serve, check-links and tests. */
export interface BuildResult {
  config: SiteConfig;
  model: SiteModel;
  targets: LinkTargets;
  pages: number;
  files: number;
  warnings: Diagnostic[];
  /** Route → source file, for check-links' file:line reports. */
  sources: { route: string; file: string; links: ParsedPage["links"] }[];
  timings: Record<string, number>;
  cacheHits: number;
  /** How many pages React rendered (the rest came from the cache). */
  rendered: number;
}

const RENDER_CACHE_MAX_PAGES = 2000;
const ASSET_TOKEN = (name: string) => `@@brook-asset:${name}@@`;

/** Builds the site; throws ContentError/BrookError and leaves the previous output as it was. */
export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };
  const cwd = options.cwd ?? process.cwd();
  const contentDir = resolve(cwd, options.contentDir ?? "content");
  const outDir = resolve(cwd, options.outDir ?? "dist");

  // 1. Config, before any other work.
  const { config, file: configPath } = await loadConfig(options.configFile, cwd, contentDir);
  const configFile = configPath ? relative(cwd, configPath) : "site.config.ts";
  const publicDir = join(cwd, "public");
  if (!options.writer) {
    checkOutputFolder(outDir, cwd, [contentDir, publicDir, ...(configPath ? [configPath] : [])]);
    // First of all, put back an output a killed build left aside, so a failure here loses nothing.
    cleanLeftovers(outDir);
  }
  const memo = options.memo;
  const clientBundle = memo?.client ?? bundleClient();
  clientBundle.catch(() => undefined);
  if (memo) memo.client = clientBundle;
  lap("config");

  // 2. Content: discover, read, parse (cached by content hash, on workers, each page under a time budget).
  const displayFile = (rel: string) => relative(cwd, join(contentDir, rel)).split(sep).join("/");
  const discovered = discoverContent(contentDir, displayFile);
  const publicFound = discoverPublic(publicDir, (rel) => relative(cwd, join(publicDir, rel)).split(sep).join("/"));
  const inputProblems = [...discovered.diagnostics, ...publicFound.diagnostics];
  const files = discovered.files;
  const useCache = options.cache !== false;
  const cache: CacheData = memo?.cache ?? (useCache ? loadCache(cacheFile(cwd, contentDir)) : emptyCache());
  const used: CacheData = emptyCache();
  // Rendered HTML is cached for the dev server and for sites up to RENDER_CACHE_MAX_PAGES; above
  // that, re-rendering (about 1 ms a page) is cheaper than the memory (300 MB at 4000 pages).
  const keepRendered = Boolean(memo) || (useCache && files.length <= RENDER_CACHE_MAX_PAGES);
  let rendered = 0;
  const parseOptions: ParseOptions = {
    base: config.base,
    siteValues: { title: config.title, description: config.description, base: config.base, siteUrl: config.siteUrl, webBase: config.webBase, apiBase: config.apiBase, sqlApiBase: config.sqlApiBase },
  };
  const optionsKey = JSON.stringify(parseOptions) + generatorVersion();
  const inputs = files.flatMap((f) => {
    const read = readRegularFile(f.absolutePath, MAX_PAGE_BYTES);
    const file = displayFile(f.relativePath);
    if ("error" in read) {
      inputProblems.push(
        read.error === "too-large"
          ? { file, rule: "file-size", message: `the page is ${formatBytes(read.size ?? 0)}, over the limit of ${formatBytes(MAX_PAGE_BYTES)}`, hint: "split it into several pages" }
          : { file, rule: "not-a-file", message: "not a regular file, so it is not read", hint: "replace it with a regular file" },
      );
      return [];
    }
    return [{ bytes: read.bytes, relativePath: f.relativePath, file, route: f.route, key: hashKey(read.bytes, f.relativePath, optionsKey) }];
  });
  if (inputProblems.length) throw new ContentError(sortDiagnostics(inputProblems));
  // Workers start only when the work at hand pays for them: a one-page rebuild parses in this thread.
  const pools: { pool?: WorkerPool } = {};
  const poolFor = (items: number) => (pools.pool ??= makePool(items));
  let cacheHits = 0;
  try {
    const parsed: ParsedPage[] = [];
    const errors: Diagnostic[] = [];
    const warnings: Diagnostic[] = [];
    const todo = inputs.filter((i) => {
      const hit = cache.parse.get(i.key);
      if (hit) {
        cacheHits++;
        used.parse.set(i.key, hit);
      }
      return !hit;
    });
    const parsePool = poolFor(todo.length);
    const results = await Promise.all(
      todo.map(async ({ key: _k, ...f }): Promise<ParseResult> => {
        const task: WorkerTask = { kind: "parse", file: f, options: parseOptions };
        if (!parsePool) return (await runTask(task)) as ParseResult;
        try {
          return await parsePool.run<ParseResult>(task, pageTimeBudget());
        } catch (e) {
          if (!(e instanceof TaskFailure)) throw e;
          return { errors: [pageFailure(f.file, e)], warnings: [] };
        }
      }),
    );
    todo.forEach((input, i) => {
      const r = results[i]!;
      errors.push(...r.errors);
      // Warnings stay with the page, so a page from the cache reports them again (build --strict).
      if (r.page) used.parse.set(input.key, r.warnings.length ? { ...r.page, warnings: r.warnings } : r.page);
    });
    for (const i of inputs) {
      const p = used.parse.get(i.key);
      if (p) parsed.push(p);
      if (p?.warnings) warnings.push(...p.warnings);
    }
    results.length = 0;
    if (errors.length) throw new ContentError(sortDiagnostics(errors));
    lap("content");

    // 3. Site model.
    const publicFiles = new Set(publicFound.files.map((p) => "/" + p.relativePath));
    const { model, errors: modelErrors, warnings: modelWarnings, targets } = buildSiteModel({ config, configFile, pages: parsed, publicFiles });
    if (modelErrors.length) throw new ContentError(sortDiagnostics(modelErrors));
    warnings.push(...modelWarnings);
    // Every warning is known here, before the writer exists: a strict failure leaves the output as it was.
    if (options.strict && warnings.length) throw new ContentError(warnings.map((w) => ({ ...w, severity: "error" })));
    const searchKey = hashKey(JSON.stringify(model.searchDocs), generatorVersion());
    let searchJson = cache.search.get(searchKey);
    if (searchJson === undefined && memo?.deferSearch && memo.lastSearch !== undefined) {
      searchJson = memo.lastSearch;
      const docs = model.searchDocs;
      memo.searchLater = () => void used.search.set(searchKey, JSON.stringify(buildSearchIndex(docs)));
    } else {
      searchJson ??= JSON.stringify(buildSearchIndex(model.searchDocs));
      used.search.set(searchKey, searchJson);
      if (memo) {
        memo.lastSearch = searchJson;
        memo.searchLater = undefined;
      }
    }
    lap("model");

    // 4. Render: assets first (their hashes are in every page), then pages.
    const writer = options.writer ?? new FsWriter(outDir);
    try {
      const assetsDir = config.base.slice(1) + "assets/";
      const written = new Set<string>();
      const write = (path: string, content: string | Uint8Array) => {
        writer.write(path, content);
        written.add(path);
      };
      const hashed = (name: string, ext: string, content: string) => {
        const file = `${name}.${contentHash(content)}.${ext}`;
        write(assetsDir + file, content);
        return file;
      };
      const assetUrl = (file: string) => config.base + "assets/" + file;

      const client = await clientBundle;
      for (const f of client.files) write(assetsDir + f.path, f.content);
      const styles: CodeStyles = {};
      for (const p of parsed) Object.assign(styles, p.codeStyles);
      const css = await bundleCss(styles);
      write(assetsDir + css.path, css.content);

      const site = toSiteData(config, model);
      const siteFile = hashed("site", "json", JSON.stringify(site));
      const searchFile = hashed("search", "json", searchJson);
      const pageData = model.pages.map(toPageData);
      const manifest: RouteManifest = { pages: {}, redirects: Object.fromEntries(model.redirects.map((r) => [r.from, r.to])), search: searchFile };
      for (const [i, data] of pageData.entries()) manifest.pages[data.route] = hashed(`pages/${model.pages[i]!.key}`, "json", JSON.stringify(data));
      manifest.pages[NOT_FOUND_ROUTE] = hashed("pages/not-found", "json", JSON.stringify(NOT_FOUND_PAGE));
      const manifestFile = hashed("manifest", "json", JSON.stringify(manifest));

      // Pages are rendered with placeholder asset URLs, filled in after: a page's render (the
      // costly part, and what the cache keeps) then depends on its own data and the site's, not
      // on the hashes of every other page's data file.
      const ctx: RenderContext = {
        site,
        assets: { css: ASSET_TOKEN("css"), js: ASSET_TOKEN("js"), early: ASSET_TOKEN("early"), banner: ASSET_TOKEN("banner"), siteData: ASSET_TOKEN("site") },
        headTags: config.head,
        siteFile: ASSET_TOKEN("site"),
        manifestFile: ASSET_TOKEN("manifest"),
      };
      const urls: Record<string, string> = { css: assetUrl(css.path), js: assetUrl(client.entry), early: assetUrl(client.earlyScript), banner: assetUrl(client.bannerScript), site: assetUrl(siteFile), manifest: assetUrl(manifestFile) };
      const fillAssets = (html: string) => Object.entries(urls).reduce((h, [name, url]) => h.replaceAll(ASSET_TOKEN(name), url), html);
      // Hashed once: the context holds the whole sidebar, too big to hash again for every page.
      const ctxKey = hashKey(JSON.stringify(ctx), generatorVersion());
      const renderKeys = pageData.map((d) => hashKey(ctxKey, JSON.stringify(d)));
      const toRender: number[] = [];
      renderKeys.forEach((k, i) => {
        const hit = cache.render.get(k);
        if (hit !== undefined) used.render.set(k, hit);
        else toRender.push(i);
      });
      rendered = toRender.length;
      const htmls = await runBatched<number, string>(poolFor(toRender.length), toRender, (batch) => ({ kind: "render", pages: batch.map((i) => pageData[i]!), ctx }));

      const fresh = new Map(toRender.map((pageIndex, j) => [pageIndex, htmls[j]!]));
      for (const [i, d] of pageData.entries()) {
        const html = fresh.get(i) ?? used.render.get(renderKeys[i]!)!;
        // Rendered HTML is kept only for a cache: at 4000 pages it is most of the memory.
        if (keepRendered) used.render.set(renderKeys[i]!, html);
        write(config.base.slice(1) + d.route.slice(1) + "index.html", fillAssets(html));
      }
      const notFoundHtml = fillAssets(renderPage(NOT_FOUND_PAGE, ctx, { noindex: true }));
      write("404.html", notFoundHtml);
      write(config.base.slice(1) + "404.html", notFoundHtml);
      lap("render");

      // 5. Write: redirect stubs, host files, public files; then swap in.
      const titles = new Map(model.pages.map((p) => [p.regularPath, p.title]));
      for (const r of model.redirects) {
        const target = routeToPath(config.base, r.to);
        const { route } = splitHash(r.to);
        const stub = renderRedirectStub(target, config.siteUrl + routeToPath(config.base, route), titles.get(route) ?? target, assetUrl(client.redirectScript));
        write(config.base.slice(1) + r.from.slice(1) + "index.html", stub);
      }
      const routes = pageData.map((d) => d.route);
      write("_redirects", redirectsFile(config.base, routes, model.redirects));
      write("_headers", headersFile(config.base, config.analytics.gtmId));
      write(config.base.slice(1) + "sitemap.xml", sitemapFile(config.siteUrl, config.base, routes.filter((r, i) => pageData[i]!.layout !== "not-found")));
      write("robots.txt", robotsFile(config.siteUrl, config.base));
      const clashes: Diagnostic[] = [];
      for (const f of publicFound.files) {
        const to = config.base.slice(1) + f.relativePath;
        if (written.has(to)) clashes.push({ file: relative(cwd, join(publicDir, f.relativePath)).split(sep).join("/"), rule: "public-clash", message: `the build writes ${to} itself; this file would replace it`, hint: "rename or move the file in public/" });
        else writer.copyFile(f.absolutePath, to);
      }
      if (clashes.length) throw new ContentError(clashes);
      writer.commit();
      lap("write");
      if (memo) memo.cache = used;
      else if (useCache) saveCache(cacheFile(cwd, contentDir), used);
      for (const w of warnings) options.onWarning?.(w);
      return {
        config,
        model,
        targets,
        pages: pageData.length,
        files: written.size,
        warnings,
        sources: parsed.map((p) => ({ route: p.route, file: p.file, links: p.links })),
        timings,
        cacheHits,
        rendered,
      };
    } catch (e) {
      writer.abort();
      throw e;
    }
  } finally {
    await pools.pool?.close();
  }
}

function makePool(items: number): WorkerPool | undefined {
  const script = workerScript();
  const size = script ? poolSize(items) : 0;
  return size ? new WorkerPool(size, script!) : undefined;
}

/** The time a page may take on a worker: PAGE_TIME_BUDGET_MS, or BROOK_DOCS_PAGE_BUDGET_MS on a slow machine. */
function pageTimeBudget(): number {
  const env = Number(process.env.BROOK_DOCS_PAGE_BUDGET_MS);
  return Number.isFinite(env) && env > 0 ? env : PAGE_TIME_BUDGET_MS;
}

/** A page that stopped its worker: named, with what to look for. */
function pageFailure(file: string, e: TaskFailure): Diagnostic {
  return e.kind === "timeout"
    ? { file, rule: "page-time", message: `the page ${e.message} to build, its time budget`, hint: "look for Markdown that makes the parser work hard: thousands of unclosed *, _, [ or :, or very deep nesting; split the page" }
    : { file, rule: "page-crash", message: `building the page stopped its worker: it ${e.message}`, hint: "look for Markdown that makes the parser work hard; split the page" };
}

/** Runs items through worker tasks in batches (or in this thread), keeping their order. */
async function runBatched<I, O>(pool: WorkerPool | undefined, items: I[], toTask: (batch: I[]) => WorkerTask): Promise<O[]> {
  if (items.length === 0) return [];
  if (!pool) return (await runTask(toTask(items))) as O[];
  const size = Math.max(16, Math.ceil(items.length / 24));
  const batches: I[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  const results = await Promise.all(batches.map((b) => pool.run<O[]>(toTask(b), 120_000)));
  return results.flat();
}

function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}

