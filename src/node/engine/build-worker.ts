/**
 * The build worker (run by piscina, see worker-pool.ts): the entry of every task a build hands a
 * thread: pages (pages/page-task.ts), several at a time under their budgets, the not-found page,
 * the search index (search/task.ts), and removing an output the build swapped out.
 */
import { isMainThread, workerData } from "node:worker_threads";
import { warmHighlighter } from "../content/code/highlight.ts";
import {
  runNotFound,
  runPage,
  type NotFoundTask,
  type PageResult,
  type PageTask,
} from "../pages/page-task.ts";
import type { SearchTask } from "../search/task.ts";
import { removeSwappedOutput } from "../write/output-folder.ts";
import { currentThreadId, threadCpuMs } from "../core/work-budget.ts";

export type { NotFoundTask, PageResult, PageTask } from "../pages/page-task.ts";

/**
 * Several pages for one worker, one after another, in one message each way: waking a thread
 * costs about a millisecond of CPU here, as much as a tenth of a page. Before each page the
 * worker writes its place in the list, when it started and its thread's CPU time then into
 * `progress`, so the main thread holds every page to its own budget of work and knows which page
 * a stopped worker was on.
 */
export interface PagesTask {
  kind: "pages";
  tasks: PageTask[];
  /**
   * Shared with the main thread: [the page under way (-1: none yet), when it started
   * (Date.now()), the thread's CPU time then in ms, the thread's id] (the last two -1: unknown).
   */
  progress: Float64Array;
}

/** This worker thread's id, whose CPU time the main thread reads (src/node/core/work-budget.ts). */
const threadId = currentThreadId() ?? -1;

/** Removes an output folder the build swapped out (only such a folder: see isSwappedOutput). */
export interface RemoveTask {
  kind: "remove";
  dir: string;
}

/** Work for a worker. */
export type WorkerTask = PageTask | PagesTask | NotFoundTask | SearchTask | RemoveTask;

/** Runs one task; the same function serves the worker threads and the in-process path. */
export async function runTask(task: WorkerTask): Promise<unknown> {
  if (task.kind === "search") {
    const { runSearchTask } = await import("../search/task.ts");
    return runSearchTask(task);
  }
  if (task.kind === "remove") {
    removeSwappedOutput(task.dir);
    return undefined;
  }
  if (task.kind === "pages") {
    const results: PageResult[] = [];
    task.progress[3] = threadId;
    for (let i = 0; i < task.tasks.length; i++) {
      task.progress[1] = Date.now();
      task.progress[2] = threadId < 0 ? -1 : (threadCpuMs(threadId) ?? -1);
      task.progress[0] = i;
      results.push(await runPage(task.tasks[i]!));
    }
    return results;
  }
  if (task.kind === "not-found") return runNotFound(task);
  return runPage(task);
}

export default runTask;

// A worker of a build with many pages to parse loads the highlighter while they are on their way.
if (!isMainThread && (workerData as { warm?: boolean } | undefined)?.warm) void warmHighlighter();
