/** The content-hash cache: parsed pages and rendered HTML from earlier builds, keyed by their inputs. */
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { createHash } from "node:crypto";
import { deserialize, serialize } from "node:v8";
import type { ParsedPage } from "./content/parse-page.ts";

/** Bump when the cached shapes change. */
const CACHE_FORMAT = 2;

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

/** Loads the cache, or an empty one when it is absent, stale or unreadable. */
export function loadCache(file: string): CacheData {
  const empty = emptyCache();
  if (!existsSync(file)) return empty;
  try {
    const data = deserialize(readFileSync(file)) as CacheData & { format: number; generator: string };
    if (data.format !== CACHE_FORMAT || data.generator !== generatorVersion()) return empty;
    return { parse: data.parse, render: data.render, search: data.search };
  } catch {
    return empty;
  }
}

/** Saves only what this build used, so the cache does not grow without bound. */
export function saveCache(file: string, data: CacheData): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, serialize({ format: CACHE_FORMAT, generator: generatorVersion(), ...data }));
  renameSync(tmp, file);
}
