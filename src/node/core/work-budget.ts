/**
 * Time budgets that count work, not wall time a neighbour can steal. A page's worker thread, the
 * step-types checker's process and the config's thread are each held to a budget that stops
 * hostile input (a page the parser works on without end). Counted in wall time, a busy machine
 * (a CI runner shared with other jobs, two builds side by side) spent it for them and failed a
 * correct build. The CPU time of the thread or process is what the work costs, and a neighbour
 * does not add to it. Linux reports it in /proc; elsewhere it is unknown and the budget counts
 * wall time, as before. A wall-clock ceiling, many budgets long, still stops what waits without
 * working.
 */
import { readFileSync, readlinkSync } from "node:fs";

/** /proc gives CPU time in clock ticks: USER_HZ, 100 a second on Linux (sysconf(_SC_CLK_TCK)). */
const TICK_MS = 10;

/** How many budgets of wall time a task may take, whatever its CPU time: a hang, not work. */
export const WALL_CEILING = 12;

/** The shortest wait between two looks at a clock (ticks are 10 ms). */
const MIN_CHECK_MS = 20;

/** utime + stime of a /proc stat file, in ms; undefined when it cannot be read. */
function statCpuMs(path: string): number | undefined {
  try {
    const stat = readFileSync(path, "latin1");
    // After the command name (in parentheses, which it may hold too) come the fields from the
    // third: utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * TICK_MS : undefined;
  } catch {
    return undefined;
  }
}

/** The system's id of the calling thread (a worker's own), or undefined where /proc does not say. */
export function currentThreadId(): number | undefined {
  try {
    const m = /\/task\/(\d+)$/.exec(readlinkSync("/proc/thread-self"));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The CPU time of thread `tid` of this process, in ms, or undefined. */
export function threadCpuMs(tid: number): number | undefined {
  return statCpuMs(`/proc/self/task/${tid}/stat`);
}

/** The CPU time of process `pid` (all its threads), in ms, or undefined. */
export function processCpuMs(pid: number): number | undefined {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** What a task has spent so far: CPU time when known, and wall time. */
export interface Spent {
  cpu?: number;
  wall: number;
}

/** What process `pid` spends from now on: its CPU time (when /proc says) and the wall time. */
export function processSpent(pid: number): () => Spent {
  const cpuStart = processCpuMs(pid);
  const since = Date.now();
  return () => {
    const now = cpuStart === undefined ? undefined : processCpuMs(pid);
    return { cpu: now === undefined ? undefined : now - cpuStart!, wall: Date.now() - since };
  };
}

/**
 * Calls `over` once `spent()` reaches `budgetMs` of CPU time (of wall time when the CPU time is
 * unknown), or WALL_CEILING budgets of wall time; the function returned stops watching. Timers,
 * not a poll: a thread's CPU time grows no faster than wall time, so each look is set for the
 * earliest moment the budget could be spent, and a page that runs alone is looked at once.
 */
export function watchBudget(budgetMs: number, spent: () => Spent, over: () => void): () => void {
  const ceiling = budgetMs * WALL_CEILING;
  let timer: NodeJS.Timeout;
  const look = () => {
    const { cpu, wall } = spent();
    const used = cpu ?? wall;
    if (used >= budgetMs || wall >= ceiling) return over();
    timer = setTimeout(look, Math.max(MIN_CHECK_MS, Math.min(budgetMs - used, ceiling - wall)));
  };
  timer = setTimeout(look, budgetMs);
  return () => clearTimeout(timer);
}
