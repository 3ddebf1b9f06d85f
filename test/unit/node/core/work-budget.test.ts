import { afterEach, describe, expect, it, vi } from "vitest";
import { Worker } from "node:worker_threads";
import { spawn } from "node:child_process";
import {
  processCpuMs,
  threadCpuMs,
  WALL_CEILING,
  watchBudget,
  type Spent,
} from "../../../../src/node/core/work-budget.ts";

/**
 * A worker thread that says its thread id, then works (spins) or waits (blocked, as a thread a
 * busy machine gives no core) until the main thread sets its flag.
 */
function thread(mode: "work" | "wait"): { worker: Worker; tid: Promise<number>; flag: Int32Array } {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const tid = Number(/\\/task\\/(\\d+)$/.exec(require("node:fs").readlinkSync("/proc/thread-self"))[1]);
     parentPort.postMessage(tid);
     const flag = workerData.flag;
     if (workerData.mode === "wait") Atomics.wait(flag, 0, 0);
     else while (Atomics.load(flag, 0) === 0) {}`,
    { eval: true, workerData: { mode, flag } },
  );
  const tid = new Promise<number>((resolve) => worker.once("message", resolve));
  return { worker, tid, flag };
}

function release(flag: Int32Array): void {
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

describe("CPU time from /proc", () => {
  it("grows for a thread that works, not for one that waits, whatever the wall time", async () => {
    const working = thread("work");
    const waiting = thread("wait");
    const [busy, idle] = [await working.tid, await waiting.tid];
    const start = [threadCpuMs(busy)!, threadCpuMs(idle)!];
    // Until the working thread has done 200 ms of work: however long a busy machine makes that.
    const over = new Promise<void>((resolve) => {
      const stop = watchBudget(
        200,
        () => ({ cpu: threadCpuMs(busy)! - start[0]!, wall: 0 }),
        () => {
          stop();
          resolve();
        },
      );
    });
    await over;
    expect(threadCpuMs(busy)! - start[0]!).toBeGreaterThanOrEqual(200);
    // The waiting thread has existed as long, and done next to nothing (a tick or two).
    expect(threadCpuMs(idle)! - start[1]!).toBeLessThan(50);
    release(working.flag);
    release(waiting.flag);
    await Promise.all([working.worker.terminate(), waiting.worker.terminate()]);
  });

  it("reads a child process's CPU time, all its threads", async () => {
    // The child works until its own clock says 300 ms of CPU, says so, and waits to be stopped.
    const child = spawn(process.execPath, [
      "-e",
      "while (process.cpuUsage().user < 300000) {} console.log('done'); setInterval(() => {}, 1000);",
    ]);
    const first = processCpuMs(child.pid!);
    expect(first).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => child.stdout.once("data", resolve));
    expect(processCpuMs(child.pid!)).toBeGreaterThanOrEqual(300);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
    expect(processCpuMs(child.pid!)).toBeUndefined();
  });
});

describe("watchBudget", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs a watch on fake timers, `spent` given the fake time; when `over` was called. */
  function overAt(
    budget: number,
    spent: (now: number) => Spent,
    limit = 10 * budget,
  ): number | undefined {
    vi.useFakeTimers();
    const t0 = Date.now();
    let at: number | undefined;
    const stop = watchBudget(
      budget,
      () => spent(Date.now() - t0),
      () => (at = Date.now() - t0),
    );
    vi.advanceTimersByTime(limit * WALL_CEILING);
    stop();
    return at;
  }

  it("a task that works alone is looked at once, at its budget", () => {
    expect(overAt(1000, (t) => ({ cpu: t, wall: t }))).toBe(1000);
  });

  it("a task that gets half a core is stopped after its budget of work, twice the wall time", () => {
    const at = overAt(1000, (t) => ({ cpu: t / 2, wall: t }))!;
    expect(at).toBeGreaterThanOrEqual(2000);
    expect(at).toBeLessThan(2100);
  });

  it("a task that waits without working meets the ceiling, WALL_CEILING budgets of wall time", () => {
    expect(overAt(1000, (t) => ({ cpu: 5, wall: t }))).toBe(1000 * WALL_CEILING);
  });

  it("where CPU time is unknown, wall time is the budget (as before)", () => {
    expect(overAt(1000, (t) => ({ wall: t }))).toBe(1000);
  });
});
