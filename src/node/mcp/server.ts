/**
 * `brook-docs mcp [DIR] [--site URL]`: a Model Context Protocol server on stdio (docs/design.md §9)
 * over a finished build or the published docs. Tools answer with text an assistant reads; bad
 * input is a tool error (`isError`), never a crash, and nothing outside the build folder or the
 * site's URL is ever read.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadDocs, type Docs } from "./docs.ts";
import { folderSource, siteSource, type DocsSource } from "./docs-source.ts";
import { boundedLines, idOf } from "./stdin-lines.ts";
import { servePageResources } from "./resources.ts";
import { TOOLS, toolError, type ToolResult } from "./tools.ts";

/** Where the server reads the docs from. */
export interface McpOptions {
  /** A build folder (default dist/). */
  dir?: string;
  /** The published docs' URL; used instead of `dir`. */
  site?: string;
  /** The server's version, as `--version` prints it. */
  version: string;
}

/** The docs, loaded on first use: a folder that is no build answers every tool with the reason. */
export function lazyDocs(options: Pick<McpOptions, "dir" | "site">): () => Promise<Docs> {
  let docs: Promise<Docs> | undefined;
  return () => {
    docs ??= (async () => {
      const source: DocsSource = options.site
        ? siteSource(options.site)
        : folderSource(options.dir ?? "dist");
      return loadDocs(source);
    })();
    // A site that did not answer, or a folder built since: asked again next time.
    docs.catch(() => (docs = undefined));
    return docs;
  };
}

/** The server with its tools and page resources, not yet connected. */
export function createMcpServer(options: McpOptions): McpServer {
  const docs = lazyDocs(options);
  const server = new McpServer(
    { name: "brook-docs", version: options.version },
    {
      instructions:
        "Brook's developer documentation: search it, read its pages, look up REST API operations and Brook's limits.",
    },
  );
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args: Record<string, unknown>): Promise<ToolResult> => {
        try {
          return await tool.run(await docs(), args as never);
        } catch (e) {
          return toolError((e as Error).message);
        }
      },
    );
  }
  servePageResources(server.server, docs);
  return server;
}

/** The largest message read: the SDK's stdio buffer, which closes the transport on a longer one. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Serves on stdio until the client goes away. */
export async function runMcpServer(options: McpOptions): Promise<void> {
  const server = createMcpServer(options);
  const lines = boundedLines(MAX_MESSAGE_BYTES, (line) => {
    const id = idOf(line);
    process.stderr.write(
      `brook-docs mcp: a message of more than ${MAX_MESSAGE_BYTES} bytes was dropped${id === undefined ? "" : ` (request ${id})`}\n`,
    );
    if (id !== undefined)
      void transport.send({
        jsonrpc: "2.0",
        id,
        error: {
          code: -32600,
          message: `the request is over ${MAX_MESSAGE_BYTES / 1024 / 1024} MB; send less (a query of a few words, a page's path)`,
        },
      });
  });
  const transport = new StdioServerTransport(process.stdin.pipe(lines), process.stdout);
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
}
