/**
 * The dev server's copy of the site: a Writer that keeps a build in memory (public/ included),
 * which pages a new build changed (to reload only those), and the hashed assets of earlier builds
 * (an open page that was not reloaded still finds the data files its manifest names).
 */
import { readFileSync } from "node:fs";
import { isOutputPath, type Writer } from "../write/writer.ts";

/** Files of one build: path relative to the web root → content. */
export type SiteMap = Map<string, string | Uint8Array>;

/** A Writer into memory; `commit` hands the finished build over, `abort` drops it. */
export class DevWriter implements Writer {
  private pending: SiteMap = new Map();
  /** The committed build, once `commit` ran. */
  result: SiteMap | undefined;

  write(path: string, content: string | Uint8Array): void {
    if (!isOutputPath(path)) throw new Error(`not an output path: ${path}`);
    this.pending.set(path, content);
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

/** Which open pages a new build must reload. */
export interface PageChanges {
  /** Every page: the site data, stylesheet, client or redirects changed. */
  all: boolean;
  /** Paths (`/docs/v2/limits/`) of pages whose data changed, appeared or went away. */
  paths: string[];
}

interface Manifest {
  pages: Record<string, string>;
  redirects: Record<string, string>;
}

function readManifest(files: SiteMap, assetsDir: string): { manifest?: Manifest; shared: Set<string> } {
  const shared = new Set<string>();
  let manifest: Manifest | undefined;
  for (const [path, content] of files) {
    if (!path.startsWith(assetsDir)) continue;
    const name = path.slice(assetsDir.length);
    if (name.startsWith("pages/") || name.startsWith("search.")) continue;
    if (name.startsWith("manifest.")) manifest = JSON.parse(typeof content === "string" ? content : Buffer.from(content).toString("utf8")) as Manifest;
    // site data, stylesheet, client entry and chunks: a new name changes every page.
    else shared.add(name);
  }
  return { manifest, shared };
}

/**
 * Compares two builds by what pages show: a page changed when its data file did (the name is
 * content-hashed); every page changed when a shared asset or a redirect did. The manifest's own
 * hash changes on any edit, so whole HTML files are not compared.
 */
export function diffBuilds(before: SiteMap | undefined, after: SiteMap, base: string): PageChanges {
  const assetsDir = base.slice(1) + "assets/";
  const next = readManifest(after, assetsDir);
  if (!before) return { all: true, paths: [] };
  const prev = readManifest(before, assetsDir);
  if (!prev.manifest || !next.manifest) return { all: true, paths: [] };
  const sameShared = prev.shared.size === next.shared.size && [...prev.shared].every((n) => next.shared.has(n));
  if (!sameShared || JSON.stringify(prev.manifest.redirects) !== JSON.stringify(next.manifest.redirects)) return { all: true, paths: [] };
  const paths: string[] = [];
  const routes = new Set([...Object.keys(prev.manifest.pages), ...Object.keys(next.manifest.pages)]);
  for (const route of routes) {
    if (prev.manifest.pages[route] !== next.manifest.pages[route]) paths.push(base.replace(/\/$/, "") + route);
  }
  return { all: false, paths: paths.sort() };
}

/** Hashed assets of earlier builds, kept (newest first, up to a size) beside the current build. */
export class AssetArchive {
  private readonly files = new Map<string, string | Uint8Array>();
  private bytes = 0;

  constructor(private readonly maxBytes = 96 * 1024 * 1024) {}

  /** Archives the assets of `previous` that `current` no longer has; returns `current` plus the archive. */
  merge(previous: SiteMap | undefined, current: SiteMap, base: string): SiteMap {
    const assetsDir = base.slice(1) + "assets/";
    if (previous) {
      for (const [path, content] of previous) {
        if (!path.startsWith(assetsDir) || current.has(path) || this.files.has(path)) continue;
        this.files.set(path, content);
        this.bytes += content.length;
      }
    }
    for (const [path, content] of this.files) {
      if (this.bytes <= this.maxBytes) break;
      this.files.delete(path);
      this.bytes -= content.length;
    }
    if (this.files.size === 0) return current;
    const merged: SiteMap = new Map(current);
    for (const [path, content] of this.files) if (!merged.has(path)) merged.set(path, content);
    return merged;
  }
}
