/** Worker thread of the build: parses and renders pages in batches, so both cores work. */
import { parentPort } from "node:worker_threads";
import { parsePage, type ParseOptions } from "./content/parse-page.ts";
import { renderPage, type RenderContext } from "./render/render-page.tsx";
import type { PageData } from "./shared/types.ts";
import { warmHighlighter } from "./content/highlight.ts";

/** A batch of work sent to a worker. */
export type WorkerTask =
  | { kind: "parse"; files: { bytes: Uint8Array; relativePath: string; file: string; route: string }[]; options: ParseOptions }
  | { kind: "render"; pages: PageData[]; ctx: RenderContext };

/** Runs one task; the same function serves the worker threads and the in-process path. */
export async function runTask(task: WorkerTask): Promise<unknown> {
  if (task.kind === "parse") {
    const out = [];
    for (const f of task.files) out.push(await parsePage(f.bytes, { relativePath: f.relativePath, file: f.file, route: f.route }, task.options));
    return out;
  }
  return task.pages.map((p) => renderPage(p, task.ctx));
}

if (parentPort) {
  const port = parentPort;
  void warmHighlighter();
  port.on("message", async (msg: { id: number; task: WorkerTask }) => {
    try {
      port.postMessage({ id: msg.id, result: await runTask(msg.task) });
    } catch (e) {
      port.postMessage({ id: msg.id, error: (e as Error).stack ?? String(e) });
    }
  });
}
