/**
 * The description's validation (openapi-validate.ts) on a thread of its own, so a cold build
 * validates while this thread checks the pages' code blocks (the parser and the examples' schemas
 * cost about 0.4 s). The bundle holds the thread's script (openapi-worker.ts); run from the
 * sources (tests), the validation runs on this thread.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { DescriptionProblem } from "./openapi-validate.ts";

/** The problems of the description whose JSON is `json`. */
export async function problemsOnThread(json: string): Promise<DescriptionProblem[]> {
  const script = new URL("./openapi-worker.mjs", import.meta.url);
  if (!import.meta.url.endsWith(".mjs") || !existsSync(fileURLToPath(script))) {
    const { descriptionProblems } = await import("./openapi-validate.ts");
    return descriptionProblems(JSON.parse(json) as Record<string, unknown>);
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: { json } });
    worker.once("message", (problems: DescriptionProblem[]) => {
      resolve(problems);
      void worker.terminate();
    });
    worker.once("error", reject);
    // Settled already when the thread answered; otherwise it stopped without an answer.
    worker.once("exit", (code) => reject(new Error(`the description's check stopped (${code})`)));
  });
}
