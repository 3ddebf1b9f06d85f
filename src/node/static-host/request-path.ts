/**
 * Turns a request target into a safe site path, or says why not (docs/design.md §7: never a file
 * outside the root, whatever the encoding). Shared by `preview` and `serve`.
 */

/** A request target both servers may look up: `path` is decoded, `/`-separated, starts with `/`. */
export interface SafePath {
  path: string;
  /** The raw query with its `?`, or "" (kept on redirects). */
  query: string;
}

/** Longest request target we accept; longer ones are refused before any decoding. */
export const MAX_TARGET_LENGTH = 2048;
/** Most path segments we accept. */
export const MAX_SEGMENTS = 64;

const HEX_RE = /^[0-9a-fA-F]{2}$/;
// Control characters (NUL included), DEL and the backslash never name a file of a built site.
const FORBIDDEN_RE = /[\u0000-\u001f\u007f\\]/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Decodes and checks a request target. Refused (400): not origin-form, too long, `%` not followed
 * by two hex digits, an encoded `/` or `\` (`%2f`, `%5c`), invalid or overlong UTF-8 (`%c0%ae`),
 * NUL and other control characters, a backslash, a `.` or `..` segment (raw or encoded), a `%`
 * left after decoding (double encoding such as `%252e`).
 */
export function decodeRequestPath(target: string | undefined): SafePath | { error: string } {
  if (!target || target.length > MAX_TARGET_LENGTH)
    return { error: "request target missing or too long" };
  if (!target.startsWith("/")) return { error: "request target is not a path" };
  const q = target.indexOf("?");
  const rawPath = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? "" : target.slice(q);
  if (rawPath.includes("#")) return { error: "fragment in request target" };

  const bytes: number[] = [];
  for (let i = 0; i < rawPath.length; i++) {
    const ch = rawPath.charCodeAt(i);
    if (ch === 0x25 /* % */) {
      const hex = rawPath.slice(i + 1, i + 3);
      if (!HEX_RE.test(hex)) return { error: "bad percent-encoding" };
      const byte = parseInt(hex, 16);
      if (byte === 0x2f || byte === 0x5c) return { error: "encoded slash or backslash" };
      bytes.push(byte);
      i += 2;
    } else if (ch > 0xff) {
      for (const b of Buffer.from(rawPath[i]!, "utf8")) bytes.push(b);
    } else {
      // Node's HTTP parser hands the request line over as latin1: one character per byte sent,
      // so raw non-ASCII bytes are checked as UTF-8 like encoded ones.
      bytes.push(ch);
    }
  }
  let path: string;
  try {
    path = utf8.decode(new Uint8Array(bytes));
  } catch {
    return { error: "invalid UTF-8" };
  }
  if (FORBIDDEN_RE.test(path)) return { error: "control character or backslash" };
  if (path.includes("%")) return { error: "double encoding" };
  const segments = path.split("/").slice(1);
  if (segments.length > MAX_SEGMENTS) return { error: "too many path segments" };
  for (const s of segments.slice(0, -1)) if (s === "") return { error: "empty path segment" };
  for (const s of segments) if (s === "." || s === "..") return { error: "dot segment" };
  return { path, query };
}

/**
 * Whether a decoded path names something a static host must never serve: a dotfile or dot folder,
 * or the host files `_redirects` and `_headers` themselves.
 */
export function isHiddenPath(path: string): boolean {
  return (
    path.split("/").some((s) => s.startsWith(".")) || path === "/_redirects" || path === "/_headers"
  );
}
