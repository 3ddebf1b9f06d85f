/**
 * The build's side of the step-types checker process (step-checker.ts): started when a build
 * first needs it (a cold build starts it early, while the pages are made), from the V8 snapshot
 * compile-cli.js took for this Node when there is one, and kept for the life of this process (the
 * dev server checks every save with the same one, which keeps its last program). It ends when
 * this process does (its stdin closes). Run from the sources (tests), or when the process cannot
 * start, the check runs on this thread.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { PAGE_TIME_BUDGET_MS } from "../content/limits.ts";
import { processSpent, watchBudget } from "../core/work-budget.ts";
import type { BlockProblem } from "./block-check.ts";
import type { StepSample } from "./check-step-types.ts";
import { overrun, stoppedOn } from "./step-types-problems.ts";
import type { RuntimeSurface } from "./runtime-surface.ts";
import type {
  StepCheckerSnapshot,
  StepTypesAnswer,
  StepTypesRequest,
} from "./step-types-protocol.ts";

/** What TypeScript's check may spend (the run's settings, checkBudgetMs and checkHeapMb). */
export interface StepTypesLimits {
  /** The work a block may take, in ms of the process's CPU time; undefined: a page's budget. */
  budgetMs?: number;
  /** The process's heap in MB, from its start (the first check's); undefined: V8's default. */
  heapMb?: number;
}

type Child = ChildProcessByStdio<Writable, Readable, null>;
type Answered = Extract<StepTypesAnswer, { verdicts: BlockProblem[][] }>;
type Waiting = {
  resolve: (v: Answered) => void;
  reject: (e: Error) => void;
  done: Promise<unknown>;
};

let checker: { child: Child; waiting: Map<number, Waiting> } | undefined;
let nextId = 1;
/**
 * Set once the process could not start, or a new one stopped on an empty request (the process,
 * not a block, is at fault): the checks run on this thread from then on.
 */
let broken = false;

/** The checker's bundle beside this one, and its snapshot when it was taken by this Node. */
export function checkerFiles(): { script: string; snapshot?: string; flags: string[] } | undefined {
  if (!import.meta.url.endsWith(".mjs")) return undefined;
  const dir = dirname(fileURLToPath(import.meta.url));
  const script = join(dir, "step-checker.cjs");
  if (!existsSync(script)) return undefined;
  try {
    const made = JSON.parse(
      readFileSync(join(dir, "step-checker.json"), "utf8"),
    ) as StepCheckerSnapshot;
    const snapshot = made.blob && join(dir, made.blob);
    if (snapshot && made.node === process.version && made.arch === process.arch)
      if (existsSync(snapshot)) return { script, snapshot, flags: made.flags };
  } catch {
    // No snapshot taken (or not for this Node): the process loads TypeScript itself.
  }
  return { script, flags: [] };
}

/**
 * Starts the checker process, with a heap of `heapMb` (undefined: V8's), if it is not running; a
 * no-op where the check runs on this thread.
 */
export function startStepChecker(heapMb?: number): void {
  if (checker || broken) return;
  const files = checkerFiles();
  if (!files) return;
  const require = createRequire(import.meta.url);
  const env = {
    ...process.env,
    BROOK_TS_FILE: require.resolve("typescript"),
    BROOK_NODE_TYPES: dirname(require.resolve("@types/node/package.json")),
  };
  // A snapshot starts only with the V8 flags it was taken with: a heap limit means the script.
  const args = heapMb
    ? [`--max-old-space-size=${heapMb}`, files.script]
    : files.snapshot
      ? [...files.flags, "--snapshot-blob", files.snapshot]
      : [files.script];
  const child = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", "inherit"] });
  const waiting = new Map<number, Waiting>();
  const started = { child, waiting };
  checker = started;
  let buffered = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
      const answer = JSON.parse(buffered.slice(0, end)) as StepTypesAnswer;
      buffered = buffered.slice(end + 1);
      const w = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (answer.error !== undefined) w?.reject(new Error(`step-types: ${answer.error}`));
      else w?.resolve(answer);
    }
    idle();
  });
  const stopped = (why: string, cannotStart: boolean) => {
    if (checker === started) checker = undefined;
    if (cannotStart) broken = true;
    for (const w of waiting.values()) w.reject(new StoppedError(why, true));
    waiting.clear();
  };
  child.on("error", (e) => stopped(e.message, true));
  child.on("exit", (code, signal) => stopped(`it exited with ${signal ?? code}`, false));
  // A pipe that breaks is the process ending: "exit" says so.
  child.stdin.on("error", () => undefined);
  child.stdout.on("error", () => undefined);
  idle();
}

/**
 * Ends the checker process once it has answered what it was asked, and waits for it to exit (a
 * one-off build: its CPU is then the build's). The next check starts another.
 */
export async function stopStepChecker(): Promise<void> {
  const running = checker;
  if (!running) return;
  checker = undefined;
  const { child, waiting } = running;
  await Promise.allSettled([...waiting.values()].map((w) => w.done));
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.ref();
  child.stdin.end();
  await exited;
}

/**
 * The checker stopped before it answered (`whileChecking`), or there is none (the check then runs
 * on this thread).
 */
class StoppedError extends Error {
  constructor(
    message: string,
    readonly whileChecking = false,
  ) {
    super(message);
  }
}

/** The checker did not answer within the request's budget: it was stopped, and another starts. */
class OverrunError extends Error {}

/**
 * Asks the checker process (started if need be) for the blocks' verdicts; rejects with
 * StoppedError when there is no process (or it stopped by itself), OverrunError when it did not
 * answer within `budgetMs` (it is then stopped, and every request it held fails the same way).
 */
async function ask(
  samples: StepSample[],
  declaration: string,
  declarationFile: string,
  budgetMs: number,
  heapMb: number | undefined,
): Promise<BlockProblem[][]> {
  const request = {
    samples: samples.map(({ code, lang, event, fields }) => ({ code, lang, event, fields })),
    declaration,
    declarationFile,
  };
  return (await askChecker(request, budgetMs, heapMb)).verdicts;
}

/** Sends one request to the checker process and waits for its answer (see ask). */
async function askChecker(
  fields: Omit<StepTypesRequest, "id">,
  budgetMs: number,
  heapMb: number | undefined,
): Promise<Answered> {
  startStepChecker(heapMb);
  if (!checker) throw new StoppedError("no checker process");
  const running = checker;
  const request: StepTypesRequest = { id: nextId++, ...fields };
  let settle!: Omit<Waiting, "done">;
  const answer = new Promise<Answered>((resolve, reject) => {
    settle = { resolve, reject };
  });
  running.waiting.set(request.id, { ...settle, done: answer.catch(() => undefined) });
  // The budget counts the process's CPU time (a busy machine does not spend it for the check).
  const stop = watchBudget(budgetMs, processSpent(running.child.pid ?? -1), () => {
    if (checker === running) checker = undefined;
    for (const w of running.waiting.values()) w.reject(new OverrunError());
    running.waiting.clear();
    running.child.kill("SIGKILL");
  });
  idle();
  running.child.stdin.write(JSON.stringify(request) + "\n");
  try {
    return await answer;
  } finally {
    stop();
  }
}

/** While nothing is asked, the process and its pipes keep nothing alive. */
function idle(): void {
  if (!checker) return;
  const { child, waiting } = checker;
  const streams = [child.stdin, child.stdout] as unknown as { ref(): void; unref(): void }[];
  if (waiting.size) {
    child.ref();
    for (const s of streams) s.ref();
  } else {
    child.unref();
    for (const s of streams) s.unref();
  }
}

/** Each block's type problems, from the checker process (or on this thread, see above). */
export async function checkStepTypesApart(
  samples: StepSample[],
  declaration: string,
  declarationFile: string,
  limits: StepTypesLimits = {},
): Promise<BlockProblem[][]> {
  const one = limits.budgetMs ?? PAGE_TIME_BUDGET_MS;
  const { heapMb } = limits;
  const here = async (list: StepSample[]) =>
    (await import("./check-step-types.ts")).checkStepTypes(list, declaration, declarationFile);
  try {
    const budgetMs = one * (1 + samples.length / 20);
    return await ask(samples, declaration, declarationFile, budgetMs, heapMb);
  } catch (e) {
    if (e instanceof StoppedError && !e.whileChecking) return here(samples);
    if (!(e instanceof OverrunError || e instanceof StoppedError)) throw e;
  }
  // Past its budget (the process was stopped), or the process died (out of memory): each block
  // alone, under a block's budget, finds the one TypeScript cannot finish; the others get their
  // verdicts.
  const verdicts: BlockProblem[][] = [];
  for (const sample of samples)
    verdicts.push(
      await ask([sample], declaration, declarationFile, one, heapMb).then(
        (found) => found[0] ?? [],
        async (e: unknown) => {
          if (e instanceof OverrunError) return [overrun(one)];
          if (!(e instanceof StoppedError)) throw e;
          if (e.whileChecking && (await answersEmpty(declaration, declarationFile, one, heapMb)))
            return [stoppedOn(e.message)];
          // No process, or one that stops with nothing to check: this thread checks from now on.
          broken = true;
          return (await here([sample]))[0] ?? [];
        },
      ),
    );
  return verdicts;
}

/**
 * The runtime's members for `roots` (runtime-surface.ts), described where TypeScript is loaded:
 * the checker process, or this thread when there is none (or it stopped).
 */
export async function describeRuntimeApart(
  declaration: string,
  roots: Record<string, string>,
  limits: StepTypesLimits = {},
): Promise<RuntimeSurface> {
  try {
    const fields = { samples: [], declaration, declarationFile: "", surface: roots };
    const budgetMs = limits.budgetMs ?? PAGE_TIME_BUDGET_MS;
    const { surface } = await askChecker(fields, budgetMs, limits.heapMb);
    if (surface) return surface;
  } catch (e) {
    if (!(e instanceof OverrunError || e instanceof StoppedError)) throw e;
  }
  return (await import("./runtime-surface.ts")).describeRuntime(declaration, roots);
}

/** Whether a new checker answers a request with no blocks (else the process, not a block, fails). */
async function answersEmpty(
  declaration: string,
  declarationFile: string,
  budgetMs: number,
  heapMb: number | undefined,
): Promise<boolean> {
  return ask([], declaration, declarationFile, budgetMs, heapMb).then(
    () => true,
    (e: unknown) => {
      if (e instanceof OverrunError || e instanceof StoppedError) return false;
      throw e;
    },
  );
}
