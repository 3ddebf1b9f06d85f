/**
 * The thread of openapi-thread.ts: loads the parser at once, and when asked posts back the
 * description's problems (openapi-validate.ts).
 */
import { parentPort, workerData } from "node:worker_threads";
import { descriptionProblems, loadParser } from "./openapi-validate.ts";

const { json } = workerData as { json: string };
const loading = loadParser();
parentPort!.once("message", () => {
  void loading
    .then(() => descriptionProblems(JSON.parse(json) as Record<string, unknown>))
    .then((problems) => parentPort!.postMessage(problems));
});
