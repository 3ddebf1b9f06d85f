/**
 * The HTTP handler both servers share: design.md §3's URL rules, the built `_redirects` and
 * `_headers`, Content-Type, ETag/304, gzip and brotli, GET and HEAD only, no listings.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { contentType } from "mime-types";
import { CompressionCache, isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding } from "./compress.ts";
import { headersFor, matchRedirect, parseHeaders, parseRedirects, type HeaderRule, type RedirectRule } from "./host-rules.ts";
import { decodeRequestPath, isHiddenPath } from "./request-path.ts";
import type { SiteFile, SiteFiles } from "./site-files.ts";

/** Options of the shared handler. */
export interface StaticHandlerOptions {
  files: SiteFiles;
  /** Apply the built `_redirects` file. @default true */
  hostRedirects?: boolean;
}

/** An HTTP handler that answers every request itself. */
export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Cache-Control for HTML and anything not content-hashed: always revalidate (cheap with ETag). */
export const NO_CACHE = "no-cache";
/** Cache-Control for content-hashed assets. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
const HASHED_ASSET_RE = /\/assets\/(?:.+\/)?[^/]+\.[A-Za-z0-9]{8,}\.[a-z0-9]+$/;

type Resolved =
  | { kind: "file"; path: string; status: 200 | 404 }
  | { kind: "redirect"; location: string; status: number }
  | { kind: "not-found" };

/** Makes the request handler for a site. */
export function createStaticHandler(options: StaticHandlerOptions): StaticHandler {
  const { files } = options;
  const useRedirects = options.hostRedirects !== false;
  const compression = new CompressionCache();
  let rules: { version: string; redirects: RedirectRule[]; headers: HeaderRule[] } | undefined;

  async function hostRules() {
    const version = await files.version();
    if (rules?.version !== version) {
      const text = async (p: string) => (await files.get(p))?.body.toString("utf8") ?? "";
      rules = { version, redirects: parseRedirects(await text("/_redirects")), headers: parseHeaders(await text("/_headers")) };
    }
    return rules;
  }

  async function resolvePath(path: string, query: string, redirects: RedirectRule[]): Promise<Resolved> {
    if (isHiddenPath(path)) return { kind: "not-found" };
    const hit = useRedirects ? matchRedirect(redirects, path) : undefined;
    if (hit) {
      if (hit.status >= 300 && hit.status < 400) return { kind: "redirect", location: withQuery(hit.to, query), status: hit.status };
      // 200 and 404 rules rewrite to another file of the site (Netlify's rewrites and custom 404s).
      if (hit.to.startsWith("/") && (await files.has(hit.to))) return { kind: "file", path: hit.to, status: hit.status === 404 ? 404 : 200 };
    }
    if (path.endsWith("/")) return (await files.has(path + "index.html")) ? { kind: "file", path: path + "index.html", status: 200 } : { kind: "not-found" };
    if (path.endsWith("/index.html")) {
      const dir = path.slice(0, -"index.html".length);
      return (await files.has(path)) ? { kind: "redirect", location: withQuery(encodePath(dir), query), status: 301 } : { kind: "not-found" };
    }
    if (path.endsWith(".html")) {
      const stem = path.slice(0, -".html".length);
      if (await files.has(stem + "/index.html")) return { kind: "redirect", location: withQuery(encodePath(stem + "/"), query), status: 301 };
    }
    if (await files.has(path)) return { kind: "file", path, status: 200 };
    if (await files.has(path + "/index.html")) return { kind: "redirect", location: withQuery(encodePath(path + "/"), query), status: 301 };
    return { kind: "not-found" };
  }

  /** The nearest `404.html` up the path: `/docs/v2/x/y` → `/docs/v2/x/404.html`, `/docs/v2/404.html`, … `/404.html`. */
  async function notFoundPage(path: string): Promise<string | undefined> {
    const parts = path.split("/").slice(1, -1);
    for (let n = parts.length; n >= 0; n--) {
      const candidate = "/" + parts.slice(0, n).map((p) => p + "/").join("") + "404.html";
      if (await files.has(candidate)) return candidate;
    }
    return undefined;
  }

  async function send(req: IncomingMessage, res: ServerResponse, requestPath: string, filePath: string, status: 200 | 404, headerRules: HeaderRule[]) {
    const file = await files.get(filePath);
    if (!file) return plain(res, 404, "Not found");
    const type = contentType(filePath.slice(filePath.lastIndexOf("/") + 1)) || "application/octet-stream";
    res.statusCode = status;
    res.setHeader("Content-Type", type);
    const hashed = status === 200 && HASHED_ASSET_RE.test(filePath);
    res.setHeader("Cache-Control", hashed ? IMMUTABLE : NO_CACHE);
    for (const [name, value] of headersFor(headerRules, requestPath)) res.setHeader(name, value);
    // A not-found answer must never be kept: the page may exist after the next deploy.
    if (status === 404) res.setHeader("Cache-Control", NO_CACHE);
    const compressible = isCompressible(type) && file.body.length >= MIN_COMPRESS_BYTES;
    if (compressible) res.setHeader("Vary", "Accept-Encoding");
    const encoding = compressible ? negotiateEncoding(req.headers["accept-encoding"]) : undefined;
    const etag = encoding ? file.etag.replace(/"$/, `-${encoding}"`) : file.etag;
    if (status === 200) {
      res.setHeader("ETag", etag);
      if (etagMatches(req.headers["if-none-match"], file)) {
        res.statusCode = 304;
        res.removeHeader("Content-Type");
        res.end();
        return;
      }
    }
    const body = encoding ? await compression.get(file.etag, encoding, file.body) : file.body;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return async (req, res) => {
    try {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.setHeader("Allow", "GET, HEAD");
        return plain(res, 405, "Method not allowed");
      }
      const safe = decodeRequestPath(req.url);
      if ("error" in safe) return plain(res, 400, `Bad request: ${safe.error}`);
      const { redirects, headers } = await hostRules();
      const r = await resolvePath(safe.path, safe.query, redirects);
      if (r.kind === "redirect") {
        res.statusCode = r.status;
        res.setHeader("Location", r.location);
        res.setHeader("Cache-Control", NO_CACHE);
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end(req.method === "HEAD" ? undefined : `Redirecting to ${r.location}\n`);
        return;
      }
      if (r.kind === "file") return await send(req, res, safe.path, r.path, r.status, headers);
      const page = await notFoundPage(safe.path);
      if (page) return await send(req, res, safe.path, page, 404, headers);
      return plain(res, 404, "Not found");
    } catch (e) {
      if (!res.headersSent) plain(res, 500, "Internal error");
      else res.destroy();
      process.stderr.write(`Internal error: ${(e as Error).stack ?? String(e)}\n`);
    }
  };
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", NO_CACHE);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(res.req.method === "HEAD" ? undefined : text + "\n");
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

/** If-None-Match with weak comparison, across our content codings (`"x"`, `"x-br"`, `W/"x"`). */
function etagMatches(header: string | undefined, file: SiteFile): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const base = file.etag.slice(1, -1);
  return header.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return t === base || t === `${base}-br` || t === `${base}-gzip`;
  });
}
