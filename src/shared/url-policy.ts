/**
 * Which URLs may reach an `href` or `src`, and which names may be part of a route. Content and
 * config come from strangers: a URL is classified the way a browser will read it, and anything
 * that is not a site path, a relative or `#` link, or an http(s), mailto or tel URL is refused.
 */

/** How a URL written in content or config will be followed. */
export type UrlKind =
  /** A path on this site, without the base: `/limits/#memory`. */
  | "site"
  /** Relative to the page: `../limits/`, `image.png`. */
  | "relative"
  /** A fragment of the page itself: `#memory`. */
  | "fragment"
  /** `https:` or `http:` elsewhere. */
  | "external"
  | "mailto"
  | "tel";

/** The verdict on one URL: its kind, or why it is refused. */
export type UrlVerdict = { ok: true; kind: UrlKind } | { ok: false; reason: string };

const ALLOWED_SCHEMES = new Set(["https", "http", "mailto", "tel"]);
const SCHEME_RE = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
// What the WHATWG URL parser strips or ignores before it reads a scheme: leading and trailing C0
// controls and spaces, and ASCII tab and newlines anywhere (`java\tscript:` is `javascript:`).
// eslint-disable-next-line no-control-regex
const EDGE_RE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_NEWLINE_RE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

/** Classifies a URL as a browser will read it; refuses unknown schemes and protocol-relative URLs. */
export function classifyUrl(raw: string): UrlVerdict {
  const url = raw.replace(EDGE_RE, "").replace(TAB_NEWLINE_RE, "");
  if (CONTROL_RE.test(url)) return { ok: false, reason: "it contains a control character" };
  if (url.startsWith("#")) return { ok: true, kind: "fragment" };
  if (
    url.startsWith("//") ||
    url.startsWith("\\\\") ||
    url.startsWith("/\\") ||
    url.startsWith("\\/")
  ) {
    return { ok: false, reason: "it is protocol-relative (it leaves the site); write https://" };
  }
  if (url.startsWith("/"))
    return url.includes("\\")
      ? { ok: false, reason: "it contains a backslash" }
      : { ok: true, kind: "site" };
  const scheme = SCHEME_RE.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined)
    return url.includes("\\")
      ? { ok: false, reason: "it contains a backslash" }
      : { ok: true, kind: "relative" };
  if (!ALLOWED_SCHEMES.has(scheme))
    return { ok: false, reason: `the ${scheme}: scheme is not allowed` };
  if (scheme === "mailto" || scheme === "tel") return { ok: true, kind: scheme };
  try {
    const parsed = new URL(url);
    if (!parsed.hostname) return { ok: false, reason: "it has no host" };
  } catch {
    return { ok: false, reason: "it is not a valid URL" };
  }
  return { ok: true, kind: "external" };
}

/** Characters a file or folder name may use to become part of a route: RFC 3986's unreserved set. */
export const NAME_CHARACTERS = "letters A-Z and a-z, digits, '-', '_', '.' and '~'";
const SEGMENT_RE = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/**
 * Whether `name` can be one segment of a route. Unreserved characters only, so a route reads the
 * same encoded and decoded (no `%`, space, `&`, `#` or `?` that a host, a sitemap or `_redirects`
 * could read another way); a leading `.` would make it hidden.
 */
export function isRouteSegment(name: string): boolean {
  return SEGMENT_RE.test(name);
}

/** The first character of `name` that keeps it from being a route segment, for messages. */
export function badNameCharacter(name: string): string | undefined {
  if (name.startsWith(".")) return ".";
  for (const ch of name) if (!/[A-Za-z0-9._~-]/.test(ch)) return ch;
  return undefined;
}

/** Whether `path` is a route: `/`, or `/a/b/` made of route segments. */
export function isRoute(path: string): boolean {
  if (path === "/") return true;
  if (!path.startsWith("/") || !path.endsWith("/")) return false;
  return path.slice(1, -1).split("/").every(isRouteSegment);
}

/** Whether `path` is a route with or without its trailing slash (`/cron`, `/cron/`). */
export function isRouteLoose(path: string): boolean {
  return isRoute(path.endsWith("/") ? path : path + "/");
}

/** A `#fragment` a route may carry: the characters heading slugs hold, plus what writers use in ids. */
const FRAGMENT_RE = /^[\p{L}\p{N}_~.-]+$/u;

/** Whether `value` is a route optionally followed by `#fragment`. */
export function isRouteWithFragment(value: string): boolean {
  const i = value.indexOf("#");
  if (i < 0) return isRoute(value);
  return isRoute(value.slice(0, i)) && FRAGMENT_RE.test(value.slice(i + 1));
}

/** `decodeURIComponent` that answers `undefined` for malformed escapes instead of throwing. */
export function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
