/**
 * How much longer than usual the suite's waits may take on this machine now: measured once per
 * run, when vitest reads its config, and applied to every bound on waiting (the tests' and hooks'
 * time-outs, expect.poll's, and each test's own through `within()` in test/helpers/time.ts).
 *
 * A bound on waiting is how a test fails with what it saw instead of hanging; it is never what a
 * test asserts. On a machine busy with other work (a second build beside the suite, a shared CI
 * runner) everything takes longer, and a bound set for a quiet machine fails a correct test. So the
 * bounds grow with two measures: the run queue per core (the 1-minute load average, what a
 * neighbour takes), and the time of a fixed piece of CPU work against the quiet 2-core machine the
 * bounds were set on (a slower machine). Never below 1: a fast machine keeps the bounds as written.
 */
import { createHash } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";

/** The fixed work's median time on the quiet 2-core machine the suite's bounds were set on. */
const QUIET_PROBE_MS = 40;
/** The most a bound grows: past it, a run that slow would not end in CI's time anyway. */
const MAX_FACTOR = 6;

/** Where the work's result goes, so no engine can drop the loop as unused. */
let sink = 0;

/** The median time of a fixed piece of CPU work (hashing and integer arithmetic), in ms. */
function probeMs(): number {
  const data = Buffer.alloc(1 << 20, 7);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 40; i++) createHash("sha256").update(data).digest();
    let x = 0;
    for (let i = 0; i < 3e6; i++) x = (x * 31 + i) | 0;
    sink ^= x;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[2]!;
}

/** The factor every bound on waiting is multiplied by in this run (1 to MAX_FACTOR, one decimal). */
export function measureTimeFactor(): number {
  const queue = loadavg()[0]! / availableParallelism();
  const speed = probeMs() / QUIET_PROBE_MS;
  const factor = Math.min(MAX_FACTOR, Math.max(1, queue, speed));
  return Math.round(factor * 10) / 10;
}
