/**
 * The keys the build's caches are kept by, shared by every stage that keeps something between
 * builds (pages, search, examples, the reference): a hash of the inputs, and the generator's own
 * version, so that a change of the generator's code makes every key new.
 */
import { createHash } from "node:crypto";

/** Hash helper for cache keys. */
export function hashKey(...parts: (string | Uint8Array)[]): string {
  const h = createHash("sha1");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex");
}

/** A hash of the generator's own code: a change of code invalidates the cache. */
export function generatorVersion(): string {
  return process.env.BROOK_DOCS_GENERATOR ?? "dev";
}
