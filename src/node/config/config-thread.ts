/**
 * Runs the bundled site.config.ts on a worker thread of its own, under a time and a memory limit,
 * and hands back its default export as plain data: a config that throws, never finishes, exits,
 * or exports something other than data is a `config` error naming the file, never a stack trace
 * or a hang of the build.
 */
import { relative } from "node:path";
import { Worker } from "node:worker_threads";
import { MAX_DEPTH, configError } from "./config-problems.ts";
import { threadCpuMs, watchBudget } from "../core/work-budget.ts";

// Runs in a worker: says which thread it is (the main thread counts its CPU time against the
// budget, where /proc tells it), imports the bundled config and posts its default export back as
// plain data.
const CONFIG_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
let tid = -1;
try { tid = Number(/\\/task\\/(\\d+)$/.exec(require("node:fs").readlinkSync("/proc/thread-self"))[1]); } catch {}
parentPort.postMessage({ kind: "thread", tid });
import(workerData.url).then(
  (m) => {
    if (m.default === undefined) return parentPort.postMessage({ kind: "no-default" });
    try { parentPort.postMessage({ kind: "ok", value: m.default }); }
    catch (e) { parentPort.postMessage({ kind: "not-data", message: String(e && e.message) }); }
  },
  (e) => parentPort.postMessage({ kind: "threw", message: String((e && e.message) || e), name: String((e && e.name) || "Error") }),
);`;

type ConfigMessage =
  | { kind: "thread"; tid: number }
  | { kind: "ok"; value: unknown }
  | { kind: "no-default" }
  | { kind: "not-data"; message: string }
  | { kind: "threw"; message: string; name: string };

/** Imports the bundled config at `url` (made from `path`) and resolves with its default export. */
export function runConfigModule(url: string, path: string, budgetMs: number): Promise<unknown> {
  const shown = relative(process.cwd(), path) || path;
  return new Promise((resolvePromise, reject) => {
    // Each problem: the file, what happened, and how to fix it.
    const fail = (message: string, hint: string, full = `${shown}: ${message}`) =>
      reject(configError(full, hint, { file: shown }, message));
    const worker = new Worker(CONFIG_WORKER, {
      eval: true,
      workerData: { url },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      stdout: false,
      stderr: false,
    });
    // The budget counts the config thread's work (src/node/core/work-budget.ts), once it says
    // which thread it is; wall time until then, and where its CPU time cannot be read.
    let tid = -1;
    const since = Date.now();
    const stopWatching = watchBudget(
      budgetMs,
      () => ({ cpu: tid < 0 ? undefined : threadCpuMs(tid), wall: Date.now() - since }),
      () => {
        void worker.terminate();
        fail(
          `the config did not finish loading within ${budgetMs / 1000} s`,
          "site.config.ts runs when a build starts: remove the loop or the wait that keeps it from finishing",
        );
      },
    );
    const done = () => {
      stopWatching();
      void worker.terminate();
    };
    const threw = "site.config.ts runs when a build starts: fix the error it throws";
    worker.on("message", (m: ConfigMessage) => {
      if (m.kind === "thread") {
        tid = m.tid;
        return;
      }
      done();
      if (m.kind === "ok") resolvePromise(m.value);
      else if (m.kind === "no-default")
        fail(
          "the config has no default export",
          "export the config: export default defineConfig({ ... })",
          `${shown} has no default export`,
        );
      else if (m.kind === "not-data")
        fail(
          `the config exports something other than plain data (${m.message})`,
          "export only strings, numbers, booleans, lists and objects: no functions or class instances",
        );
      else fail(`the config failed while loading: ${m.name}: ${m.message}`, threw);
    });
    worker.once("error", (e) => {
      done();
      fail(`the config failed while loading: ${e.message}`, threw);
    });
    // A value the thread cannot copy back (nested past the copy's stack) comes as this, not as a message.
    worker.once("messageerror", (e) => {
      done();
      fail(
        `the config's value cannot be read (${e.message})`,
        `export plain data nested at most ${MAX_DEPTH} levels`,
      );
    });
    // After a message or an error this rejects nothing; with neither (the config exited with code 0) it is the answer.
    worker.once("exit", (code) => {
      stopWatching();
      fail(
        `the config stopped the process that loaded it (exit code ${code})`,
        "remove the call to process.exit from site.config.ts",
      );
    });
  });
}
