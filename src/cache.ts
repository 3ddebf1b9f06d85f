/** The content-hash cache: parsed pages and rendered HTML from earlier builds, keyed by their inputs. */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { createHash } from "node:crypto";
import { deserialize, serialize } from "node:v8";
import type { ParsedPage } from "./content/parse-page.ts";

/** Bump when the cached shapes change. */
const CACHE_FORMAT = 3;

/** What a cache entry maps. */
export interface CacheData {
  parse: Map<string, ParsedPage>;
  render: Map<string, string>;
  /** Serialised search indexes by the hash of their documents. */
  search: Map<string, string>;
}

/** A cache with nothing in it. */
export function emptyCache(): CacheData {
  return { parse: new Map(), render: new Map(), search: new Map() };
}

/** The cache file of one content folder, in the folder the benchmark clears for a cold build. */
export function cacheFile(cwd: string, contentDir: string): string {
  // One file per content folder: building a fixture or a corpus must not evict the docs' cache.
  return join(cwd, "node_modules", ".cache", "brook-docs", `build-${hashKey(contentDir).slice(0, 12)}.bin`);
}

/** A hash of the generator's own code: a change of code invalidates the cache. */
export function generatorVersion(): string {
  return process.env.BROOK_DOCS_GENERATOR ?? "dev";
}

/** Hash helper for cache keys. */
export function hashKey(...parts: (string | Uint8Array)[]): string {
  const h = createHash("sha1");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex");
}

/** Entries per serialised chunk: one buffer for a whole large site would add its size to peak memory. */
const CHUNK = 256;

/** Loads the cache, or an empty one when it is absent, stale or unreadable. */
export function loadCache(file: string): CacheData {
  const empty = emptyCache();
  if (!existsSync(file)) return empty;
  try {
    const bytes = readFileSync(file);
    const chunks: unknown[] = [];
    for (let at = 0; at < bytes.length; ) {
      const size = bytes.readUInt32LE(at);
      chunks.push(deserialize(bytes.subarray(at + 4, at + 4 + size)));
      at += 4 + size;
    }
    const head = chunks.shift() as { format: number; generator: string };
    if (head.format !== CACHE_FORMAT || head.generator !== generatorVersion()) return empty;
    const data = emptyCache();
    for (const chunk of chunks as { kind: keyof CacheData; entries: [string, never][] }[]) {
      for (const [k, v] of chunk.entries) data[chunk.kind].set(k, v);
    }
    return data;
  } catch {
    return empty;
  }
}

/** Saves only what this build used, so the cache does not grow without bound; length-prefixed chunks. */
export function saveCache(file: string, data: CacheData): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}`;
  const fd = openSync(tmp, "w");
  const put = (value: unknown) => {
    const body = serialize(value);
    const size = Buffer.alloc(4);
    size.writeUInt32LE(body.length);
    writeSync(fd, size);
    writeSync(fd, body);
  };
  try {
    put({ format: CACHE_FORMAT, generator: generatorVersion() });
    for (const kind of ["parse", "render", "search"] as const) {
      const entries = [...data[kind].entries()];
      for (let i = 0; i < entries.length; i += CHUNK) put({ kind, entries: entries.slice(i, i + CHUNK) });
    }
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}
