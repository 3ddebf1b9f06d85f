/**
 * The HTTP handler both servers share: docs/design.md §3's URL rules, the built `_redirects` and
 * `_headers`, Content-Type, ETag/304, gzip and brotli, GET and HEAD only, no listings.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { contentType } from "mime-types";
import { formatError } from "../core/errors.ts";
import {
  CompressionCache,
  isCompressible,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from "./compress.ts";
import {
  headersFor,
  NO_REDIRECTS,
  parseHeaders,
  parseRedirects,
  type HeaderRule,
  type RedirectRules,
} from "./host-rules.ts";
import { decodeRequestPath } from "./request-path.ts";
import { notFoundPage, resolveRequest } from "./url-rules.ts";
import type { SiteFile, SiteFiles } from "./served-files.ts";

/** Options of the shared handler. */
export interface StaticHandlerOptions {
  files: SiteFiles;
  /** Apply the built `_redirects` file. @default true */
  hostRedirects?: boolean;
  /** Which `Host` headers are answered (others get 403). @default every one */
  allowHost?: (host: string | undefined) => boolean;
  /** The `_headers` rules while the site has no `_headers` file (the dev server's first build). */
  fallbackHeaders?: HeaderRule[];
  /** Answers the requests the server makes up itself (the dev client); true when it answered. */
  own?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** An HTTP handler that answers every request itself. */
export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Cache-Control for HTML and anything not content-hashed: always revalidate (cheap with ETag). */
export const NO_CACHE = "no-cache";
/** Cache-Control for content-hashed assets. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
const HASHED_ASSET_RE = /\/assets\/(?:.+\/)?[^/]+\.[A-Za-z0-9]{8,}\.[a-z0-9]+$/;

/** Makes the request handler for a site. */
export function createStaticHandler(options: StaticHandlerOptions): StaticHandler {
  const { files } = options;
  const useRedirects = options.hostRedirects !== false;
  const compression = new CompressionCache();
  let rules: { version: string; redirects: RedirectRules; headers: HeaderRule[] } | undefined;

  async function hostRules() {
    const version = await files.version();
    if (rules?.version !== version) {
      const text = async (p: string) => (await files.get(p))?.body.toString("utf8") ?? "";
      rules = {
        version,
        redirects: parseRedirects(await text("/_redirects")),
        headers: parseHeaders(await text("/_headers")),
      };
    }
    return rules;
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    filePath: string,
    status: 200 | 404,
    siteHeaders: Map<string, string>,
  ) {
    const file = await files.get(filePath);
    if (!file) return plain(res, 404, "Not found");
    const type =
      contentType(filePath.slice(filePath.lastIndexOf("/") + 1)) || "application/octet-stream";
    res.statusCode = status;
    res.setHeader("Content-Type", type);
    const hashed = status === 200 && HASHED_ASSET_RE.test(filePath);
    res.setHeader("Cache-Control", hashed ? IMMUTABLE : NO_CACHE);
    // `_headers` wins over the defaults above (the assets block's Cache-Control, `.md`'s type).
    for (const [name, value] of siteHeaders) res.setHeader(name, value);
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
      const { redirects, headers } = await hostRules();
      const safe = decodeRequestPath(req.url);
      // docs/serving.md: the security headers of `_headers` on every path, every status.
      const rules = headers.length ? headers : (options.fallbackHeaders ?? []);
      const path = "error" in safe ? "/" : safe.path;
      const siteHeaders = headersFor(rules, path);
      for (const [name, value] of siteHeaders) res.setHeader(name, value);
      // HTTP/1.1 requires Host (RFC 9112 §3.2); the server leaves the check to us (http-server.ts).
      if (req.headers.host === undefined && req.httpVersion !== "1.0")
        return plain(res, 400, "Bad request: no Host header");
      if (options.allowHost && !options.allowHost(req.headers.host))
        return plain(res, 403, "Forbidden: this server answers its own host names only");
      if (options.own?.(req, res)) return;
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.setHeader("Allow", "GET, HEAD");
        return plain(res, 405, "Method not allowed");
      }
      if ("error" in safe) return plain(res, 400, `Bad request: ${safe.error}`);
      const r = await resolveRequest(
        safe.path,
        safe.query,
        (p) => files.has(p),
        useRedirects ? redirects : NO_REDIRECTS,
      );
      if (r.kind === "redirect") {
        res.setHeader("Location", r.location);
        // The query stays out of the body: it is the client's text, not ours to echo.
        return plain(res, r.status, `Redirecting to ${r.location.split(/[?#]/)[0]}`);
      }
      if (r.kind === "file") return await send(req, res, r.path, r.status, siteHeaders);
      const page = await notFoundPage(safe.path, (p) => files.has(p));
      if (page) return await send(req, res, page, 404, siteHeaders);
      return plain(res, 404, "Not found");
    } catch (e) {
      if (!res.headersSent) plain(res, 500, "Internal error");
      else res.destroy();
      process.stderr.write(formatError(e) + "\n");
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
