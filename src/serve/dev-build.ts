/**
 * Runs the dev server's builds: one generator bundle at a time (made again when templates/ or
 * src/ change, see build-loader.ts), one memo kept across builds so only what changed is parsed
 * and rendered again, output into memory.
 */
import { BrookError, ContentError, formatError, type Diagnostic } from "../errors.ts";
import { resolve } from "node:path";
import { cacheFile, emptyCache, saveCache } from "../cache.ts";
import type { BuildMemo, BuildResult } from "../build.ts";
import { BuildLoader, type BuildModule } from "./build-loader.ts";
import { DevWriter, type SiteMap } from "./dev-site.ts";
import type { Change } from "./watch.ts";

/** Where and what to build. */
export interface DevBuildOptions {
  projectRoot: string;
  cwd: string;
  contentDir: string;
  configFile?: string;
  onWarning?: (d: Diagnostic) => void;
}

/** What one build gave: the files and the result, or the error text the terminal and overlay show. */
export type DevBuildOutcome =
  | { ok: true; result: BuildResult; files: SiteMap; ms: number; codeChanged: boolean }
  | { ok: false; text: string; ms: number };

/** Builds on demand; keep one per server. */
export class DevBuilder {
  /** The memo buildSite keeps between builds (exposed for tests). */
  readonly memo: BuildMemo = {};
  private module: BuildModule | undefined;
  private needBundle = true;
  private reset: "none" | "render" | "all" = "none";
  /** The disk cache is keyed by the CLI's own code; once the code changed, it is left alone. */
  private codeChanged = false;

  private readonly loader: BuildLoader;

  constructor(private readonly options: DevBuildOptions) {
    this.loader = new BuildLoader(options.projectRoot);
    // A page edit must not wait for the search index (see BuildMemo.deferSearch).
    this.memo.deferSearch = true;
  }

  /** The search index work the last build deferred, if any (taken once). */
  takeSearchLater(): (() => void) | undefined {
    const later = this.memo.searchLater;
    this.memo.searchLater = undefined;
    return later;
  }

  /** Removes the bundles this builder made. */
  dispose(): void {
    this.loader.dispose();
  }

  /** Builds, taking `changes` into account; never throws. */
  async build(changes: Change[]): Promise<DevBuildOutcome> {
    const start = performance.now();
    const ms = () => Math.round(performance.now() - start);
    const kinds = new Set(changes.map((c) => c.kind));
    if (kinds.has("templates") || kinds.has("code")) {
      this.needBundle = true;
      this.reset = kinds.has("code") || this.reset === "all" ? "all" : "render";
    }
    // The client bundle imports templates/ and src/shared: rebundle it with them.
    if (kinds.has("client") || kinds.has("templates") || kinds.has("code")) this.memo.client = undefined;
    let bundled = false;
    if (this.needBundle || !this.module) {
      try {
        this.module = await this.loader.load();
      } catch (e) {
        return { ok: false, text: formatBuildError(e), ms: ms() };
      }
      this.needBundle = false;
      if (this.reset !== "none") bundled = this.codeChanged = true;
      this.applyReset();
    }
    const writer = new DevWriter();
    try {
      const result = await this.module.buildSite({
        cwd: this.options.cwd,
        contentDir: this.options.contentDir,
        configFile: this.options.configFile,
        memo: this.memo,
        writer,
        onWarning: this.options.onWarning,
      });
      if (!writer.result) throw new BrookError("the build finished without committing its output");
      return { ok: true, result, files: writer.result, ms: ms(), codeChanged: bundled };
    } catch (e) {
      // Whatever a failed build deferred belongs to output that was never served.
      this.memo.searchLater = undefined;
      return { ok: false, text: formatBuildError(e), ms: ms() };
    }
  }

  /** Saves the memo's cache to disk (for the next `build` or `serve`) unless the generator's code changed meanwhile. */
  saveDiskCache(): void {
    if (this.codeChanged || !this.memo.cache) return;
    try {
      saveCache(cacheFile(this.options.cwd, resolve(this.options.cwd, this.options.contentDir)), this.memo.cache);
    } catch {
      // A cache that cannot be written only costs time on the next cold build.
    }
  }

  private applyReset(): void {
    if (this.reset === "all") this.memo.cache = emptyCache();
    // Parses do not depend on templates/ or src/render: keep them, render every page again.
    else if (this.reset === "render") this.memo.cache = { ...(this.memo.cache ?? emptyCache()), render: new Map() };
    this.reset = "none";
  }
}

/**
 * The CLI's text for a build error. The build runs from its own bundle, with its own copies of
 * the error classes, so they are recognised by name rather than by `instanceof`.
 */
export function formatBuildError(e: unknown): string {
  const err = e as { name?: unknown; message?: unknown; hint?: unknown; diagnostics?: unknown } | null;
  if (err?.name === "ContentError" && Array.isArray(err.diagnostics)) return formatError(new ContentError(err.diagnostics as Diagnostic[]));
  if (err?.name === "BrookError" && typeof err.message === "string") return formatError(new BrookError(err.message, typeof err.hint === "string" ? err.hint : undefined));
  return formatError(e);
}
