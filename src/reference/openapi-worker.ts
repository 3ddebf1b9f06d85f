/** The thread of openapi-thread.ts: the description's problems (openapi-validate.ts), posted back. */
import { parentPort, workerData } from "node:worker_threads";
import { descriptionProblems } from "./openapi-validate.ts";

const { json } = workerData as { json: string };
parentPort!.postMessage(await descriptionProblems(JSON.parse(json) as Record<string, unknown>));
