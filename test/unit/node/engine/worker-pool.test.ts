import { afterAll, describe, expect, it } from "vitest";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { TaskFailure, WorkerPool } from "../../../../src/node/engine/worker-pool.ts";
import { ROOT } from "../../../helpers/site.ts";

const pool = new WorkerPool(1, pathToFileURL(join(ROOT, "test/fixtures/workers/misbehave.mjs")));
afterAll(() => pool.close());

/** The failure a task ends in, or its result. */
const outcome = (task: string, budgetMs = 30_000) =>
  pool.run<string>(task, budgetMs).then(
    (r) => r,
    (e: unknown) =>
      e instanceof TaskFailure ? `${e.kind}: ${e.message}` : `other: ${(e as Error).message}`,
  );

describe("WorkerPool", () => {
  it("survives a worker that exits, runs out of memory or overruns its budget, and goes on", async () => {
    expect(await outcome("first")).toBe("done: first");
    expect(await outcome("exit")).toBe("crash: worker exited with code: 3");
    expect(await outcome("after an exit")).toBe("done: after an exit");
    expect(await outcome("oom")).toBe("crash: ran out of memory");
    expect(await outcome("after running out of memory")).toBe("done: after running out of memory");
    expect(await outcome("loop", 500)).toBe("timeout: took longer than 0.5 s");
    expect(await outcome("after a loop")).toBe("done: after a loop");
  });

  it("passes on an error the task itself throws (a bug, not a page's fault)", async () => {
    expect(await outcome("throw")).toBe("other: a bug in the task");
  });

  it("closes once the tasks under way have ended: their results are kept, the pool does not fail", async () => {
    const own = new WorkerPool(1, pathToFileURL(join(ROOT, "test/fixtures/workers/misbehave.mjs")));
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on("uncaughtException", onError);
    try {
      const flag = new SharedArrayBuffer(4);
      const task = own.run<string>({ kind: "wait", flag }, 30_000);
      let closed = false;
      const closing = own.close().then(() => (closed = true));
      // close waits on the task: still open after a turn of the event loop, until the task is let go.
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(false);
      Atomics.store(new Int32Array(flag), 0, 1);
      Atomics.notify(new Int32Array(flag), 0);
      await closing;
      expect(await task).toBe("done: waited");
      expect(errors).toEqual([]);
    } finally {
      process.off("uncaughtException", onError);
    }
  });

  it("counts a task's budget from when a worker takes it, not from when it was queued", async () => {
    // Two tasks for one worker: the second waits 4 s behind the loop, longer than its own 3 s budget.
    const [looped, queued] = await Promise.all([outcome("loop", 4_000), outcome("queued", 3_000)]);
    expect(looped).toBe("timeout: took longer than 4 s");
    expect(queued).toBe("done: queued");
  });
});
