/**
 * The pages stage: every page reused, rendered again, or parsed and rendered (render-pages.ts),
 * each on a worker under its budget. Plain data in (the plan, the read stage's pages, the last
 * output), plain data out: the pages' facts, their files for the write stage, and what the next
 * build keeps. The workers and what the orchestrator overlaps with the stage (the example checks
 * on parsed pages, the search tally while the workers parse) come in as functions.
 */
import { ContentError, sortDiagnostics, type Diagnostic } from "../core/errors.ts";
import type { PageFacts, ParseOptions } from "../content/parse-page.ts";
import type { CachedPage } from "../content/page-record.ts";
import { DependencyFiles, type FileMemo } from "../content/file-deps.ts";
import type { SitePlan } from "../site/model.ts";
import { assetsPath } from "../../shared/output-layout.ts";
import type { OutputState } from "../write/output-state.ts";
import type { PageResult, PageTask, RenderSetup } from "./page-task.ts";
import { renderPages, type KeptPage, type PagesOutcome, type PageStore } from "./render-pages.ts";

/** What the pages stage reads. */
export interface PagesStageInput {
  contentDir: string;
  /** How pages are parsed: base, site values (with `{openapi}`), roots, the API's worker file. */
  parse: ParseOptions & { roots: NonNullable<ParseOptions["roots"]> };
  plan: SitePlan;
  /** What every page's render shares: a change renders every page again. */
  siteKey: string;
  /** The generator's version (parse keys). */
  generator: string;
  /** The render setup, the site data file's path for the workers included. */
  render: RenderSetup;
  /** What each content file is now, and the bodies this build read. */
  read: { pages: ReadonlyMap<string, CachedPage>; bodies: Map<string, string> };
  /** The files pages read besides their own, as the last build hashed them. */
  lastFiles: FileMemo;
  /** The last output of the same kind (the same folder, or memory), to reuse from. */
  reusable?: OutputState;
  /** The folder the output is written to; "" for memory. */
  outDir: string;
  /** Where the page workers write their files (the output being built); absent: they hand them back. */
  folder?: string;
  canReuse: boolean;
  /** The pages the last build kept in memory; an empty map to start keeping them; undefined: none. */
  kept?: ReadonlyMap<string, KeptPage>;
  cache?: PageStore;
  /** Runs page tasks on the workers; `parsing` counts those that parse; `done` hears of results as they come. */
  run(
    tasks: PageTask[],
    parsing: number,
    done?: (results: PageResult[]) => void,
  ): Promise<PageResult[]>;
  /** The warnings of the stages before (the plan's): a failed pages stage reports them too. */
  warnings: readonly Diagnostic[];
  /** Told of the facts of parsed pages as they come in. */
  onParsed?: (facts: PageFacts[]) => void;
  /** Told of every task once all are on their way, while this thread waits for them. */
  onDispatched?: (tasks: PageTask[]) => void;
}

/** What the pages stage gives the stages after it, and the next build. */
export interface PagesStage {
  pages: PagesOutcome;
  /** The files pages read besides their own: the next snapshot's part. */
  deps: DependencyFiles;
}

/** Runs the pages; throws their errors. */
export async function pagesStage(input: PagesStageInput): Promise<PagesStage> {
  const { parse } = input;
  const deps = new DependencyFiles(parse.roots, input.lastFiles);
  const pages = await renderPages({
    plan: input.plan,
    pages: input.read.pages,
    bodies: input.read.bodies,
    contentDir: input.contentDir,
    parse,
    files: deps,
    render: input.render,
    siteKey: input.siteKey,
    generator: input.generator,
    folder: input.folder,
    canReuse: input.canReuse,
    assetsDir: assetsPath(parse.base),
    previous: input.reusable,
    outDir: input.outDir,
    cache: input.cache,
    kept: input.kept,
    run: input.run,
    parsed: input.onParsed,
    dispatched: input.onDispatched,
  });
  if (pages.errors.length)
    throw new ContentError(
      sortDiagnostics(pages.errors),
      sortDiagnostics([...input.warnings, ...pages.warnings]),
    );
  return { pages, deps };
}
