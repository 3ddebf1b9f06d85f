/** Content hashes in file names (`site.<hash>.json`, `pages/<key>.<hash>.json`). */
import { createHash } from "node:crypto";

/** Short content hash used in file names. */
export function contentHash(content: string | Uint8Array): string {
  return createHash("sha256")
    .update(content)
    .digest("base64url")
    .replace(/[-_]/g, "")
    .slice(0, 10)
    .toLowerCase();
}
