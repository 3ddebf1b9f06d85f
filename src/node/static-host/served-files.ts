/**
 * Where the servers read a site from: a build folder on disk (preview) or the dev server's memory.
 * Both answer by site path (`/docs/v2/limits/index.html`), already checked by request-path.ts.
 */
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";

/** A file as served: its bytes and a strong validator. */
export interface SiteFile {
  body: Buffer;
  etag: string;
}

/** Read access to a site by path; a path that is not a regular file inside the root is undefined. */
export interface SiteFiles {
  /** Whether `path` is a regular file of the site. */
  has(path: string): Promise<boolean>;
  /** The file at `path`. */
  get(path: string): Promise<SiteFile | undefined>;
  /** Changes whenever the site's files change (the servers re-read `_redirects`/`_headers` then). */
  version(): Promise<string>;
}

/** The content hash used as ETag. */
export function etagOf(body: Buffer | Uint8Array): string {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
}

/** A build folder on disk. Symlinks that lead outside the root are not followed. */
export class DirFiles implements SiteFiles {
  private readonly root: string;
  private readonly cache = new Map<string, { key: string; file: SiteFile }>();
  private cachedBytes = 0;
  private checked: { at: number; value: string } | undefined;

  constructor(
    root: string,
    private readonly maxCacheBytes = 128 * 1024 * 1024,
  ) {
    this.root = realpathSync(resolve(root));
  }

  private async locate(path: string): Promise<{ full: string; key: string } | undefined> {
    const full = join(this.root, ...path.split("/"));
    if (full !== this.root && !full.startsWith(this.root + sep)) return undefined;
    try {
      const st = await stat(full);
      if (!st.isFile()) return undefined;
      const real = await realpath(full);
      if (!real.startsWith(this.root + sep)) return undefined;
      return { full: real, key: `${st.size}:${st.mtimeMs}:${st.ino}` };
    } catch {
      return undefined;
    }
  }

  async has(path: string): Promise<boolean> {
    return (await this.locate(path)) !== undefined;
  }

  async get(path: string): Promise<SiteFile | undefined> {
    const where = await this.locate(path);
    if (!where) return undefined;
    const hit = this.cache.get(where.full);
    if (hit && hit.key === where.key) return hit.file;
    let body: Buffer;
    try {
      body = await readFile(where.full);
    } catch {
      return undefined;
    }
    const file = { body, etag: etagOf(body) };
    if (hit) this.cachedBytes -= hit.file.body.length;
    if (this.cachedBytes + body.length > this.maxCacheBytes) {
      this.cache.clear();
      this.cachedBytes = 0;
    }
    this.cache.set(where.full, { key: where.key, file });
    this.cachedBytes += body.length;
    return file;
  }

  async version(): Promise<string> {
    // Looked at no more than every 200 ms: a rebuilt folder is picked up, a busy server stays fast.
    const now = Date.now();
    if (this.checked && now - this.checked.at < 200) return this.checked.value;
    const parts: string[] = [];
    for (const name of ["_redirects", "_headers"]) {
      try {
        const st = await stat(join(this.root, name));
        parts.push(`${st.size}:${st.mtimeMs}:${st.ino}`);
      } catch {
        parts.push("-");
      }
    }
    this.checked = { at: now, value: parts.join("|") };
    return this.checked.value;
  }
}

/** A file held in memory: its bytes or text, or what makes its text when it is first asked for. */
export type FileContent = string | Uint8Array | (() => string);

/** A site held in memory (the dev server's last good build): path without leading slash → content. */
export class MemoryFiles implements SiteFiles {
  private raw = new Map<string, FileContent>();
  private made = new Map<string, SiteFile>();
  private generation = 0;

  /** @param transformHtml applied to every `.html` file when served (the dev server injects its client). */
  constructor(private readonly transformHtml?: (html: string) => string) {}

  /** Replaces the whole site at once, so a request never sees half of two builds. */
  replace(files: Map<string, FileContent>): void {
    this.raw = files;
    this.made = new Map();
    this.generation++;
  }

  async has(path: string): Promise<boolean> {
    return this.raw.has(path.slice(1));
  }

  async get(path: string): Promise<SiteFile | undefined> {
    const key = path.slice(1);
    const made = this.made.get(key);
    if (made) return made;
    const stored = this.raw.get(key);
    if (stored === undefined) return undefined;
    const content = typeof stored === "function" ? stored() : stored;
    // Buffers and ETags are made on first request, not per build: most files of a rebuild are never asked for.
    let body: Buffer;
    if (key.endsWith(".html") && this.transformHtml)
      body = Buffer.from(
        this.transformHtml(
          typeof content === "string" ? content : Buffer.from(content).toString("utf8"),
        ),
      );
    else if (typeof content === "string") body = Buffer.from(content);
    else body = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    const file = { body, etag: etagOf(body) };
    this.made.set(key, file);
    return file;
  }

  async version(): Promise<string> {
    return String(this.generation);
  }
}
