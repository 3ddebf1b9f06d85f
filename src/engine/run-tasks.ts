/**
 * Running build tasks: on the worker pool, each page under its time budget (a page that runs past
 * it, or takes its worker down, becomes a diagnostic naming it), or on this thread when there are
 * no workers (tests, which run the sources directly).
 */
import type { TransferListItem } from "node:worker_threads";
import { PAGE_TIME_BUDGET_MS } from "../content/limits.ts";
import type { Diagnostic } from "../errors.ts";
import type { PageResult, PageTask, WorkerTask } from "../workers/build-worker.ts";
import { TaskFailure, type WorkerPool } from "../workers/pool.ts";

/** How long a task other than a page may take (the not-found page, the search index). */
const OTHER_TASK_BUDGET_MS = 120_000;

/** Runs page tasks, keeping their order. */
export async function runPageTasks(
  tasks: PageTask[],
  pool: WorkerPool | undefined,
): Promise<PageResult[]> {
  if (tasks.length === 0) return [];
  if (!pool) {
    const { runTask } = await import("../workers/build-worker.ts");
    const out: PageResult[] = [];
    for (const task of tasks) out.push((await runTask(task)) as PageResult);
    return out;
  }
  const budget = pageTimeBudget();
  return Promise.all(
    tasks.map(async (task): Promise<PageResult> => {
      try {
        return await pool.run<PageResult>(task, budget);
      } catch (e) {
        if (!(e instanceof TaskFailure)) throw e;
        return { errors: [pageFailure(task.source.file, e)], warnings: [] };
      }
    }),
  );
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
  const { runTask } = await import("../workers/build-worker.ts");
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
