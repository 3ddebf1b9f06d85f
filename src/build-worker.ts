/** Worker thread of the build (run by piscina, see pool.ts): parses pages one by one and renders them in batches. */
import { isMainThread } from "node:worker_threads";
import { parsePage, type ParseOptions } from "./content/parse-page.ts";
import { renderPage, type RenderContext } from "./render/render-page.tsx";
import type { PageData } from "./shared/types.ts";
import { warmHighlighter } from "./content/highlight.ts";

/** Work sent to a worker: one page to parse (under its own time budget), or a batch to render. */
export type WorkerTask =
  | { kind: "parse"; file: { bytes: Uint8Array; relativePath: string; file: string; route: string }; options: ParseOptions }
  | { kind: "render"; pages: PageData[]; ctx: RenderContext };

/** Runs one task; the same function serves the worker threads and the in-process path. */
export async function runTask(task: WorkerTask): Promise<unknown> {
  if (task.kind === "parse") {
    const { bytes, ...meta } = task.file;
    return parsePage(bytes, meta, task.options);
  }
  return task.pages.map((p) => renderPage(p, task.ctx));
}

export default runTask;

// A worker loads the highlighter while the first pages are on their way.
if (!isMainThread) void warmHighlighter();
