/**
 * The dev server's copy of the site: the build kept in memory (written by the write stage's
 * DevWriter), and the hashed assets of earlier builds (an open page that was not updated still
 * finds the data files its manifest names).
 */
import type { OutputFiles } from "../write/writer.ts";
import type { SiteMap } from "../write/dev-writer.ts";
import { assetsPath } from "../../shared/output-layout.ts";

export type { SiteMap } from "../write/dev-writer.ts";

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
