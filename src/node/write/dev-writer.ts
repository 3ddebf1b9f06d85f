/** The dev server's Writer: a build kept in memory (public/ included), taking unchanged files from the last one. */
import { readFileSync } from "node:fs";
import { isOutputPath } from "./output-path.ts";
import type { OutputFiles, Writer } from "./writer.ts";
import type { FileContent } from "../static-host/served-files.ts";

/** Files of one build: path relative to the web root → content, or what makes it when first read. */
export type SiteMap = Map<string, FileContent>;

/** A Writer into memory; `commit` hands the finished build over, `abort` drops it. */
export class DevWriter implements Writer {
  private pending: SiteMap = new Map();
  /** The committed build, once `commit` ran. */
  private result: SiteMap | undefined;

  /** `last`: the previous build's files, which `reuse` takes from. */
  constructor(private readonly last?: OutputFiles) {}

  committedFiles(): SiteMap | undefined {
    return this.result;
  }

  /** Takes a file of the previous build as it was (the session knows its inputs did not change). */
  reuse(_previous: string, to: string): void {
    const content = this.last?.get(to);
    if (content === undefined) throw new Error(`no file ${to} in the previous build to reuse`);
    this.write(to, content);
  }

  write(path: string, content: FileContent): void {
    if (!isOutputPath(path)) throw new Error(`not an output path: ${path}`);
    this.pending.set(path, content);
  }

  writeLazy(path: string, make: () => string): void {
    let made: string | undefined;
    this.write(path, () => (made ??= make()));
  }

  /** Copies one file of public/ into the build, as FsWriter does on disk. */
  copyFile(from: string, to: string): void {
    if (!isOutputPath(to)) throw new Error(`not an output path: ${to}`);
    this.pending.set(to, readFileSync(from));
  }

  commit(): void {
    this.result = this.pending;
    this.pending = new Map();
  }

  abort(): void {
    this.pending = new Map();
  }
}
