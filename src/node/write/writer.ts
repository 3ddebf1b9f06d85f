/** Where output goes: a folder swapped in atomically (FsWriter); tests write into memory (memory-writer.ts). */
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { BrookError } from "../core/errors.ts";
import { checkOutputPath } from "./output-path.ts";
import { entriesUnder } from "../core/entries-under.ts";
import { cleanLeftovers } from "./output-folder.ts";

/** The files of an output kept in memory, by path: content, or what makes it when first read. */
export type OutputFiles = ReadonlyMap<string, string | Uint8Array | (() => string)>;

/** The write stage's only way to produce files. Paths are relative to the web root, `/`-separated. */
export interface Writer {
  write(path: string, content: string | Uint8Array): void;
  /**
   * Writes a file made only when it is first read, if the writer keeps files in memory (the dev
   * server: llms-full.txt, every page's Markdown joined, is rarely asked for while a writer saves).
   */
  writeLazy?(path: string, make: () => string): void;
  /** Copies one regular file (a file of public/, already checked) to `to` in the output. */
  copyFile(from: string, to: string): void;
  /**
   * The folder being written, when workers may write pages into it themselves (and the previous
   * output's files may be linked in); absent for writers that keep files in memory.
   */
  readonly folder?: string;
  /** Takes an unchanged file of the previous output as it is (`reuse` names it there). */
  reuse?(previous: string, to: string): void;
  /** Records a file a worker wrote into `folder`. */
  adopt?(path: string): void;
  /** Where the content of a file of the new output can be read before `commit` (one taken by `reuse` may not be in `folder` yet). */
  source?(path: string): string;
  /** Does now what `commit` would do first, when it already knows the output changes (the build waits on a worker meanwhile). */
  prepare?(): void;
  /** Makes everything written visible at once; until then the previous output stays as it was. */
  commit(): void;
  /** Waits for what `commit` left running (removing the previous output elsewhere). */
  settle?(): Promise<void>;
  /** Drops everything written (a failed build). */
  abort(): void;
  /** The committed output, for a writer that keeps it in memory (what the build hands its caller). */
  committedFiles?(): OutputFiles | undefined;
}

/**
 * Writes into a temporary sibling folder, then swaps it for the output folder on commit. A build
 * that would make the output exactly as it is (every file taken from it unchanged, every file
 * written equal to the one there, no file more or less) leaves it alone: the hard links of the
 * files it takes are made only when something changed.
 */
export class FsWriter implements Writer {
  readonly tmp: string;
  private readonly out: string;
  private readonly dirs = new Set<string>();
  /** Files taken from the previous output, linked in only when the output is replaced. */
  private readonly taken = new Map<string, string>();
  /** Every path of the new output. */
  private readonly paths = new Set<string>();
  /** Whether the new output is, so far, the previous one file for file. */
  private unchanged: boolean;

  private removal?: Promise<void>;

  constructor(
    readonly outDir: string,
    /**
     * Removes the previous output once it is swapped out, elsewhere (on a worker) while the build
     * finishes; undefined when it cannot, and it is removed here.
     */
    private readonly removeElsewhere?: (dir: string) => Promise<void> | undefined,
  ) {
    const out = resolve(outDir);
    if (existsSync(out) && !statSync(out).isDirectory())
      throw new BrookError(
        `the output ${outDir} exists and is not a folder`,
        "pass a folder to --out",
      );
    cleanLeftovers(out);
    this.out = out;
    this.unchanged = existsSync(out);
    this.tmp = `${out}.tmp-${process.pid}-${randomBytes(3).toString("hex")}`;
    mkdirSync(this.tmp, { recursive: true });
  }

  private place(path: string): string {
    checkOutputPath(path);
    this.paths.add(path);
    const full = join(this.tmp, path);
    const dir = dirname(full);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return full;
  }

  /** Whether the previous output holds `path` with exactly `content`. */
  private holds(path: string, content: string | Uint8Array): boolean {
    try {
      const old = readFileSync(join(this.out, path));
      return typeof content === "string"
        ? old.length === Buffer.byteLength(content) && old.toString() === content
        : old.equals(content);
    } catch {
      return false;
    }
  }

  write(path: string, content: string | Uint8Array): void {
    writeFileSync(this.place(path), content);
    if (this.unchanged && !this.holds(path, content)) this.unchanged = false;
  }

  copyFile(from: string, to: string): void {
    copyFileSync(from, this.place(to));
    if (this.unchanged && !sameBytes(from, join(this.out, to))) this.unchanged = false;
  }

  get folder(): string {
    return this.tmp;
  }

  /**
   * Takes a file of the previous output as it is: a hard link, made when the output is replaced
   * (no bytes written, and the old output stays as it was: nothing is ever written through a
   * link, every written file is a new one).
   */
  reuse(previous: string, to: string): void {
    checkOutputPath(to);
    this.paths.add(to);
    this.taken.set(to, previous);
    if (resolve(previous) !== join(this.out, to)) this.unchanged = false;
  }

  /** Where the content of `path` of the new output can be read now (a file taken is still in the previous output). */
  source(path: string): string {
    return this.taken.get(path) ?? join(this.tmp, path);
  }

  adopt(path: string): void {
    checkOutputPath(path);
    this.paths.add(path);
    this.unchanged = false;
  }

  /** Links the files taken from the previous output in, once the output is known to change. */
  prepare(): void {
    if (this.unchanged) return;
    for (const [to, previous] of this.taken) {
      const dir = dirname(join(this.tmp, to));
      if (!this.dirs.has(dir)) {
        mkdirSync(dir, { recursive: true });
        this.dirs.add(dir);
      }
      try {
        linkSync(previous, join(this.tmp, to));
      } catch {
        copyFileSync(previous, join(this.tmp, to));
      }
    }
    this.taken.clear();
  }

  commit(): void {
    if (this.unchanged && sameFiles(this.out, this.paths)) {
      rmSync(this.tmp, { recursive: true, force: true });
      return;
    }
    this.unchanged = false;
    this.prepare();
    const old = `${this.out}.old-${process.pid}-${randomBytes(3).toString("hex")}`;
    const had = existsSync(this.out);
    if (had) renameSync(this.out, old);
    try {
      renameSync(this.tmp, this.out);
    } catch (e) {
      if (had) renameSync(old, this.out);
      throw e;
    }
    if (!had) return;
    const elsewhere = this.removeElsewhere?.(old);
    if (elsewhere)
      this.removal = elsewhere.catch(() => rmSync(old, { recursive: true, force: true }));
    else rmSync(old, { recursive: true, force: true });
  }

  /** Waits until the previous output is gone (a build killed before leaves it for the next one to remove). */
  async settle(): Promise<void> {
    await this.removal;
  }

  abort(): void {
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** Whether two files have the same bytes. */
function sameBytes(a: string, b: string): boolean {
  try {
    if (statSync(a).size !== statSync(b).size) return false;
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** Whether the files under `dir` are exactly `paths` (relative, `/`-separated), and nothing else is. */
function sameFiles(dir: string, paths: Set<string>): boolean {
  const entries = entriesUnder(dir);
  return entries.length === paths.size && entries.every((e) => e.file && paths.has(e.path));
}
