/**
 * One build, as a function of the last one: the previous snapshot and what changed in; the
 * files, the result and the next snapshot out. The stages run in order, each named and timed:
 * config → read → plan → pages → check → search → write. A page is parsed only when its file or
 * a site value it read changed, rendered only when it or the site around it changed, and
 * otherwise taken from the previous output as it is. The callers (src/build.ts, the dev server)
 * differ only by their strategy (./strategy.ts).
 */
import { join, relative, sep } from "node:path";
import { loadConfig } from "../config/load.ts";
import { lastCommitDates } from "../content/git-dates.ts";
import { ContentError } from "../errors.ts";
import { NOT_FOUND_PAGE } from "../render/page-data.ts";
import { assetsPath } from "../shared/output-layout.ts";
import type { NotFoundTask, RenderSetup } from "../workers/build-worker.ts";
import type { OutputFiles } from "../write/writer.ts";
import type { CacheState, OutputState } from "./cache.ts";
import { checkStage } from "./check-stage.ts";
import { sortDiagnostics } from "./diagnostics.ts";
import { DependencyFiles } from "./file-deps.ts";
import { renderPages } from "./pages.ts";
import { planStage, siteValues } from "./plan-stage.ts";
import { readStage } from "./read-stage.ts";
import { changedSince, StageClock, type BuildResult } from "./result.ts";
import { searchStageOf } from "./deferred-search.ts";
import type { Snapshot } from "./snapshot.ts";
import type { BuildStrategy, Project } from "./strategy.ts";
import { linkMapOf, writeStage } from "./write-stage.ts";

/**
 * What the caller knows changed since the previous snapshot (the dev server's watcher): only the
 * content files named, each changed in place; no file added, removed or renamed. The build then
 * neither walks the folders nor looks at the other files. Without it, it looks at everything.
 */
export interface BuildChanges {
  /** Paths relative to the content folder, `/`-separated. */
  contentChanged: string[];
}

/** What one build gives: its result, the files when they stay in memory, the next snapshot. */
export interface BuildOutput {
  result: BuildResult;
  files?: OutputFiles;
  next: Snapshot;
}

/** A build that rendered at most this many pages builds its search index on its (warm) worker. */
export const SEARCH_ON_WORKER_MAX_RENDERED = 30;

/** Builds the site; throws ContentError/BrookError and leaves the previous output as it was. */
export async function build(
  project: Project,
  previous: Snapshot,
  changes: BuildChanges | undefined,
  strategy: BuildStrategy,
): Promise<BuildOutput> {
  const clock = new StageClock();
  const { cwd, contentDir } = project;
  const { output: target, workers } = strategy;
  const memory = previous.memory;
  const publicDir = join(cwd, "public");
  const display = (dir: string) => (rel: string) =>
    relative(cwd, join(dir, rel)).split(sep).join("/");

  // 1. Config, before any other work (the module runs again only when its files changed).
  const cached = previous.disk.config;
  const loaded = await loadConfig(project.configFile, cwd, contentDir, { cached });
  const { config } = loaded;
  const configFile = loaded.file ? relative(cwd, loaded.file) : "site.config.ts";
  target.check([contentDir, publicDir, ...(loaded.file ? [loaded.file] : [])]);
  clock.lap("config");

  // 2. Read: discover content/ and public/, then read only what changed.
  const since = changes && memory && { walk: memory.walk, changed: changes.contentChanged };
  const pagesBefore = previous.disk.pages;
  const { walk, read } = readStage({
    contentDir,
    publicDir,
    display,
    previous: pagesBefore,
    since,
  });
  // Files changed: a worker starts now, loading the Markdown chain while this thread plans.
  if (read.bodies.size) workers.start(read.bodies.size);
  clock.lap("read");

  // 3. Plan: routes, sidebar, prev/next, redirects; the site data and the asset URLs.
  const lastUpdated = memory?.lastUpdated ?? lastCommitDates(contentDir);
  const sources = [...read.pages.values()].map((p) => p.source);
  const assets = await project.assets();
  const planned = planStage({ config, configFile, sources, lastUpdated, assets }, memory?.plan);
  const { plan } = planned.planned;
  const { siteKey } = planned;
  clock.lap("plan");

  // 4. Pages: reused, rendered again, or parsed and rendered, each on a worker under its budget.
  const writer = target.open(memory?.files, (dir) =>
    workers.running ? workers.runOne<void>({ kind: "remove", dir }) : undefined,
  );
  try {
    const assetsDir = assetsPath(config.base);
    const sitePath = assetsDir + planned.siteFile;
    writer.write(sitePath, planned.siteJson);
    const render: RenderSetup = {
      ...planned.render,
      sitePath: target.siteDataPath(writer, sitePath, planned.siteFile, planned.siteJson),
    };
    const outDir = target.dir ?? "";
    // Files are reused from the last output of the same kind: the same folder, or memory.
    const last = target.dir === undefined ? memory?.output : previous.disk.output;
    const reusable = last?.dir === outDir ? last : undefined;
    const roots = sourceRoots(contentDir, publicDir, display);
    const deps = new DependencyFiles(roots, previous.disk.files);
    const search = searchStageOf(previous, strategy);
    const pages = await renderPages({
      plan,
      pages: read.pages,
      bodies: read.bodies,
      contentDir,
      parse: { base: config.base, siteValues: siteValues(config), roots, siteUrl: config.siteUrl },
      files: deps,
      render,
      siteKey,
      writer,
      assetsDir,
      previous: reusable,
      outDir,
      cache: strategy.cache,
      kept: memory?.kept ?? (strategy.remember ? new Map() : undefined),
      run: (tasks, parsing) => workers.runPages(tasks, parsing),
      // A build that parses a few pages starts its index's tally while the workers parse.
      dispatched: (tasks) => {
        if (workers.running && tasks.length && tasks.length <= SEARCH_ON_WORKER_MAX_RENDERED)
          search.countAhead(plan, read.pages, tasks);
      },
    });
    if (pages.errors.length) throw new ContentError(sortDiagnostics(pages.errors));
    if (pages.rendered > strategy.releaseWorkersOver) await workers.close();
    clock.lap("pages");

    // 5. Check: links and anchors, redirect anchors, search documents; `--strict` fails here.
    const { check, warnings, memo } = checkStage(
      {
        plan,
        facts: pages.facts,
        base: config.base,
        configFile,
        publicFiles: new Set(walk.public.files.map((p) => "/" + p.relativePath)),
        warnings: [...planned.planned.warnings, ...pages.warnings],
        strict: project.strict,
      },
      memory?.check,
    );
    clock.lap("check");

    // 6. Search: on a worker, the write stage goes on meanwhile (only the manifest waits for its
    // name); on this thread, it runs first, so the two never peak together.
    const searching = clock.time("search", search.files(check.searchPages, config.search));
    searching.catch(() => undefined);
    if (!workers.running) {
      await searching;
      clock.lap("search");
    }

    // 7. Write: the client, the not-found page, redirects, host files, the index, the manifest,
    // public/; swap in.
    const links = linkMapOf(config, plan, pages.facts, configFile, loaded.file);
    const notFound: NotFoundTask = { kind: "not-found", page: NOT_FOUND_PAGE, render };
    const wrote = await writeStage(
      {
        config,
        plan,
        assets,
        writer,
        assetsDir,
        siteKey,
        searching,
        cwd,
        target,
        links,
        dataFiles: pages.dataFiles,
        markdown: pages.markdown,
        pageOutputs: pages.outputs,
        fromPlan: planned.fromPlan,
        previous: reusable,
        outDir,
        renderNotFound: () => workers.runOne<string>(notFound),
        publicFiles: walk.public.files,
        publicDir,
      },
      new Set([...pages.outputs.keys(), sitePath]),
    );
    const output: OutputState = {
      dir: outDir,
      files: wrote.outputs,
      dataFiles: new Map(Object.entries(pages.dataFiles)),
    };
    const { search: index, searchCounts, ...searchNext } = search.snapshot();
    const disk: CacheState = {
      config: loaded.loaded,
      pages: pages.sources,
      files: deps.next(),
      output: target.dir === undefined ? previous.disk.output : output,
      search: index ?? new Map(),
      searchCounts,
    };
    // Whether the disk part changed, from what each stage says it made.
    const outputMade = !reusable || pages.rendered > 0 || wrote.made;
    if (
      strategy.persist &&
      (loaded.loaded !== cached ||
        read.changed ||
        deps.changed ||
        search.made ||
        (target.dir !== undefined && outputMade))
    )
      strategy.cache?.trySave(disk);
    await writer.settle?.();
    clock.lap("write");

    for (const w of warnings) project.onWarning?.(w);
    const files = writer.committedFiles?.();
    const next: Snapshot = {
      disk,
      search: searchNext,
      memory: strategy.remember
        ? {
            walk,
            lastUpdated,
            plan: planned.memo,
            kept: pages.kept ?? new Map(),
            check: memo,
            output,
            files,
            config,
            dataFiles: pages.dataFiles,
            siteKey,
          }
        : undefined,
    };
    const result: BuildResult = {
      config,
      plan,
      targets: check.targets,
      pages: plan.pages.length,
      files: wrote.written.size,
      warnings,
      timings: clock.timings,
      cacheHits: pages.cacheHits,
      rendered: pages.rendered,
      changed: changedSince(memory, pages.dataFiles, siteKey),
      searchPages: check.searchPages,
      records: plan.pages.map((p) => ({
        ...p,
        headers: pages.facts.get(p.regularPath)?.headers ?? [],
      })),
      linkMap: links,
    };
    return { result, files, next };
  } catch (e) {
    writer.abort();
    throw e;
  }
}

/** Where includes and code imports (content/) and images (public/) are read, named as in diagnostics. */
function sourceRoots(
  contentDir: string,
  publicDir: string,
  display: (dir: string) => (rel: string) => string,
) {
  const prefix = (dir: string) => display(dir)("").replace(/(.)$/, "$1/");
  return {
    content: contentDir,
    contentDisplay: prefix(contentDir),
    public: publicDir,
    publicDisplay: prefix(publicDir),
  };
}
