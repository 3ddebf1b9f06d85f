/**
 * What one build hands the next: a plain snapshot, never written after it is made. Each stage
 * reads its part of the previous snapshot and returns its part of the next one (Rollup's
 * `cache`, TypeScript's `oldProgram`). The disk part is what the build cache saves between
 * processes; the memory part only lives in a process that builds again (the dev server).
 */
import type { Walk } from "../content/read-stage.ts";
import type { LastUpdated } from "../content/git-dates.ts";
import type { SiteConfig } from "../config/schema.ts";
import type { OutputFiles } from "../write/writer.ts";
import { emptyState, type CacheState } from "./build-cache.ts";
import { type OutputState } from "../write/output-state.ts";
import type { CheckMemo } from "../site/check-stage.ts";
import type { KeptPage } from "../pages/render-pages.ts";
import type { PlanMemo } from "../site/plan-stage.ts";
import type { SearchSnapshot } from "../search/search-stage.ts";
import type { PlanFiles } from "../write/site-files.ts";
import type { ReferenceMemo } from "../reference/openapi-stage.ts";
import type { SiteExampleInput } from "../examples/examples-stage.ts";

/** The snapshot of a build. */
export interface Snapshot {
  /** What the build cache keeps on disk (config, sources, parses, outputs, search index). */
  readonly disk: Readonly<CacheState>;
  /** The search stage's own part (the index files and counts are in `disk`). */
  readonly search: SearchSnapshot;
  /** Kept only by a caller that builds again in the same process (see MemorySnapshot). */
  readonly memory?: MemorySnapshot;
}

/** What a build kept in memory remembers for the next one. */
export interface MemorySnapshot {
  /** What the read stage found in content/ and public/ (a build told what changed walks neither). */
  walk: Walk;
  /** Each content file's last commit: asked of git once per process. */
  lastUpdated: Map<string, LastUpdated>;
  plan: PlanMemo;
  /** Each page's body and files, by route. */
  kept: ReadonlyMap<string, KeptPage>;
  check?: CheckMemo;
  /** The outputs of the last build, in memory, with the keys of their inputs. */
  output: OutputState;
  /** The files of the last build, which an unchanged file is taken from. */
  files?: OutputFiles;
  /** route → data file, and the key of what every page shares: what the next build's `changed` compares. */
  dataFiles: Record<string, string>;
  siteKey: string;
  /** The config of the last build (the deferred search index writes its manifest by it). */
  config: SiteConfig;
  /** The descriptions of Brook the build read (OpenAPI, CLI, runtime): the dev server watches them with the config. */
  referenceFiles: string[];
  /** The code blocks' checks a build left for later (`checkDeferredExamples`). */
  examplesLater?: SiteExampleInput;
  /** What the write stage made from the plan alone, kept while the plan is the same. */
  planFiles?: PlanFiles;
  /** The REST API's description as this build loaded it. */
  reference?: ReferenceMemo;
}

/** A snapshot with nothing in it: the first build of a process without a cache. */
export function emptySnapshot(disk: CacheState = emptyState()): Snapshot {
  return { disk, search: {} };
}

/** What the stages of one build returned that the next build reads, by stage. */
export interface StageParts {
  config: { config: SiteConfig; loaded?: CacheState["config"] };
  read: { walk: MemorySnapshot["walk"]; changed: boolean; lastUpdated: Map<string, LastUpdated> };
  planned: { memo: PlanMemo; siteKey: string };
  paged: {
    pages: {
      sources: CacheState["pages"];
      kept?: Map<string, KeptPage>;
      dataFiles: Record<string, string>;
      rendered: number;
    };
    /** The files pages read besides their own. */
    deps: { next(): CacheState["files"]; changed: boolean };
  };
  /** The last output the pages stage reused from, if any. */
  reusable?: OutputState;
  examples: { memo?: CacheState["examples"]; later?: SiteExampleInput };
  check?: CheckMemo;
  search: { next: SearchSnapshot; made: boolean };
  /** What the write stage wrote, with the files of the build kept in memory. */
  wrote: { output: OutputState; made: boolean; planFiles: PlanFiles; files?: OutputFiles };
  /** The descriptions of Brook the build read (the dev server watches them), and the REST API's as loaded. */
  reference: { inputs: string[]; openapi?: { memo: ReferenceMemo } };
}

/**
 * The next snapshot from the parts the stages returned: the disk part (the output record only
 * for a build into a folder) and, when the caller builds again (`remember`), the memory part.
 * `worthSaving`: a stage made something new, so the build cache should save the disk part (a
 * warm build that changed nothing does not write the cache again).
 */
export function nextSnapshot(
  previous: Snapshot,
  parts: StageParts,
  how: { remember: boolean; intoFolder: boolean },
): { next: Snapshot; worthSaving: boolean } {
  const { config, read, planned, examples, wrote, reusable } = parts;
  const { pages, deps } = parts.paged;
  const { search, searchCounts, ...searchRest } = parts.search.next;
  const memory: MemorySnapshot | undefined = how.remember
    ? {
        walk: read.walk,
        lastUpdated: read.lastUpdated,
        plan: planned.memo,
        kept: pages.kept ?? new Map(),
        check: parts.check,
        output: wrote.output,
        files: wrote.files,
        planFiles: wrote.planFiles,
        config: config.config,
        siteKey: planned.siteKey,
        dataFiles: pages.dataFiles,
        referenceFiles: parts.reference.inputs,
        reference: parts.reference.openapi?.memo,
        examplesLater: examples.later,
      }
    : undefined;
  const next: Snapshot = {
    disk: {
      config: config.loaded,
      pages: pages.sources,
      files: deps.next(),
      examples: examples.memo,
      output: how.intoFolder ? wrote.output : previous.disk.output,
      search: search ?? new Map(),
      searchCounts,
    },
    search: searchRest,
    memory,
  };
  const made =
    config.loaded !== previous.disk.config ||
    read.changed ||
    deps.changed ||
    parts.search.made ||
    examples.memo !== previous.disk.examples;
  const outputMade = how.intoFolder && (!reusable || pages.rendered > 0 || wrote.made);
  return { next, worthSaving: made || outputMade };
}
