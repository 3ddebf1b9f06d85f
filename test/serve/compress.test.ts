// Compression of what the servers send: a public/ file may be 50 MB, and its first answer must not
// hold the thread pool (every file read of the server waits on it) for many seconds.
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  CompressionCache,
  compressionLevel,
  LARGE_COMPRESS_BYTES,
} from "../../src/node/static-host/compress.ts";

describe("CompressionCache", () => {
  it("uses a fast level above LARGE_COMPRESS_BYTES (brotli 9 took 21 s on 50 MB of hex text)", () => {
    expect(compressionLevel("br", 1024 * 1024)).toBe(9);
    expect(compressionLevel("gzip", 1024 * 1024)).toBe(9);
    expect(compressionLevel("br", 50 * 1024 * 1024)).toBe(4);
    expect(compressionLevel("gzip", 50 * 1024 * 1024)).toBe(6);
  });

  it("sends a large body compressed, whole", async () => {
    // Hex text is what brotli's high qualities are slowest on.
    const body = Buffer.from(randomBytes(LARGE_COMPRESS_BYTES).toString("hex"));
    const cache = new CompressionCache();
    expect(brotliDecompressSync(await cache.get('"big"', "br", body)).equals(body)).toBe(true);
    expect(gunzipSync(await cache.get('"big"', "gzip", body)).equals(body)).toBe(true);
  });

  it("answers a body again from the cache", async () => {
    const small = Buffer.from("<p>text</p>".repeat(200));
    const cache = new CompressionCache();
    const first = cache.get('"small"', "br", small);
    expect(cache.get('"small"', "br", small)).toBe(first);
    expect(brotliDecompressSync(await first).equals(small)).toBe(true);
  });
});
