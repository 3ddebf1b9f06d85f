/**
 * The build's worker threads (piscina): a task that runs past its time budget stops its worker,
 * and a worker that crashes (out of memory, an exit) is replaced, so one page can never stall or
 * break a build. (tinypool was tried first: a worker that exits leaves its task pending forever.)
 */
import { availableParallelism } from "node:os";
import type { TransferListItem } from "node:worker_threads";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";

/** Why a task did not give a result. */
export class TaskFailure extends Error {
  constructor(
    readonly kind: "timeout" | "crash",
    /** `took longer than 10 s`, `ran out of memory`, `worker exited with code: 3`. */
    message: string,
  ) {
    super(message);
    this.name = "TaskFailure";
  }
}

/** Runs tasks on worker threads, each under a time budget counted from when a worker takes it. */
export class WorkerPool {
  private readonly pool: Piscina;
  private running = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    script: URL,
    /** Load the highlighter as soon as a worker starts (a build with many pages to parse). */
    warm = false,
  ) {
    this.pool = new Piscina({
      filename: script.href,
      workerData: { warm },
      minThreads: size,
      maxThreads: size,
      // Parsing allocates many short-lived nodes, and a page's trees live until it is written: a
      // young generation that holds them (64 MB) lets them die young instead of being promoted and
      // collected again; at 48 MB the build took about a third more CPU, larger grows the heap for
      // little (docs/decisions.md, "Worker heaps"). A capped old generation makes a runaway page
      // fail on its own worker, not grow the process.
      resourceLimits: { maxYoungGenerationSizeMb: 64, maxOldGenerationSizeMb: 512 },
      idleTimeout: 60_000,
    });
  }

  /**
   * Runs `task`; rejects with TaskFailure("timeout") when it runs past `budgetMs` (the worker is
   * stopped and replaced) or TaskFailure("crash") when its worker dies. Tasks are handed to
   * piscina only when a thread is free, so the budget never counts time spent in the queue. An
   * error the task itself throws is a bug of ours and is passed on as it is. `overrun`, when
   * given, says when the budget is spent instead of a timer (a task of several pages).
   */
  async run<T>(
    task: unknown,
    budgetMs: number,
    transferList?: TransferListItem[],
    overrun?: AbortSignal,
  ): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    const signal = overrun ?? AbortSignal.timeout(budgetMs);
    const running = this.pool.run(task, { signal, ...(transferList && { transferList }) });
    this.inFlight.add(running);
    try {
      return (await running) as T;
    } catch (e) {
      if (signal.aborted) throw new TaskFailure("timeout", `took longer than ${budgetMs / 1000} s`);
      const err = e as { code?: string; message?: string } | null;
      if (err?.code === "ERR_WORKER_OUT_OF_MEMORY")
        throw new TaskFailure("crash", "ran out of memory");
      if (err?.message?.startsWith("worker exited")) throw new TaskFailure("crash", err.message);
      throw e;
    } finally {
      this.inFlight.delete(running);
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /**
   * Stops every worker, once the tasks under way have ended (a worker that answers while the pool
   * is being destroyed makes piscina fail as a whole).
   */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await this.pool.destroy();
  }
}

/** The bundled worker script beside the bundled CLI, if this is the bundled CLI. */
export function workerScript(): URL | undefined {
  const url = new URL("./build-worker.mjs", import.meta.url);
  return import.meta.url.endsWith(".mjs") && existsSync(fileURLToPath(url)) ? url : undefined;
}

/**
 * How many workers to start for `items` pages of work: at least one, so every page runs under its
 * budget; at most one per core, or `threads` (Settings.workers; 0: none, pages on the main thread).
 */
export function poolSize(items: number, threads?: number): number {
  const cap = threads ?? availableParallelism();
  if (!(cap > 0)) return 0;
  return Math.max(1, Math.min(cap, Math.ceil(items / 30)));
}
