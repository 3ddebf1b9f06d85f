/** What a build tells its caller, besides the files and the next snapshot. */
import type { SiteConfig } from "../config/schema.ts";
import type { Diagnostic } from "../core/errors.ts";
import type { LinkTargets } from "../core/link-rules.ts";
import type { PlannedPage, SitePlan } from "../site/model.ts";
import type { Header, SearchPage } from "../../shared/types.ts";
import type { LinkMap } from "../core/link-map.ts";
import type { SiteCheck } from "../site/check.ts";
import type { PagesOutcome } from "../pages/render-pages.ts";
import type { MemorySnapshot, Snapshot } from "./snapshot.ts";
import type { OutputFiles } from "../write/writer.ts";
import type { ExampleSummary } from "../examples/summary.ts";

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
   * Routes whose data changed since the last build of this process (with each one's new data
   * file, when it still has one), and whether every page did.
   */
  changed: { routes: string[]; all: boolean; dataFiles: Record<string, string> };
  /** The search index's documents (the search benchmark times the index built from them). */
  searchPages: SearchPage[];
  /** The pages with the fields of spec §3 (headers included). */
  records: (PlannedPage & { headers: Header[] })[];
  /** Where each link came from (written beside the output as well; see src/node/core/link-map.ts). */
  linkMap: LinkMap;
  /** The code blocks the example checks read, by language (src/node/examples/). */
  examples: ExampleSummary;
}

/** What one build gives: its result, the files when they stay in memory, the next snapshot. */
export interface BuildOutput {
  result: BuildResult;
  files?: OutputFiles;
  next: Snapshot;
}

/** The result of a build from what its stages gave. */
export function resultOf(made: {
  config: SiteConfig;
  plan: SitePlan;
  check: SiteCheck;
  pages: Pick<PagesOutcome, "facts" | "cacheHits" | "rendered">;
  warnings: Diagnostic[];
  timings: Record<string, number>;
  files: number;
  changed: BuildResult["changed"];
  linkMap: LinkMap;
  examples: ExampleSummary;
}): BuildResult {
  const { config, plan, check, pages } = made;
  return {
    config,
    plan,
    targets: check.targets,
    pages: plan.pages.length,
    files: made.files,
    warnings: made.warnings,
    timings: made.timings,
    cacheHits: pages.cacheHits,
    rendered: pages.rendered,
    changed: made.changed,
    searchPages: check.searchPages,
    records: plan.pages.map((p) => ({
      ...p,
      headers: pages.facts.get(p.regularPath)?.headers ?? [],
    })),
    linkMap: made.linkMap,
    examples: made.examples,
  };
}

/** What changed since the last build kept in memory (without one: everything). */
export function changedSince(
  last: Pick<MemorySnapshot, "dataFiles" | "siteKey"> | undefined,
  dataFiles: Record<string, string>,
  siteKey: string,
): BuildResult["changed"] {
  const before = last?.dataFiles ?? {};
  const routes = [...new Set([...Object.keys(dataFiles), ...Object.keys(before)])]
    .filter((r) => dataFiles[r] !== before[r])
    .sort();
  return {
    routes,
    all: siteKey !== last?.siteKey,
    dataFiles: Object.fromEntries(
      routes.filter((r) => dataFiles[r]).map((r) => [r, dataFiles[r]!]),
    ),
  };
}

/** A stopwatch of named stages: each lap is the time since the last one. */
export class StageClock {
  readonly timings: Record<string, number> = {};
  private last = performance.now();

  /** Records the time since the last lap as `name`'s. */
  lap(name: string): void {
    const now = performance.now();
    this.timings[name] = Math.round(now - this.last);
    this.last = now;
  }

  /** Records how long `work` takes from now as `name`'s, whatever runs meanwhile. */
  time<T>(name: string, work: Promise<T>): Promise<T> {
    const start = performance.now();
    return work.then((value) => {
      this.timings[name] = Math.round(performance.now() - start);
      return value;
    });
  }
}
