/**
 * Running build tasks: on the worker pool, each page under its time budget (a page that runs past
 * it, or takes its worker down, becomes a diagnostic naming it), or on this thread when there are
 * no workers (tests, which run the sources directly).
 */
import type { TransferListItem } from "node:worker_threads";
import type { Diagnostic } from "../core/errors.ts";
import type { PageResult, PagesTask, PageTask, WorkerTask } from "./build-worker.ts";
import { TaskFailure, type WorkerPool } from "./worker-pool.ts";
import { threadCpuMs, watchBudget, type Spent } from "../core/work-budget.ts";

/** How long a task other than a page may take (the not-found page, the search index). */
const OTHER_TASK_BUDGET_MS = 120_000;

/**
 * Most pages one worker task carries: a worker then wakes the main thread (and is woken) once for
 * several pages, not for each (about a millisecond of CPU each way here, at 13 ms a page).
 */
const MAX_PAGES_PER_TASK = 8;

/**
 * Runs page tasks, keeping their order, each page under `budget` ms of work on a worker;
 * `done` hears of each batch of results as it comes in.
 */
export async function runPageTasks(
  tasks: PageTask[],
  pool: WorkerPool | undefined,
  budget: number,
  done?: (results: PageResult[]) => void,
): Promise<PageResult[]> {
  if (tasks.length === 0) return [];
  if (!pool) {
    const { runTask } = await import("./build-worker.ts");
    const out: PageResult[] = [];
    for (const task of tasks) {
      out.push((await runTask(task)) as PageResult);
      done?.(out.slice(-1));
    }
    return out;
  }
  // Each worker gets at least eight tasks, so the last ones end close together.
  const size = Math.max(
    1,
    Math.min(MAX_PAGES_PER_TASK, Math.floor(tasks.length / (pool.size * 8))),
  );
  const batches: PageTask[][] = [];
  for (let i = 0; i < tasks.length; i += size) batches.push(tasks.slice(i, i + size));
  const running = batches.map(async (b) => {
    const results = await runPages(b, pool, budget);
    done?.(results);
    return results;
  });
  return (await Promise.all(running)).flat();
}

/**
 * Runs pages on one worker, each under `budget` of work from when the worker starts it: the CPU
 * time of its thread (src/node/core/work-budget.ts), so a busy machine never spends it for the
 * page. When the worker is stopped (a page over its budget) or dies, the page it was on gets the
 * diagnostic and the others of the list run again.
 */
async function runPages(
  tasks: PageTask[],
  pool: WorkerPool,
  budget: number,
): Promise<PageResult[]> {
  const progress = new Float64Array(new SharedArrayBuffer(32)).fill(-1);
  const overrun = new AbortController();
  const since = Date.now();
  const stop = watchBudget(
    budget,
    () => pageSpent(progress, since),
    () => overrun.abort(),
  );
  try {
    const task: PagesTask = { kind: "pages", tasks, progress };
    return await pool.run<PageResult[]>(task, budget, undefined, overrun.signal);
  } catch (e) {
    if (!(e instanceof TaskFailure)) throw e;
    const at = progress[0]!;
    // Stopped before its first page (the worker could not start): each page finds out alone.
    if (at < 0 && tasks.length > 1)
      return (await Promise.all(tasks.map((t) => runPages([t], pool, budget)))).flat();
    const page = Math.max(at, 0);
    const failed: PageResult = { errors: [pageFailure(tasks[page]!.source.file, e)], warnings: [] };
    const [before, after] = await Promise.all([
      page > 0 ? runPages(tasks.slice(0, page), pool, budget) : [],
      page < tasks.length - 1 ? runPages(tasks.slice(page + 1), pool, budget) : [],
    ]);
    return [...before, failed, ...after];
  } finally {
    stop();
  }
}

/**
 * What the page under way has spent (see PagesTask.progress): its thread's CPU time since it
 * started, when the thread's is known, and wall time; before the first page, the wall time since
 * `since` (a worker that never starts a page still meets the ceiling).
 */
function pageSpent(progress: Float64Array, since: number): Spent {
  if (progress[0]! < 0) return { cpu: 0, wall: Date.now() - since };
  const wall = Date.now() - progress[1]!;
  const [start, tid] = [progress[2]!, progress[3]!];
  const now = start >= 0 && tid >= 0 ? threadCpuMs(tid) : undefined;
  return { cpu: now === undefined ? undefined : now - start, wall };
}

/** Runs one task on a worker when the pool is up, else on this thread. */
export async function runOne<T>(
  task: WorkerTask,
  pool: WorkerPool | undefined,
  transferList?: TransferListItem[],
): Promise<T> {
  if (pool) return pool.run<T>(task, OTHER_TASK_BUDGET_MS, transferList);
  // The search index needs only its own module: importing the worker's would load the Markdown
  // chain and React on this thread for nothing.
  if (task.kind === "search") {
    const { runSearchTask } = await import("../search/task.ts");
    return runSearchTask(task) as T;
  }
  const { runTask } = await import("./build-worker.ts");
  return (await runTask(task)) as T;
}

/** A page that stopped its worker: named, with what to look for. */
function pageFailure(file: string, e: TaskFailure): Diagnostic {
  return e.kind === "timeout"
    ? {
        file,
        rule: "page-time",
        message: `the page ${e.message} to build, its time budget`,
        hint: "look for Markdown that makes the parser work hard: thousands of unclosed *, _, [ or :, or very deep nesting; split the page",
      }
    : {
        file,
        rule: "page-crash",
        message: `building the page stopped its worker: it ${e.message}`,
        hint: "look for Markdown that makes the parser work hard; split the page",
      };
}
