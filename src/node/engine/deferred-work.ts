/**
 * What a build left for later (the dev server: a page edit never waits for them), done after the
 * pages went out, each a function of the last snapshot to the next: the search index, published
 * through the write stage (the last build's files, the new index's, and a route manifest that
 * names it), and the code blocks' checks.
 */
import type { Diagnostic } from "../core/errors.ts";
import { checkDeferredExamples } from "../examples/examples-stage.ts";
import { deferredSearch, type SearchSetup } from "../search/search-stage.ts";
import type { SearchResult } from "../search/task.ts";
import { publishSearch } from "../write/write-stage.ts";
import type { OutputFiles } from "../write/writer.ts";
import type { Snapshot } from "./snapshot.ts";
import type { BuildStrategy } from "./strategy.ts";

/** What the search stage of a build starts from: the previous snapshot's search part. */
export function searchSetupOf(
  previous: Snapshot,
  strategy: BuildStrategy,
  generator: string,
): SearchSetup {
  const { search, searchCounts } = previous.disk;
  return {
    previous: { ...previous.search, search, searchCounts },
    run: (task, transferList) => strategy.workers.runOne<SearchResult>(task, transferList),
    countsFile: strategy.searchCounts,
    generator,
  };
}

/** What the deferred index gave: the files with it (when there is a new one), its entry file, the next snapshot. */
export interface DeferredSearch {
  files?: OutputFiles;
  entry?: string;
  next: Snapshot;
}

/** Makes the index the last build deferred; `files` is undefined when there was none, or it did not change. */
export async function buildDeferredSearch(
  previous: Snapshot,
  strategy: BuildStrategy,
  generator: string,
): Promise<DeferredSearch> {
  const made = await deferredSearch(searchSetupOf(previous, strategy, generator));
  const { search, searchCounts, ...rest } = made.next;
  const next: Snapshot = {
    ...previous,
    disk: { ...previous.disk, search: search ?? new Map(), searchCounts },
    search: rest,
  };
  const memory = previous.memory;
  if (!made.files || !memory) return { next };
  const files = publishSearch(strategy.output, memory, made.files);
  return { files, entry: made.files.entry, next: { ...next, memory: { ...memory, files } } };
}

/** Runs the checks the last build left for later: their errors, and the snapshot with their verdicts. */
export async function checkDeferred(
  previous: Snapshot,
): Promise<{ diagnostics: Diagnostic[]; next: Snapshot }> {
  const later = previous.memory?.examplesLater;
  if (!later) return { diagnostics: [], next: previous };
  const { diagnostics, memo } = await checkDeferredExamples(later, previous.disk.examples);
  return {
    diagnostics,
    next: {
      ...previous,
      disk: { ...previous.disk, examples: memo },
      memory: { ...previous.memory!, examplesLater: undefined },
    },
  };
}
