/**
 * `build`: one build from the build cache's snapshot (docs/design.md §1), into a folder swapped in at
 * the end, or into a writer the caller hands over (tests). The stages live in src/node/engine/; the
 * dev server is the other caller of the same function (src/node/serve/dev-session.ts).
 */
import { join, resolve } from "node:path";
import type { Diagnostic } from "./core/errors.ts";
import { build } from "./engine/pipeline.ts";
import { BuildCache, cacheDir } from "./engine/build-cache.ts";
import type { BuildResult } from "./engine/result.ts";
import { emptySnapshot } from "./engine/snapshot.ts";
import { folderOutput, memoryOutput } from "./write/output-target.ts";
import { type BuildStrategy } from "./engine/strategy.ts";
import { SEARCH_ON_WORKER_MAX_RENDERED, Workers } from "./engine/workers.ts";
import { stopStepChecker } from "./examples/step-types-process.ts";
import { clientAssets, type ClientAssets } from "./render/assets.ts";
import { readSettings, type Settings } from "./core/settings.ts";
import type { Writer } from "./write/writer.ts";

/** Options of one build. */
export interface BuildOptions {
  cwd?: string;
  contentDir?: string;
  outDir?: string;
  configFile?: string;
  /** Keep a cache on disk between processes. @default true */
  cache?: boolean;
  /** Where the files go instead of an FsWriter on outDir (tests: a MemoryWriter). */
  writer?: Writer;
  /** Called with each non-fatal diagnostic. */
  onWarning?: (d: Diagnostic) => void;
  /** Warnings fail the build (as errors) before anything is written: `build --strict`. @default false */
  strict?: boolean;
  /** The worker script; `null` runs pages on this thread (no time budget). @default the bundled worker */
  workerScript?: URL | null;
  /** The client's files. @default the prebuilt ones */
  assets?: () => Promise<ClientAssets>;
  /** The run's settings. @default read from the environment here, at the library's edge */
  settings?: Settings;
}

export type { BuildResult };

/** Builds the site; throws ContentError/BrookError and leaves the previous output as it was. */
export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const settings = options.settings ?? readSettings(process.env);
  const cwd = resolve(options.cwd ?? process.cwd());
  const contentDir = resolve(cwd, options.contentDir ?? "content");
  const outDir = resolve(cwd, options.outDir ?? "dist");
  const cache =
    options.cache === false
      ? undefined
      : new BuildCache(cacheDir(cwd, contentDir), settings.generator);
  const { writer } = options;
  const workers = new Workers(options.workerScript, settings.workers);
  const workerDir = join(cache?.dir ?? memorySiteDir(cwd), "site");
  const strategy: BuildStrategy = {
    output: writer ? memoryOutput(() => writer, workerDir) : folderOutput(outDir, cwd),
    workers,
    deferSearch: false,
    deferExamples: false,
    remember: false,
    // One that rendered many is done with its workers: their heaps go back before the index's peak.
    releaseWorkersOver: SEARCH_ON_WORKER_MAX_RENDERED,
    cache,
    persist: true,
    // The index's counts are kept in the cache: the next build counts only the pages that changed.
    searchCounts: cache?.searchCountsPath,
    workerDir,
  };
  const project = {
    cwd,
    settings,
    contentDir,
    configFile: options.configFile,
    strict: options.strict ?? false,
    onWarning: options.onWarning,
    assets: options.assets ?? (() => clientAssets(settings.assetsDir, settings.root)),
  };
  try {
    const { result } = await build(project, emptySnapshot(cache?.load()), undefined, strategy);
    return result;
  } finally {
    await Promise.all([workers.close(), stopStepChecker()]);
  }
}

/** Where a build without a cache keeps the site data file its workers read. */
export function memorySiteDir(cwd: string): string {
  return join(cwd, "node_modules", ".cache", "brook-docs", "memory");
}
