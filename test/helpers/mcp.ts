/**
 * The assistant server as the tests drive it: `brook-docs mcp` started as an assistant starts it
 * (the CLI on stdio), talked to with the protocol SDK's own client, over a build of
 * test/fixtures/mcp-site in a temporary folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { buildSite } from "../../src/node/build-site.ts";
import type { DocsSource } from "../../src/node/mcp/docs-source.ts";
import { MemoryWriter } from "../../src/node/write/memory-writer.ts";
import { ROOT } from "./site.ts";

const FIXTURE = join(ROOT, "test", "fixtures", "mcp-site");
const BIN = join(ROOT, "bin", "brook-docs.js");

/** test/fixtures/mcp-site built into a temporary folder: its path, and how to delete it. */
export async function buildMcpFixture(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "brook-mcp-"));
  const writer = new MemoryWriter();
  await buildSite({
    cwd: FIXTURE,
    contentDir: "content",
    cache: false,
    writer,
    workerScript: null,
  });
  for (const [path, content] of writer.files) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Clients of `brook-docs mcp ARGS` over stdio, each kept to be closed with the others. */
export function mcpClients(): {
  connect: (...args: string[]) => Promise<Client>;
  closeAll: () => Promise<void>;
} {
  const clients: Client[] = [];
  return {
    async connect(...args) {
      const client = new Client({ name: "brook-docs-test", version: "1.0.0" });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [BIN, "mcp", ...args],
          stderr: "pipe",
          cwd: ROOT,
        }),
      );
      clients.push(client);
      return client;
    },
    closeAll: async () => {
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}

/** A tool's answer as text, and whether it is a tool error. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ text: string; isError: boolean }> {
  const r = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  return { text: r.content.map((c) => c.text).join("\n"), isError: r.isError === true };
}

/** The base of the docs a memorySource serves. */
export const BASE = "/docs/v2/";

/** Docs whose files are `files` (by path under the base); counts the reads. */
export function memorySource(files: Record<string, string>): DocsSource & { reads: number } {
  const source = {
    base: BASE,
    name: "https://docs.invalid/docs/v2/",
    reads: 0,
    read: async (path: string) => {
      source.reads++;
      return files[path];
    },
  };
  return source;
}

/** An llms.txt of one page, /limits/, and a routes.json with it (and `more`). */
export const LLMS = "## Limits\n- [Limits](https://docs.invalid/docs/v2/limits.md): the limits\n";
export const manifest = (more: object) =>
  JSON.stringify({ pages: { "/limits/": "p.json" }, redirects: {}, search: "s.json", ...more });
