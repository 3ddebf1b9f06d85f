/**
 * The pages as MCP resources, `brook-docs://docs/v2/<route>`: each listed under its page's title,
 * read as its Markdown for machines. Handled on the protocol's own server (not McpServer's
 * template), so that any URI that is no page, of this scheme or another, is the specification's
 * "resource not found" (-32002) with the URI, not an internal or parameter error.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { quoteInput } from "./answer-size.ts";
import { readPage, routeOf, type Docs } from "./docs.ts";

/** The JSON-RPC error code of the MCP specification for a resource that does not exist. */
export const RESOURCE_NOT_FOUND = -32002;
const SCHEME = "brook-docs://";
const MIME = "text/markdown";

/** `brook-docs://docs/v2/limits/` for the page /limits/ of docs under /docs/v2/. */
export function resourceUri(docs: Docs, route: string): string {
  return `${SCHEME}${docs.source.base.slice(1)}${route.slice(1)}`;
}

/** Serves the pages of `docs()` as resources on `server` (before it connects). */
export function servePageResources(server: Server, docs: () => Promise<Docs>): void {
  server.registerCapabilities({ resources: {} });
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const d = await docs().catch(() => undefined);
    return {
      resources: (d?.pages ?? []).map((p) => ({
        uri: resourceUri(d!, p.route),
        name: p.route,
        title: p.title,
        description: p.description,
        mimeType: MIME,
      })),
    };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: `${SCHEME}{+path}`,
        name: "page",
        title: "A page of the Brook docs",
        description: "A page of the Brook docs as Markdown, by its path under the docs' base",
        mimeType: MIME,
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const notFound = () =>
      new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${quoteInput(uri)}`, {
        uri: uri.slice(0, 200),
      });
    if (!uri.startsWith(SCHEME)) throw notFound();
    const d = await docs();
    const { route, anchor } = routeOf(d, "/" + uri.slice(SCHEME.length));
    const page = route && !anchor ? await readPage(d, route) : undefined;
    if (!page) throw notFound();
    return { contents: [{ uri, mimeType: MIME, text: page.markdown }] };
  });
}
