/**
 * What differs between the callers of one build: where the output goes (a folder swapped in, or
 * memory), when the search index is made (now, or after the pages went out), what the workers
 * do between builds, and what is remembered for the next build. The stages never ask who called.
 */
import type { Diagnostic } from "../core/errors.ts";
import type { Settings } from "../core/settings.ts";
import type { ClientAssets } from "../render/assets.ts";
import type { OutputTarget } from "../write/output-target.ts";
import type { BuildCache } from "./build-cache.ts";
import type { Workers } from "./workers.ts";

/** How a build runs, by its caller. */
export interface BuildStrategy {
  output: OutputTarget;
  workers: Workers;
  /** Leave a changed search index for `buildDeferredSearch`, the last one published meanwhile. */
  deferSearch: boolean;
  /** Leave the code blocks' checks for `checkDeferredExamples`, after the pages went out (a changed block never delays them). */
  deferExamples: boolean;
  /** Keep the walk, the plan, each page's files and the output in the next snapshot (a process that builds again). */
  remember: boolean;
  /**
   * Stop the workers once the pages are done when more pages than this were rendered: their heaps
   * go back before the search index's peak on this thread. `Infinity` keeps them (the dev server).
   */
  releaseWorkersOver: number;
  /** The build cache: bodies and highlighted blocks the workers keep. */
  cache?: BuildCache;
  /** Save the next snapshot's disk part in the cache when the build changed it (a one-off build). */
  persist: boolean;
  /** Where the counts of the last search index are kept, so the next counts only the pages that changed. */
  searchCounts?: string;
  /** Where this thread leaves files for the workers to read (the API description's), named by their hash. */
  workerDir: string;
}

/** What a build reads besides the snapshot: the project. */
export interface Project {
  cwd: string;
  /**
   * The run's settings: the generator's folder and version, the tag manager id that replaces the
   * config's, and the budgets of a page and of a block's type check.
   */
  settings: Pick<
    Settings,
    "root" | "generator" | "gtmId" | "pageBudgetMs" | "checkBudgetMs" | "checkHeapMb"
  >;
  contentDir: string;
  configFile?: string;
  /** Warnings fail the build (as errors) before anything is written: `build --strict`. */
  strict: boolean;
  /** Called with each non-fatal diagnostic of a good build. */
  onWarning?: (d: Diagnostic) => void;
  /** The client's files. */
  assets: () => Promise<ClientAssets>;
  /** Every page links the live-reload client from this URL (the dev server's builds). */
  devClient?: string;
}
