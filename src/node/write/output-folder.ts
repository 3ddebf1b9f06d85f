/**
 * The output folder's safety around a build: what a killed build left beside it is cleaned or put
 * back, an output that would replace the project or its inputs is refused, the page workers write
 * their files into the folder being built by the same rules as the writer (writer.ts), and only a
 * folder a build swapped out is ever removed.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { BrookError } from "../core/errors.ts";
import { checkOutputPath } from "./output-path.ts";

const LEFTOVER_RE = /^(.*)\.(tmp|old)-(\d+)-[0-9a-f]+$/;

/** Whether `dir` is an output folder a build swapped out (`dist.old-<pid>-<id>`): the only folder a worker is asked to remove. */
export function isSwappedOutput(dir: string): boolean {
  return LEFTOVER_RE.exec(basename(dir))?.[2] === "old";
}
/** Removes an output folder a build swapped out; refuses any other folder (a bug of ours). */
export function removeSwappedOutput(dir: string): void {
  if (!isSwappedOutput(dir))
    throw new Error(`refusing to remove ${dir}: not an output folder a build swapped out`);
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Writes a page worker's files into the folder being built (`dir`, the writer's temporary folder):
 * each path checked as the writer checks its own. The writer then adopts them (Writer.adopt).
 */
export function writeWorkerFiles(dir: string, files: [path: string, content: string][]): void {
  for (const [path, content] of files) {
    checkOutputPath(path);
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

/** A leftover older than this is removed even when its process id has been reused since. */
const LEFTOVER_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/**
 * Cleans what a killed build left beside `out`: its temporary folder (`dist.tmp-<pid>-<id>`) and
 * the previous output it was about to delete (`dist.old-…`). When a build died between moving
 * the old output aside and moving the new one in, `out` is missing: the old one is put back.
 */
export function cleanLeftovers(outDir: string): void {
  const out = resolve(outDir);
  const parent = dirname(out);
  const name = basename(out);
  if (!existsSync(parent)) return;
  for (const entry of readdirSync(parent)) {
    const m = LEFTOVER_RE.exec(entry);
    if (!m || m[1] !== name) continue;
    const pid = Number(m[3]);
    const path = join(parent, entry);
    let age = 0;
    try {
      age = Date.now() - statSync(path).mtimeMs;
    } catch {
      continue;
    }
    if (pid !== process.pid && isAlive(pid) && age < LEFTOVER_MAX_AGE_MS) continue;
    if (m[2] === "old" && !existsSync(out)) renameSync(path, out);
    else rmSync(path, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Refuses an output folder whose swap would replace the project or its inputs: the working
 * folder or one above it, or a folder that holds (or sits inside) content/, public/ or the config.
 */
export function checkOutputFolder(out: string, cwd: string, inputs: string[]): void {
  const o = resolve(out);
  const within = (child: string, parent: string) =>
    child === parent || child.startsWith(parent.endsWith("/") ? parent : parent + "/");
  const hint = "pass a folder of its own to --out, such as dist";
  if (within(resolve(cwd), o))
    throw new BrookError(
      `the output ${out} is the working folder or a folder above it; the build replaces its output folder as a whole`,
      hint,
    );
  for (const input of inputs.map((i) => resolve(i))) {
    if (within(input, o) || within(o, input))
      throw new BrookError(
        `the output ${out} overlaps the input ${input}; the build replaces its output folder as a whole`,
        hint,
      );
  }
}
