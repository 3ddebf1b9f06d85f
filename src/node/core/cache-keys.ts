/**
 * The keys the build's caches are kept by, shared by every stage that keeps something between
 * builds (pages, search, examples, the reference): a hash of the inputs. A key that depends on the
 * generator's code takes its version (Settings.generator) as one of them.
 */
import { createHash } from "node:crypto";

/** Hash helper for cache keys. */
export function hashKey(...parts: (string | Uint8Array)[]): string {
  const h = createHash("sha1");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex");
}
