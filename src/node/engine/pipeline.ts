/**
 * One build, as a function of the last one: the previous snapshot and what changed in; the
 * files, the result and the next snapshot out. The stages run in this order, each named and
 * timed, each a function of plain data that returns plain data:
 *
 *   config → read → reference → plan → pages → examples → check → search → write
 *
 * Work that overlaps a stage is started here, where it can be seen: the page workers start when
 * the read stage finds a changed file; with many pages to parse the example checks start before
 * the pages stage (their parsers load, the description is validated on its thread, each page's
 * blocks are checked as the page comes back); a build that parses a few pages starts the search
 * index's tally while the workers parse; the search index is made on a worker while the write
 * stage goes on. The callers (src/node/build-site.ts, the dev server) differ only by their
 * strategy (./strategy.ts).
 */
import { configStage } from "../config/config-stage.ts";
import { lastCommitDates } from "../content/git-dates.ts";
import type { PageFacts } from "../content/parse-page.ts";
import { projectPaths, readStage, type BuildChanges } from "../content/read-stage.ts";
import {
  examplesStage,
  warmExamples,
  withDescriptionProblems,
} from "../examples/examples-stage.ts";
import { pagesStage } from "../pages/pages-stage.ts";
import type { NotFoundTask, PageTask } from "../pages/page-task.ts";
import { referenceStage } from "../reference/reference-stage.ts";
import { NOT_FOUND_PAGE } from "../render/page-data.ts";
import { searchStage, startTally, type EarlyTally } from "../search/search-stage.ts";
import { checkStage } from "../site/check-stage.ts";
import { planStage } from "../site/plan-stage.ts";
import { assetsPath } from "../../shared/output-layout.ts";
import { linkMapOf, openOutput, writeStage } from "../write/write-stage.ts";
import { searchSetupOf } from "./deferred-work.ts";
import { changedSince, resultOf, StageClock, type BuildOutput } from "./result.ts";
import { nextSnapshot, type Snapshot } from "./snapshot.ts";
import type { BuildStrategy, Project } from "./strategy.ts";
import { SEARCH_ON_WORKER_MAX_RENDERED } from "./workers.ts";
import { figuresOutput } from "../write/figures-file.ts";

export type { BuildChanges, BuildOutput };

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
  const paths = projectPaths(cwd, contentDir);

  // 1. Config, before any other work; the output folder is checked against the inputs.
  const { root, generator, gtmId, pageBudgetMs } = project.settings;
  const where = {
    cwd,
    contentDir,
    publicDir: paths.publicDir,
    configFile: project.configFile,
    root,
    gtmId,
  };
  const loaded = await configStage(where, (inputs) => target.check(inputs), previous.disk.config);
  const { config, configFile } = loaded;
  clock.lap("config");

  // 2. Read: discover content/ and public/, then read only what changed.
  const lastWalk = changes && memory?.walk;
  const { walk, read } = readStage(paths, { walk: lastWalk, pages: previous.disk.pages }, changes);
  // Overlap: files changed, so a worker starts now and loads the Markdown chain meanwhile.
  if (read.bodies.size) workers.start(read.bodies.size);
  clock.lap("read");

  // 3. Reference: the REST API's description (validated now, or beside the example checks) and the CLI's.
  const reference = await referenceStage(config, loaded.path, cwd, {
    cacheDir: strategy.cache?.dir,
    generator,
    workerDir: strategy.workerDir,
    validateWithExamples: !strategy.deferExamples,
    last: memory?.reference,
  });
  clock.lap("reference");

  // Overlap: many pages to parse, so many blocks without a verdict: the example checks load their
  // parsers and validate the description now, and check each page's blocks as the page comes back.
  const manyToParse = read.bodies.size > SEARCH_ON_WORKER_MAX_RENDERED;
  const lastVerdicts = previous.disk.examples;
  const defer = strategy.deferExamples;
  const checks = warmExamples(
    config,
    loaded.path,
    cwd,
    manyToParse,
    reference,
    lastVerdicts,
    defer,
    { budgetMs: project.settings.checkBudgetMs, heapMb: project.settings.checkHeapMb },
  );

  // 4. Plan: routes, sidebar, prev/next, redirects; the site data and the asset URLs.
  const lastUpdated = memory?.lastUpdated ?? lastCommitDates(contentDir);
  const sources = [...read.pages.values()].map((p) => p.source);
  const assets = await project.assets();
  const { devClient } = project;
  const planInput = { config, configFile, sources, lastUpdated, assets, devClient, generator };
  const planned = planStage(planInput, memory?.plan);
  const { plan } = planned.planned;
  clock.lap("plan");

  // 5. Pages: the output opened with the site data file the workers read, then every page reused,
  // rendered again, or parsed and rendered, each on a worker under its budget.
  const sitePath = assetsPath(config.base) + planned.siteFile;
  const site = { path: sitePath, name: planned.siteFile, json: planned.siteJson };
  const removeOnWorker = (dir: string) =>
    workers.running ? workers.runOne<void>({ kind: "remove", dir }) : undefined;
  const output = openOutput(target, memory?.files, removeOnWorker, site);
  const { writer } = output;
  try {
    const searchSetup = searchSetupOf(previous, strategy, generator);
    // Overlap: a build that parses a few pages counts the search index's other pages meanwhile.
    let tally: Promise<EarlyTally | undefined> | undefined;
    const countWhileParsing = (tasks: PageTask[]) => {
      if (workers.running && tasks.length && tasks.length <= SEARCH_ON_WORKER_MAX_RENDERED)
        tally = startTally(searchSetup, plan, read.pages, new Set(tasks.map((t) => t.shell.route)));
    };
    const checkAsParsed =
      checks.ahead && ((facts: PageFacts[]) => checks.ahead!.add(facts.flatMap((p) => p.samples)));
    // The last output of the same kind (the same folder, or memory) is what pages are reused from.
    const lastOutput = target.dir === undefined ? memory?.output : previous.disk.output;
    const reusable = lastOutput?.dir === (target.dir ?? "") ? lastOutput : undefined;
    const render = { ...planned.render, sitePath: output.siteDataPath };
    const pagesMade = await pagesStage({
      contentDir,
      parse: {
        base: config.base,
        siteValues: reference.pageValues,
        roots: paths.roots,
        siteUrl: config.siteUrl,
        openapi: reference.workerFile,
        cli: reference.cliFile,
      },
      plan,
      siteKey: planned.siteKey,
      generator,
      render,
      read,
      lastFiles: previous.disk.files,
      reusable,
      outDir: target.dir ?? "",
      folder: output.folder,
      canReuse: output.canReuse,
      kept: memory?.kept ?? (strategy.remember ? new Map() : undefined),
      cache: strategy.cache,
      run: (tasks, parsing, done) => workers.runPages(tasks, parsing, pageBudgetMs, done),
      onParsed: checkAsParsed,
      onDispatched: countWhileParsing,
      warnings: planned.planned.warnings,
    }).catch(async (e: unknown) => {
      // No check starts after a failed pages stage: the build ends, and its checker with it.
      checks.ahead?.stop();
      throw await withDescriptionProblems(e, checks, reference);
    });
    const { pages } = pagesMade;
    // A build that rendered many is done with its workers: their heaps go back before the index's peak.
    if (pages.rendered > strategy.releaseWorkersOver) await workers.close();
    clock.lap("pages");

    // 6. Examples: every code block through the checks of its language.
    const examples = await examplesStage(checks, pages.facts, reference, lastVerdicts, defer);
    clock.lap("examples");

    // 7. Check: links and anchors, redirect anchors, search documents; `--strict` fails here.
    const checkInput = {
      plan,
      facts: pages.facts,
      base: config.base,
      configFile,
      publicFiles: walk.public.files,
      published: examples.publish,
      errors: examples.diagnostics,
      warnings: [...planned.planned.warnings, ...pages.warnings],
      strict: project.strict,
    };
    const { check, warnings, memo } = checkStage(checkInput, memory?.check);
    clock.lap("check");

    // 8. Search: on a worker, the write stage goes on meanwhile (only the manifest waits for its
    // name); on this thread, it runs first, so the two never peak together.
    const searchInput = { ...searchSetup, defer: strategy.deferSearch, early: tally };
    const searching = clock.time(
      "search",
      searchStage(searchInput, check.searchPages, config.search),
    );
    searching.catch(() => undefined);
    if (!workers.running) {
      await searching;
      clock.lap("search");
    }

    // 9. Write: the pages' files, the client, the not-found page, redirects, host files, the
    // index, the manifest, public/; swap in.
    const links = linkMapOf(config, plan, pages.facts, configFile, loaded.path);
    const notFound: NotFoundTask = { kind: "not-found", page: NOT_FOUND_PAGE, render };
    const wrote = await writeStage({
      config,
      plan,
      assets,
      writer,
      siteKey: planned.siteKey,
      searching: searching.then((s) => s.files),
      cwd,
      target,
      links,
      moved: check.moved,
      pages,
      sitePath,
      planFiles: memory?.planFiles,
      previous: reusable,
      renderNotFound: () => workers.runOne<string>(notFound),
      publicFiles: walk.public.files,
      published: [...examples.publish, figuresOutput(config, plan, pages.facts)],
    });
    const search = await searching;
    // What each stage returned for the next build.
    const stageParts = {
      config: loaded,
      read: { walk, changed: read.changed, lastUpdated },
      planned,
      paged: pagesMade,
      reusable,
      examples,
      check: memo,
      search,
      wrote,
      reference,
    };
    const keep = { remember: strategy.remember, intoFolder: target.dir !== undefined };
    const { next, worthSaving } = nextSnapshot(previous, stageParts, keep);
    if (strategy.persist && worthSaving) strategy.cache?.trySave(next.disk);
    await writer.settle?.();
    clock.lap("write");

    for (const w of warnings) project.onWarning?.(w);
    const result = resultOf({
      config,
      plan,
      check,
      pages,
      warnings,
      timings: clock.timings,
      linkMap: links,
      files: wrote.written.size,
      changed: changedSince(memory, pages.dataFiles, planned.siteKey),
      examples: examples.summary,
    });
    return { result, files: wrote.files, next };
  } catch (e) {
    writer.abort();
    throw e;
  }
}
