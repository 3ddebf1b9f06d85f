/**
 * One build, as a function of the last one: the previous snapshot and what changed in; the
 * files, the result and the next snapshot out. The stages run in order, each named and timed:
 * config → read → reference → plan → pages → examples → check → search → write. A page is parsed
 * only when its file or a site value it read changed, rendered only when it or the site around it
 * changed, and otherwise taken from the previous output as it is. The callers (src/node/build-site.ts, the dev server)
 * differ only by their strategy (./strategy.ts).
 */
import { lastCommitDates } from "../content/git-dates.ts";
import type { PageFacts } from "../content/parse-page.ts";
import { NOT_FOUND_PAGE } from "../render/page-data.ts";
import type { NotFoundTask } from "./build-worker.ts";
import { checkStage } from "./check-stage.ts";
import { configStage } from "./config-stage.ts";
import { examplesStage, warmExamples, withDescriptionProblems } from "./examples-stage.ts";
import { searchStageOf } from "./deferred-search.ts";
import { pagesStage } from "./pages-stage.ts";
import { planStage } from "./plan-stage.ts";
import { referenceStage } from "./reference-stage.ts";
import { projectPaths, readStage, type BuildChanges } from "./read-stage.ts";
import { changedSince, resultOf, StageClock, type BuildOutput } from "./result.ts";
import { nextSnapshot, type Snapshot } from "./snapshot.ts";
import type { BuildStrategy, Project } from "./strategy.ts";
import { linkMapOf, writeStage } from "./write-stage.ts";

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

  // 1. Config, before any other work.
  const where = { cwd, contentDir, publicDir: paths.publicDir, configFile: project.configFile };
  const loaded = await configStage(where, target, previous.disk.config);
  const { config, configFile } = loaded;
  clock.lap("config");

  // 2. Read: discover content/ and public/, then read only what changed.
  const { walk, read } = readStage(paths, previous, changes);
  // Files changed: a worker starts now, loading the Markdown chain while this thread plans.
  if (read.bodies.size) workers.start(read.bodies.size);
  clock.lap("read");
  // The REST API's description after the read: the workers started above warm up meanwhile.
  const reference = await referenceStage(config, loaded.path, cwd, strategy);
  clock.lap("reference");
  // Many pages to parse, so many blocks without a verdict: the checks load their parsers meanwhile
  // (after the description, which the pages wait for) and check each page's blocks as it comes back.
  const lastMemo = previous.disk.examples;
  const defer = strategy.deferExamples;
  const warm = warmExamples(config, loaded.path, cwd, read.bodies.size, reference, lastMemo, defer);

  // 3. Plan: routes, sidebar, prev/next, redirects; the site data and the asset URLs.
  const lastUpdated = memory?.lastUpdated ?? lastCommitDates(contentDir);
  const sources = [...read.pages.values()].map((p) => p.source);
  const assets = await project.assets();
  const { devClient } = project;
  const planInput = { config, configFile, sources, lastUpdated, assets, devClient };
  const planned = planStage(planInput, memory?.plan);
  const { plan } = planned.planned;
  clock.lap("plan");

  // 4. Pages: reused, rendered again, or parsed and rendered, each on a worker under its budget.
  const writer = target.open(memory?.files, (dir) =>
    workers.running ? workers.runOne<void>({ kind: "remove", dir }) : undefined,
  );
  try {
    const search = searchStageOf(previous, strategy);
    const parse = {
      base: config.base,
      siteValues: reference.pageValues,
      roots: paths.roots,
      siteUrl: config.siteUrl,
      openapi: reference.workerFile,
      cli: reference.cliFile,
    };
    const parsed = warm.ahead && ((f: PageFacts[]) => warm.ahead!.add(f.flatMap((p) => p.samples)));
    const paged = await pagesStage(
      { contentDir, parse, planned, read, writer, search, parsed },
      previous,
      strategy,
    ).catch(async (e: unknown) => {
      throw await withDescriptionProblems(e, warm, reference);
    });
    const { pages, render, sitePath, reusable } = paged;
    clock.lap("pages");

    // 5. Examples: every code block through the checks of its language.
    const examples = await examplesStage(warm, pages.facts, reference, lastMemo, defer);
    clock.lap("examples");

    // 6. Check: links and anchors, redirect anchors, search documents; `--strict` fails here.
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

    // 7. Search: on a worker, the write stage goes on meanwhile (only the manifest waits for its
    // name); on this thread, it runs first, so the two never peak together.
    const searching = clock.time("search", search.files(check.searchPages, config.search));
    searching.catch(() => undefined);
    if (!workers.running) {
      await searching;
      clock.lap("search");
    }

    // 8. Write: the client, the not-found page, redirects, host files, the index, the manifest,
    // public/; swap in.
    const links = linkMapOf(config, plan, pages.facts, configFile, loaded.path);
    const notFound: NotFoundTask = { kind: "not-found", page: NOT_FOUND_PAGE, render };
    const wrote = await writeStage({
      config,
      plan,
      assets,
      writer,
      siteKey: planned.siteKey,
      searching,
      cwd,
      target,
      links,
      pages,
      sitePath,
      fromPlan: planned.fromPlan,
      previous: reusable,
      renderNotFound: () => workers.runOne<string>(notFound),
      publicFiles: walk.public.files,
      published: examples.publish,
    });
    const files = writer.committedFiles?.();
    const parts = { config: loaded, read: { walk, changed: read.changed, lastUpdated }, planned };
    const made = { paged, examples, check: memo, search, wrote, files, reference };
    const how = { remember: strategy.remember, intoFolder: target.dir !== undefined };
    const { next, worthSaving } = nextSnapshot(previous, { ...parts, ...made }, how);
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
    return { result, files, next };
  } catch (e) {
    writer.abort();
    throw e;
  }
}
