/** A Writer into memory for whole-build tests (Lume's EmptyWriter, Eleventy's toJSON()). */
import { readFileSync } from "node:fs";
import { checkOutputPath } from "./output-path.ts";
import { type Writer } from "./writer.ts";

/** Keeps files in a Map: whole-build tests assert on it without touching the disk. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, string | Uint8Array>();
  private pending = new Map<string, string | Uint8Array>();
  committed = false;

  write(path: string, content: string | Uint8Array): void {
    checkOutputPath(path);
    this.pending.set(path, content);
  }

  copyFile(from: string, to: string): void {
    checkOutputPath(to);
    this.pending.set(to, readFileSync(from));
  }

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
    if (v === undefined)
      throw new Error(`no file ${path}; have ${[...this.files.keys()].slice(0, 20).join(", ")}`);
    return typeof v === "string" ? v : new TextDecoder().decode(v);
  }
}
