/**
 * The thread of openapi-thread.ts: loads the parser and the linter at once, and when asked posts back the
 * description's problems (openapi-validate.ts).
 */
import { parentPort, workerData } from "node:worker_threads";
import { loadLinter } from "./openapi-lint.ts";
import { descriptionProblems, loadParser } from "./openapi-validate.ts";

const { json } = workerData as { json: string };
const loading = Promise.all([loadParser(), loadLinter()]);
parentPort!.once("message", () => {
  void loading
    .then(() => descriptionProblems(JSON.parse(json) as Record<string, unknown>))
    .then((problems) => parentPort!.postMessage(problems));
});
