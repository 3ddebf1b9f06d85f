/** gzip and brotli for the servers: negotiated from Accept-Encoding, computed once per file version. */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** A content coding we send. */
export type Encoding = "br" | "gzip";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this size compression is not worth a round of CPU. */
export const MIN_COMPRESS_BYTES = 512;

/**
 * Above this size a body is compressed at a fast level (brotli 4, gzip 6): brotli 9 took 21 s on
 * a 50 MB file of hex text (public/ allows 50 MB), holding the thread pool every file read of the
 * server waits on; brotli 4 took 0.7 s. The site's own files are smaller (llms-full.txt: 1 MB).
 */
export const LARGE_COMPRESS_BYTES = 2 * 1024 * 1024;

const COMPRESSIBLE_RE =
  /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** Whether a Content-Type is worth compressing. */
export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE_RE.test(contentType);
}

/** The coding to use for an Accept-Encoding header: brotli, then gzip, honouring `q=0`. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return undefined;
}

/** The brotli quality or gzip level for a body of `bytes`: the best below LARGE_COMPRESS_BYTES, a fast one above. */
export function compressionLevel(encoding: Encoding, bytes: number): number {
  const large = bytes > LARGE_COMPRESS_BYTES;
  if (encoding === "br") return large ? 4 : 9;
  return large ? 6 : 9;
}

/** Compressed bodies by ETag and coding, bounded in bytes (oldest dropped first). */
export class CompressionCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The body compressed with `encoding`, from the cache when this version was compressed before. */
  get(etag: string, encoding: Encoding, body: Buffer): Promise<Buffer> {
    const key = `${encoding}:${etag}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const level = compressionLevel(encoding, body.length);
    const made =
      encoding === "br"
        ? brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: level,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gz(body, { level });
    this.entries.set(key, made);
    made.then(
      (out) => {
        this.sizes.set(key, out.length);
        this.bytes += out.length;
        this.evict();
      },
      () => this.entries.delete(key),
    );
    return made;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      const size = this.sizes.get(key);
      if (size === undefined) continue;
      this.entries.delete(key);
      this.sizes.delete(key);
      this.bytes -= size;
    }
  }
}
