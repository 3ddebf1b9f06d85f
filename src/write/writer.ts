/** Where output goes: a folder swapped in atomically (FsWriter), or memory for tests (MemoryWriter). */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync, cpSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { randomBytes } from "node:crypto";

/** The write stage's only way to produce files. Paths are relative to the web root, `/`-separated. */
export interface Writer {
  write(path: string, content: string | Uint8Array): void;
  /** Copies a folder (public/) to `to` in the output. */
  copyDir(from: string, to: string): void;
  /** Makes everything written visible at once; until then the previous output stays as it was. */
  commit(): void;
  /** Drops everything written (a failed build). */
  abort(): void;
}

/** Writes into a temporary sibling folder, then swaps it for the output folder on commit. */
export class FsWriter implements Writer {
  readonly tmp: string;
  private readonly dirs = new Set<string>();

  constructor(readonly outDir: string) {
    const out = resolve(outDir);
    this.tmp = `${out}.tmp-${process.pid}-${randomBytes(3).toString("hex")}`;
    mkdirSync(this.tmp, { recursive: true });
  }

  write(path: string, content: string | Uint8Array): void {
    const full = join(this.tmp, path);
    const dir = dirname(full);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    writeFileSync(full, content);
  }

  /** Copies a folder (public/) into the output. */
  copyDir(from: string, to: string): void {
    if (existsSync(from)) cpSync(from, join(this.tmp, to), { recursive: true });
  }

  commit(): void {
    const out = resolve(this.outDir);
    const old = `${out}.old-${process.pid}-${randomBytes(3).toString("hex")}`;
    const had = existsSync(out);
    if (had) renameSync(out, old);
    try {
      renameSync(this.tmp, out);
    } catch (e) {
      if (had) renameSync(old, out);
      throw e;
    }
    if (had) rmSync(old, { recursive: true, force: true });
  }

  abort(): void {
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** Keeps files in a Map: whole-build tests assert on it without touching the disk. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, string | Uint8Array>();
  private pending = new Map<string, string | Uint8Array>();
  committed = false;

  write(path: string, content: string | Uint8Array): void {
    this.pending.set(path, content);
  }

  /** Public files are not part of what whole-build tests assert. */
  copyDir(): void {}

  commit(): void {
    this.files.clear();
    for (const [k, v] of this.pending) this.files.set(k, v);
    this.pending = new Map();
    this.committed = true;
  }

  abort(): void {
    this.pending = new Map();
  }

  /** A written file as text. */
  text(path: string): string {
    const v = this.files.get(path);
    if (v === undefined) throw new Error(`no file ${path}; have ${[...this.files.keys()].slice(0, 20).join(", ")}`);
    return typeof v === "string" ? v : new TextDecoder().decode(v);
  }
}
