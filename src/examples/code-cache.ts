/**
 * A CommonJS file loaded with V8's code cache (Node 20 has no `module.enableCompileCache`): the
 * compiled code of its functions is kept under node_modules/.cache after the first run, so a
 * later process skips compiling them. Used for TypeScript (9 MB, compiled function by function as
 * the checker runs). The cache belongs to the file, V8 and the flags: V8 refuses one made by
 * another version of any of them, and the file is then compiled as usual and the cache made again.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

/** A file loaded with the cache, and how to save what was compiled since. */
export interface CachedModule<T> {
  exports: T;
  /** Whether V8 took the code from the cache. */
  fromCache: boolean;
  /** Writes the cache when there was none (or V8 refused it); call once the code has run. */
  save(): void;
}

/** Where a file's code cache is kept: node_modules/.cache beside the package that holds it. */
export function codeCachePath(file: string, version: string): string {
  const nodeModules = file.slice(0, file.lastIndexOf("node_modules") + "node_modules".length);
  const name = file.slice(nodeModules.length + 1).replace(/[^\w.-]+/g, "_");
  const key = `${name}-${version}-${process.version}-${process.arch}.v8`;
  return join(nodeModules, ".cache", "brook-docs-v8", key);
}

/** Runs the CommonJS `file` as `require` would, with its code cache at `cachePath` when it is usable. */
export function requireWithCodeCache<T>(file: string, cachePath: string): CachedModule<T> {
  let cached: Buffer | undefined;
  try {
    cached = readFileSync(cachePath);
  } catch {
    // No cache yet.
  }
  const script = new Script(Module.wrap(readFileSync(file, "utf8")), {
    filename: file,
    cachedData: cached,
  });
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  const fromCache = cached !== undefined && !script.cachedDataRejected;
  let fresh = fromCache;
  return {
    exports: module.exports,
    fromCache,
    save() {
      if (fresh) return;
      fresh = true;
      try {
        mkdirSync(dirname(cachePath), { recursive: true });
        const temp = `${cachePath}.${process.pid}`;
        writeFileSync(temp, script.createCachedData());
        renameSync(temp, cachePath);
      } catch {
        // A read-only node_modules: the next process compiles as this one did.
      }
    },
  };
}
