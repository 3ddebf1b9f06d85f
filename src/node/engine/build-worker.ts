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

export type { NotFoundTask, PageResult, PageTask } from "../pages/page-task.ts";

/**
 * Several pages for one worker, one after another, in one message each way: waking a thread
 * costs about a millisecond of CPU here, as much as a tenth of a page. Before each page the
 * worker writes its place in the list and the time it started into `progress`, so the main
 * thread holds every page to its own budget and knows which page a stopped worker was on.
 */
export interface PagesTask {
  kind: "pages";
  tasks: PageTask[];
  /** [the page under way (-1: none yet), when it started (Date.now())], shared with the main thread. */
  progress: Float64Array;
}

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
    for (let i = 0; i < task.tasks.length; i++) {
      task.progress[1] = Date.now();
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
