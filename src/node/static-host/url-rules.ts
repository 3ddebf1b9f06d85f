/**
 * docs/design.md §3's URL rules as one function over "does this file exist": what a good static host
 * answers for a path. The servers answer with it; check-links follows links with it.
 */
import { matchRedirect, type RedirectRules } from "./host-rules.ts";
import { isHiddenPath } from "./request-path.ts";

/** What a path resolves to. */
export type Resolution =
  | { kind: "file"; path: string; status: 200 | 404 }
  | { kind: "redirect"; location: string; status: number }
  | { kind: "not-found" };

/** Whether a site path (`/docs/v2/limits/index.html`) is a file of the site. */
export type FileExists = (path: string) => boolean | Promise<boolean>;

/**
 * Resolves a decoded path: the `_redirects` rules first; then `/x/` → `/x/index.html`;
 * `/x/index.html` and `/x.html` → 301 `/x/`; a file as is; `/x` → 301 `/x/` when `/x/index.html`
 * exists; anything else is not found. `query` (with its `?`) is kept on redirects.
 */
export async function resolveRequest(
  path: string,
  query: string,
  exists: FileExists,
  redirects: RedirectRules,
): Promise<Resolution> {
  if (isHiddenPath(path)) return { kind: "not-found" };
  const hit = matchRedirect(redirects, path);
  if (hit) {
    if (hit.status >= 300 && hit.status < 400)
      return { kind: "redirect", location: withQuery(hit.to, query), status: hit.status };
    // 200 and 404 rules rewrite to another file of the site (Netlify's rewrites and custom 404s).
    if (hit.to.startsWith("/") && (await exists(hit.to)))
      return { kind: "file", path: hit.to, status: hit.status === 404 ? 404 : 200 };
  }
  if (path.endsWith("/"))
    return (await exists(path + "index.html"))
      ? { kind: "file", path: path + "index.html", status: 200 }
      : { kind: "not-found" };
  if (path.endsWith("/index.html")) {
    const dir = path.slice(0, -"index.html".length);
    return (await exists(path))
      ? { kind: "redirect", location: withQuery(encodePath(dir), query), status: 301 }
      : { kind: "not-found" };
  }
  if (path.endsWith(".html")) {
    const stem = path.slice(0, -".html".length);
    if (await exists(stem + "/index.html"))
      return { kind: "redirect", location: withQuery(encodePath(stem + "/"), query), status: 301 };
  }
  if (await exists(path)) return { kind: "file", path, status: 200 };
  if (await exists(path + "/index.html"))
    return { kind: "redirect", location: withQuery(encodePath(path + "/"), query), status: 301 };
  return { kind: "not-found" };
}

/** The nearest `404.html` up the path: `/docs/v2/x/y` → `/docs/v2/x/404.html`, `/docs/v2/404.html`, … `/404.html`. */
export async function notFoundPage(path: string, exists: FileExists): Promise<string | undefined> {
  const parts = path.split("/").slice(1, -1);
  for (let n = parts.length; n >= 0; n--) {
    const candidate =
      "/" +
      parts
        .slice(0, n)
        .map((p) => p + "/")
        .join("") +
      "404.html";
    if (await exists(candidate)) return candidate;
  }
  return undefined;
}

/** Percent-encodes a decoded path for a Location header, segment by segment. */
export function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** Appends the request's query to a redirect target, before its `#hash`. */
function withQuery(target: string, query: string): string {
  if (!query || target.includes("?")) return target;
  const i = target.indexOf("#");
  return i < 0 ? target + query : target.slice(0, i) + query + target.slice(i);
}
