/**
 * The pages stage as the orchestrator runs it: the site data file written first (the workers read
 * it), then every page reused, rendered again, or parsed and rendered (./pages.ts), each on a
 * worker under its budget. A build that parses a few pages starts its search index's tally while
 * the workers parse; one that rendered many stops its workers after, so their heaps go back before
 * the index's peak on this thread.
 */
import { ContentError } from "../core/errors.ts";
import type { PageFacts, ParseOptions } from "../content/parse-page.ts";
import type { SearchStage } from "../search/stage.ts";
import { assetsPath } from "../../shared/output-layout.ts";
import type { RenderSetup } from "./build-worker.ts";
import type { Writer } from "../write/writer.ts";
import type { OutputState } from "./cache.ts";
import { sortDiagnostics } from "./diagnostics.ts";
import { DependencyFiles } from "./file-deps.ts";
import { renderPages, type PagesOutcome } from "./pages.ts";
import type { PlanStage } from "./plan-stage.ts";
import type { ReadStage } from "./read-stage.ts";
import type { Snapshot } from "./snapshot.ts";
import type { BuildStrategy } from "./strategy.ts";
import { SEARCH_ON_WORKER_MAX_RENDERED } from "./workers.ts";

/** What the pages stage reads besides the plan and the read stage's pages. */
export interface PagesStageInput {
  contentDir: string;
  /** How pages are parsed: base, site values (with `{openapi}`), roots, the API's worker file. */
  parse: ParseOptions & { roots: NonNullable<ParseOptions["roots"]> };
  planned: PlanStage;
  read: ReadStage["read"];
  writer: Writer;
  search: SearchStage;
  /** Told of parsed pages' facts as they come in. */
  parsed?: (facts: PageFacts[]) => void;
}

/** What the pages stage gives the stages after it. */
export interface PagesStage {
  pages: PagesOutcome;
  /** The render setup the not-found page shares. */
  render: RenderSetup;
  /** The site data file's output path. */
  sitePath: string;
  /** The last output of the same kind (the same folder, or memory), reused from. */
  reusable?: OutputState;
  /** The files pages read besides their own: the next snapshot's part. */
  deps: DependencyFiles;
}

/** Runs the pages; throws their errors. */
export async function pagesStage(
  input: PagesStageInput,
  previous: Snapshot,
  strategy: BuildStrategy,
): Promise<PagesStage> {
  const { planned, read, writer, search, parse } = input;
  const { output: target, workers } = strategy;
  const memory = previous.memory;
  const { plan } = planned.planned;
  const assetsDir = assetsPath(parse.base);
  const sitePath = assetsDir + planned.siteFile;
  writer.write(sitePath, planned.siteJson);
  const render: RenderSetup = {
    ...planned.render,
    sitePath: target.siteDataPath(writer, sitePath, planned.siteFile, planned.siteJson),
  };
  const last = target.dir === undefined ? memory?.output : previous.disk.output;
  const reusable = last?.dir === (target.dir ?? "") ? last : undefined;
  const deps = new DependencyFiles(parse.roots, previous.disk.files);
  const pages = await renderPages({
    plan,
    pages: read.pages,
    bodies: read.bodies,
    contentDir: input.contentDir,
    parse,
    files: deps,
    render,
    siteKey: planned.siteKey,
    writer,
    assetsDir,
    previous: reusable,
    outDir: target.dir ?? "",
    cache: strategy.cache,
    kept: memory?.kept ?? (strategy.remember ? new Map() : undefined),
    run: (tasks, parsing, done) => workers.runPages(tasks, parsing, done),
    parsed: input.parsed,
    dispatched: (tasks) => {
      if (workers.running && tasks.length && tasks.length <= SEARCH_ON_WORKER_MAX_RENDERED)
        search.countAhead(plan, read.pages, tasks);
    },
  });
  if (pages.errors.length) throw new ContentError(sortDiagnostics(pages.errors));
  if (pages.rendered > strategy.releaseWorkersOver) await workers.close();
  return { pages, render, sitePath, reusable, deps };
}
