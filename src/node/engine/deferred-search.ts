/**
 * The search index a build left for later (the dev server: a page edit never waits for it),
 * made after the pages went out and published through the build's own write path: the last
 * build's files, the new index's, and a route manifest that names it.
 */
import { assetsPath, manifestPath } from "../../shared/output-layout.ts";
import type { OutputFiles } from "../write/writer.ts";
import { SearchStage } from "../search/stage.ts";
import { writeManifest } from "./site-files.ts";
import type { Snapshot } from "./snapshot.ts";
import type { BuildStrategy } from "./strategy.ts";
import { writeSearch } from "./write-stage.ts";

/** The search stage of a build, from the previous snapshot's search part. */
export function searchStageOf(previous: Snapshot, strategy: BuildStrategy): SearchStage {
  const { search, searchCounts } = previous.disk;
  return new SearchStage(
    { ...previous.search, search, searchCounts },
    (task, transferList) => strategy.workers.runOne(task, transferList),
    strategy.deferSearch,
    strategy.searchCounts,
  );
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
): Promise<DeferredSearch> {
  const stage = searchStageOf(previous, strategy);
  const fresh = await stage.deferred();
  const { search, searchCounts, ...rest } = stage.snapshot();
  const next: Snapshot = {
    ...previous,
    disk: { ...previous.disk, search: search ?? new Map(), searchCounts },
    search: rest,
  };
  const memory = previous.memory;
  if (!fresh || !memory) return { next };
  const { config } = memory;
  const manifest = manifestPath(config.base);
  const writer = strategy.output.open(memory.files, () => undefined);
  const written = new Set<string>();
  for (const path of memory.files?.keys() ?? [])
    if (path !== manifest) {
      writer.reuse?.(path, path);
      written.add(path);
    }
  const assetsDir = assetsPath(config.base);
  writeSearch(writer, assetsDir, fresh, written);
  const site = { config, plan: memory.plan.planned.plan, dataFiles: memory.dataFiles };
  writeManifest({ ...site, writer, assetsDir, written }, fresh.entry);
  writer.commit();
  const files = writer.committedFiles?.();
  return { files, entry: fresh.entry, next: { ...next, memory: { ...memory, files } } };
}
