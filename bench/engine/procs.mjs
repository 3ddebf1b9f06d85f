// Processes of the engine benchmark: timed commands (wall, CPU and peak RSS from GNU time), long
// running children in process groups of their own, and the clean-up that ends exactly those
// children and removes the temp folders however the benchmark stops.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const children = new Set();
const cleanups = [];

/** Ends every child still running (by its process group id) and runs the registered clean-ups; synchronous. */
function cleanUp() {
  for (const child of children) killGroup(child, "SIGKILL");
  children.clear();
  while (cleanups.length) {
    try {
      cleanups.pop()();
    } catch {
      // clean-up is best effort: the benchmark is ending anyway
    }
  }
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** Runs `fn` at exit (or now, through `done()`), last registered first. */
export function onCleanUp(fn) {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    fn();
  };
  cleanups.push(once);
  return () => {
    const i = cleanups.indexOf(once);
    if (i >= 0) cleanups.splice(i, 1);
    once();
  };
}

/** Sends `signal` to the process group a `started()` child leads (it and what it started, nothing else). */
export function killGroup(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Spawns a child in a process group of its own, ended at exit if still running. */
export function started(command, args, options) {
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** Resolves when the child has exited (at once if it already has). */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Stops a child: SIGTERM to its group, SIGKILL after `graceMs`. */
export async function stop(child, graceMs = 5_000) {
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/**
 * Runs a command to its end under GNU time: wall seconds (a millisecond timer around it), CPU
 * seconds (user + system, the command and the children it waited for) and peak RSS in MiB
 * (the largest single process). `stdout`/`stderr` are its output.
 */
export async function timed(command, args, { cwd, env } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "brook-engine-time-"));
  const file = join(dir, "time.txt");
  try {
    const t0 = performance.now();
    const r = await collect(
      started("/usr/bin/time", ["-f", "%U %S %M", "-o", file, command, ...args], {
        cwd,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    const line = existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").at(-1) : "";
    const [user, sys, rssKiB] = line.split(" ").map(Number);
    return { ...r, wall, cpu: user + sys, rssMiB: rssKiB / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a command, its output passed to our stderr as it comes (progress); resolves with its exit code. */
export async function streamed(command, args, { cwd, env } = {}) {
  const child = started(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(process.stderr, { end: false });
  child.stderr.pipe(process.stderr, { end: false });
  await exited(child);
  return child.exitCode ?? 1;
}

/** Collects a child's output until it exits. */
function collect(child) {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  return new Promise((resolve) =>
    child.once("close", (status) => resolve({ status, stdout, stderr })),
  );
}

/** CPU seconds a running process has used so far (all its threads), from /proc; NaN when unreadable. */
export function processCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime is field 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

// USER_HZ is 100 on Linux on every architecture the benchmark runs on.
const CLOCK_TICKS = 100;
