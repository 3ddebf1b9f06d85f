/**
 * The build's workers: started when there is work (early, as soon as the read stage finds a
 * changed file), started again with more threads when more work turns up, or none at all (tests
 * run the sources on this thread). A one-off build owns its own and stops them; the dev server
 * keeps one across builds, warm. The only live resource a build uses: snapshots hold data only.
 */
import type { TransferListItem } from "node:worker_threads";
import type { PageResult, PageTask, WorkerTask } from "./build-worker.ts";
import { poolSize, WorkerPool, workerScript } from "./worker-pool.ts";
import { runOne, runPageTasks } from "./run-tasks.ts";
import { PAGE_TIME_BUDGET_MS } from "../content/limits.ts";

/** More tasks than this that parse: the workers load the highlighter as soon as they start. */
export const WARM_START_MIN_PARSED = 30;

/**
 * A build that rendered at most this many pages builds its search index on its (warm) worker;
 * a one-off build that rendered more stops its workers once the pages are written.
 */
export const SEARCH_ON_WORKER_MAX_RENDERED = 30;

/** The workers of one build, or of a dev server's builds. */
export class Workers {
  private pool?: WorkerPool;
  private readonly script?: URL;

  /**
   * `script`: the worker script; `null` runs every task on this thread. @default the bundled worker
   * `threads`: at most this many (Settings.workers). @default one per core
   */
  constructor(
    script?: URL | null,
    private readonly threads?: number,
  ) {
    const chosen = script === undefined ? workerScript() : script;
    this.script = chosen && poolSize(1, threads) > 0 ? chosen : undefined;
  }

  /** Whether tasks run on worker threads now. */
  get running(): boolean {
    return this.pool !== undefined;
  }

  /**
   * Makes sure workers are up for `items` tasks of which `parsing` parse: started if there are
   * none, started again with more threads if those started early are too few.
   */
  start(items: number, parsing = items): void {
    if (!this.script) return;
    const size = poolSize(items, this.threads);
    if (this.pool && this.pool.size >= size) return;
    // Replaced at once: the old pool stops once the tasks it took (the pages whose files changed) are done.
    const old = this.pool;
    this.pool = new WorkerPool(size, this.script, parsing > WARM_START_MIN_PARSED);
    void old?.close().catch(() => undefined);
  }

  /**
   * Runs page tasks on the workers (started when there is work), keeping their order, each page
   * under `budgetMs` of work (undefined: PAGE_TIME_BUDGET_MS); `done` hears of results as they come.
   */
  runPages(
    tasks: PageTask[],
    parsing: number,
    budgetMs: number | undefined,
    done?: (results: PageResult[]) => void,
  ): Promise<PageResult[]> {
    if (tasks.length) this.start(tasks.length, parsing);
    return runPageTasks(tasks, this.pool, budgetMs ?? PAGE_TIME_BUDGET_MS, done);
  }

  /** Runs one task on a worker when they are up, else on this thread. */
  runOne<T>(task: WorkerTask, transferList?: TransferListItem[]): Promise<T> {
    return runOne<T>(task, this.pool, transferList);
  }

  /** Stops the workers (a later task runs on this thread, or starts them again). */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }
}
