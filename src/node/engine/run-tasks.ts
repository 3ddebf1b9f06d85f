/**
 * Running build tasks: on the worker pool, each page under its time budget (a page that runs past
 * it, or takes its worker down, becomes a diagnostic naming it), or on this thread when there are
 * no workers (tests, which run the sources directly).
 */
import type { TransferListItem } from "node:worker_threads";
import { PAGE_TIME_BUDGET_MS } from "../content/limits.ts";
import type { Diagnostic } from "../core/errors.ts";
import type { PageResult, PagesTask, PageTask, WorkerTask } from "./build-worker.ts";
import { TaskFailure, type WorkerPool } from "./worker-pool.ts";

/** How long a task other than a page may take (the not-found page, the search index). */
const OTHER_TASK_BUDGET_MS = 120_000;

/**
 * Most pages one worker task carries: a worker then wakes the main thread (and is woken) once for
 * several pages, not for each (about a millisecond of CPU each way here, at 13 ms a page).
 */
const MAX_PAGES_PER_TASK = 8;

/** Runs page tasks, keeping their order; `done` hears of each batch of results as it comes in. */
export async function runPageTasks(
  tasks: PageTask[],
  pool: WorkerPool | undefined,
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
  const budget = pageTimeBudget();
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
 * Runs pages on one worker, each under `budget` from when the worker starts it. When the worker
 * is stopped (a page over its budget) or dies, the page it was on gets the diagnostic and the
 * others of the list run again.
 */
async function runPages(
  tasks: PageTask[],
  pool: WorkerPool,
  budget: number,
): Promise<PageResult[]> {
  if (tasks.length === 1) {
    const task = tasks[0]!;
    try {
      return [await pool.run<PageResult>(task, budget)];
    } catch (e) {
      if (!(e instanceof TaskFailure)) throw e;
      return [{ errors: [pageFailure(task.source.file, e)], warnings: [] }];
    }
  }
  const progress = new Float64Array(new SharedArrayBuffer(16));
  progress[0] = -1;
  const overrun = new AbortController();
  // One timer a budget, not a poll: re-armed for when the page under way would run out.
  let timer: NodeJS.Timeout;
  const check = (): void => {
    const left = progress[0]! < 0 ? budget : progress[1]! + budget - Date.now();
    if (left <= 0) overrun.abort();
    else timer = setTimeout(check, left + 1);
  };
  timer = setTimeout(check, budget);
  try {
    const task: PagesTask = { kind: "pages", tasks, progress };
    return await pool.run<PageResult[]>(task, budget, undefined, overrun.signal);
  } catch (e) {
    if (!(e instanceof TaskFailure)) throw e;
    const at = progress[0]!;
    // Stopped before its first page (the worker could not start): each page finds out alone.
    if (at < 0) return (await Promise.all(tasks.map((t) => runPages([t], pool, budget)))).flat();
    const failed: PageResult = { errors: [pageFailure(tasks[at]!.source.file, e)], warnings: [] };
    const [before, after] = await Promise.all([
      at > 0 ? runPages(tasks.slice(0, at), pool, budget) : [],
      at < tasks.length - 1 ? runPages(tasks.slice(at + 1), pool, budget) : [],
    ]);
    return [...before, failed, ...after];
  } finally {
    clearTimeout(timer);
  }
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

/** The time a page may take on a worker: PAGE_TIME_BUDGET_MS, or BROOK_DOCS_PAGE_BUDGET_MS on a slow machine. */
function pageTimeBudget(): number {
  const env = Number(process.env.BROOK_DOCS_PAGE_BUDGET_MS);
  return Number.isFinite(env) && env > 0 ? env : PAGE_TIME_BUDGET_MS;
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
