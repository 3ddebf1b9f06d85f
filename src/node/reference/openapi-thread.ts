/**
 * The description's validation (openapi-validate.ts) on a thread of its own, so a cold build
 * validates while this thread checks the pages' code blocks (the parser and the examples' schemas
 * cost about 0.4 s). The thread starts, and loads the parser, as soon as the description is
 * parsed; it validates when asked. The bundle holds its script (openapi-worker.ts); run from the
 * sources (tests), the validation runs on this thread.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { DescriptionProblem } from "./openapi-validate.ts";

/** Starts the thread for the description whose JSON is `json`; the function runs the validation. */
export function validationThread(json: string): () => Promise<DescriptionProblem[]> {
  const script = new URL("./openapi-worker.mjs", import.meta.url);
  if (!import.meta.url.endsWith(".mjs") || !existsSync(fileURLToPath(script)))
    return async () => {
      const { descriptionProblems } = await import("./openapi-validate.ts");
      return descriptionProblems(JSON.parse(json) as Record<string, unknown>);
    };
  const worker = new Worker(script, { workerData: { json } });
  // Until it is asked, the thread holds nothing up: a build that stops before exits without it.
  worker.unref();
  const answer = new Promise<DescriptionProblem[]>((resolve, reject) => {
    worker.once("message", (problems: DescriptionProblem[]) => {
      resolve(problems);
      void worker.terminate();
    });
    worker.once("error", reject);
    // Settled already when the thread answered; otherwise it stopped without an answer.
    worker.once("exit", (code) => reject(new Error(`the description's check stopped (${code})`)));
  });
  answer.catch(() => undefined);
  return () => {
    worker.ref();
    worker.postMessage("validate");
    return answer;
  };
}
