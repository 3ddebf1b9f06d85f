/**
 * What the environment says about one run, read once at the edge (the command line, or the entry
 * of a library function a test calls) and passed in from there: no module below reads
 * `process.env`. Three are set by `bin/brook-docs.js`, because the bundled code runs from another
 * folder than the sources (BROOK_DOCS_ROOT, BROOK_DOCS_ASSETS, BROOK_DOCS_GENERATOR); the others
 * are a writer's or a test's (README, "Tests" and "Security").
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BrookError } from "./errors.ts";

/** The run's settings. */
export interface Settings {
  /** The generator's own folder (src/, templates/, package.json). */
  root: string;
  /** The bundled reader's client, made by the bin; undefined: built once per process (tests). */
  assetsDir?: string;
  /** A hash of the generator's code: every cache key changes with it ("dev" when unbundled). */
  generator: string;
  /** Threads for the page workers (BROOK_DOCS_WORKERS; 0: pages on this thread); undefined: one per core. */
  workers?: number;
  /** Replaces the config's `analytics.gtmId` (BROOK_DOCS_GTM_ID; empty: no tag manager). */
  gtmId?: string;
  /** Progress lines off (BROOK_DOCS_QUIET). */
  quiet: boolean;
  /** The work a page may take on a worker, in ms (BROOK_DOCS_PAGE_BUDGET_MS); undefined: 10 s. */
  pageBudgetMs?: number;
  /** The work TypeScript may take over one block, in ms (BROOK_DOCS_CHECK_BUDGET_MS); undefined: a page's. */
  checkBudgetMs?: number;
  /** The step-types checker process's heap, in MB (BROOK_DOCS_CHECK_HEAP_MB); undefined: V8's. */
  checkHeapMb?: number;
}

/** The generator's folder when the sources run as they are (tests): three levels above this file. */
export const SOURCE_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** Reads the settings from `env`; a value that cannot be one is a BrookError naming the variable. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const workers = env.BROOK_DOCS_WORKERS;
  if (workers !== undefined && !/^\d+$/.test(workers))
    throw new BrookError(
      `BROOK_DOCS_WORKERS=${workers} is not a number of threads`,
      "set a whole number (0 runs the pages on the main thread), or unset it",
    );
  const gtmId = env.BROOK_DOCS_GTM_ID;
  if (gtmId !== undefined && gtmId !== "" && !/^GTM-[A-Z0-9]+$/.test(gtmId))
    throw new BrookError(
      `BROOK_DOCS_GTM_ID=${gtmId} is not a tag manager id`,
      "use an id like GTM-ABC123, or unset it",
    );
  /** A budget's variable: a whole number above 0, or unset (or empty). */
  const budget = (name: string, unit: string, example: number): number | undefined => {
    const value = env[name];
    if (value === undefined || value === "") return undefined;
    if (!/^[1-9]\d*$/.test(value))
      throw new BrookError(
        `${name}=${value} is not a number of ${unit}`,
        `set a whole number above 0 (${name}=${example}), or unset it for the default`,
      );
    return Number(value);
  };
  return {
    root: env.BROOK_DOCS_ROOT ?? SOURCE_ROOT,
    assetsDir: env.BROOK_DOCS_ASSETS || undefined,
    generator: env.BROOK_DOCS_GENERATOR ?? "dev",
    workers: workers === undefined ? undefined : Number(workers),
    gtmId,
    quiet: Boolean(env.BROOK_DOCS_QUIET),
    pageBudgetMs: budget("BROOK_DOCS_PAGE_BUDGET_MS", "milliseconds", 20000),
    checkBudgetMs: budget("BROOK_DOCS_CHECK_BUDGET_MS", "milliseconds", 20000),
    checkHeapMb: budget("BROOK_DOCS_CHECK_HEAP_MB", "megabytes", 2048),
  };
}
