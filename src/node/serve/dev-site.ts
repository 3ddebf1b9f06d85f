/**
 * The dev server's copy of the site: a Writer that keeps a build in memory (public/ included),
 * and the hashed assets of earlier builds (an open page that was not updated still finds the
 * data files its manifest names).
 */
import { readFileSync } from "node:fs";
import { isOutputPath, type OutputFiles, type Writer } from "../write/writer.ts";
import type { FileContent } from "../static-host/served-files.ts";
import { assetsPath } from "../../shared/output-layout.ts";

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

/** Hashed assets of earlier builds, kept (newest first, up to a size) beside the current build. */
export class AssetArchive {
  private readonly files = new Map<string, string | Uint8Array>();
  private bytes = 0;

  constructor(private readonly maxBytes = 96 * 1024 * 1024) {}

  /** Archives the assets of `previous` that `current` no longer has; returns `current` plus the archive. */
  merge(previous: OutputFiles | undefined, current: OutputFiles, base: string): SiteMap {
    const assetsDir = assetsPath(base);
    if (previous) {
      for (const [path, content] of previous) {
        // Hashed assets are written as they are, never made when read.
        if (
          !path.startsWith(assetsDir) ||
          typeof content === "function" ||
          current.has(path) ||
          this.files.has(path)
        )
          continue;
        this.files.set(path, content);
        this.bytes += content.length;
      }
    }
    for (const [path, content] of this.files) {
      if (this.bytes <= this.maxBytes) break;
      this.files.delete(path);
      this.bytes -= content.length;
    }
    const merged: SiteMap = new Map(current);
    for (const [path, content] of this.files) if (!merged.has(path)) merged.set(path, content);
    return merged;
  }
}
