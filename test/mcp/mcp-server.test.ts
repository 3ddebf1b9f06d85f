/**
 * `brook-docs mcp`: the server started as an assistant starts it (the CLI on stdio), talked to with
 * the protocol SDK's own client, over a build of test/fixtures/mcp-site and over that build served
 * by `preview` (`--site`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { buildSite } from "../../src/node/build-site.ts";
import { startPreview, type PreviewServer } from "../../src/node/preview.ts";
import { MemoryWriter } from "../../src/node/write/memory-writer.ts";
import { ROOT } from "../helpers/site.ts";
import { TOOL_SUMMARIES } from "../../src/node/mcp/tool-list.ts";

const FIXTURE = join(ROOT, "test", "fixtures", "mcp-site");
const BIN = join(ROOT, "bin", "brook-docs.js");

type Text = { content: { type: string; text: string }[]; isError?: boolean };

let dir: string;
let preview: PreviewServer;
const clients: Client[] = [];

/** A client talking to `brook-docs mcp ARGS` over stdio. */
async function connect(...args: string[]): Promise<Client> {
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
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ text: string; isError: boolean }> {
  const r = (await client.callTool({ name, arguments: args })) as Text;
  return { text: r.content.map((c) => c.text).join("\n"), isError: r.isError === true };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "brook-mcp-"));
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
  preview = await startPreview({ root: dir, port: 0, host: "127.0.0.1" });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await preview?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("brook-docs mcp over a build folder", () => {
  it("lists the six tools of docs/design.md §9", async () => {
    const client = await connect(dir);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "get_api_operation",
      "get_limit",
      "get_page",
      "list_api_operations",
      "list_pages",
      "search_docs",
    ]);
    for (const t of tools) expect(t.description?.length).toBeGreaterThan(20);
    // --help lists the same tools, in the same order.
    expect(TOOL_SUMMARIES.map(([s]) => s.split("(")[0])).toEqual(tools.map((t) => t.name));
  });

  it("finds a page with the site's search, best section first", async () => {
    const client = await connect(dir);
    const r = await call(client, "search_docs", { query: "cron schedule" });
    expect(r.isError).toBe(false);
    const first = r.text.split("\n\n")[0]!;
    expect(first).toContain("Triggers › Schedule");
    expect(first).toContain("https://brook.example/docs/v2/triggers/#schedule");
  });

  it("reads a page as Markdown with its title and URL, by route, URL, .md path or redirect", async () => {
    const client = await connect(dir);
    for (const asked of [
      "/limits/",
      "limits",
      "https://brook.example/docs/v2/limits/",
      "/docs/v2/limits.md",
      "/old-limits",
    ]) {
      const r = await call(client, "get_page", { path_or_url: asked });
      expect(r.isError, asked).toBe(false);
      expect(r.text).toContain("Title: Limits");
      expect(r.text).toContain("URL: https://brook.example/docs/v2/limits/");
      expect(r.text).toContain("## Event queue");
      expect(r.text).toMatch(/at most\s+10,000/);
    }
  });

  it("answers an unknown page with a tool error that suggests the closest routes", async () => {
    const client = await connect(dir);
    const r = await call(client, "get_page", { path_or_url: "/limts/" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('No page at "/limts/"');
    expect(r.text).toContain("The closest: /limits/ (Limits)");
  });

  it("answers a URL with an anchor with that section alone, and says how to get the page", async () => {
    const client = await connect(dir);
    const r = await call(client, "get_page", {
      path_or_url: "https://brook.example/docs/v2/limits/#event-queue",
    });
    expect(r.isError).toBe(false);
    expect(r.text.split("\n").slice(0, 3)).toEqual([
      "Title: Limits",
      "Section: Event queue",
      "URL: https://brook.example/docs/v2/limits/#event-queue",
    ]);
    expect(r.text).toContain(
      "get_page with https://brook.example/docs/v2/limits/ gives the whole page",
    );
    expect(r.text).toContain("## Event queue\n\nEach workflow queues 100 events by default");
    expect(r.text).not.toContain("## HTTP payload");
    const miss = await call(client, "get_page", { path_or_url: "/limits/#event-queu" });
    expect(miss.isError).toBe(true);
    expect(miss.text).toContain("The closest: https://brook.example/docs/v2/limits/#event-queue");
  });

  it("lists the pages by sidebar group, and one group alone", async () => {
    const client = await connect(dir);
    const all = await call(client, "list_pages");
    expect(all.text).toContain("## Workflows");
    expect(all.text).toContain("- Respond to an HTTP request (/respond/): Answer the caller");
    const ref = await call(client, "list_pages", { group: "reference" });
    expect(ref.text).toContain("Subscriptions (/api/subscriptions/)");
    expect(ref.text).not.toContain("/triggers/");
    expect((await call(client, "list_pages", { group: "nope" })).isError).toBe(true);
  });

  it("finds an API operation by a question, with its schema and an example request", async () => {
    const client = await connect(dir);
    const r = await call(client, "get_api_operation", {
      operation: "how do I create a subscription",
    });
    expect(r.isError).toBe(false);
    expect(r.text.split("\n")[0]).toBe(
      'Matched by the words of "how do I create a subscription"; also close: GET /subscriptions (listSubscriptions): List subscriptions.',
    );
    expect(r.text).toContain("\n# POST /subscriptions\n");
    expect(r.text).toContain("NewSubscription = {\n  emitter_id: string\n");
    expect(r.text).toContain('curl -s -X POST "https://api.brook.example/v1/subscriptions"');
    const byId = await call(client, "get_api_operation", { operation: "getWorkflow" });
    expect(byId.text.split("\n")[0]).toBe("# GET /workflows/{id}");
    expect(byId.text).toContain(
      'curl -s "https://api.brook.example/v1/workflows/wf_2h8d0c6qz1rk7m3vxn5b9t4y"',
    );
    const byPath = await call(client, "get_api_operation", {
      operation: "GET https://api.brook.example/v1/workflows/wf_xyz",
    });
    expect(byPath.text.split("\n")[0]).toBe("# GET /workflows/{id}");
    const list = await call(client, "list_api_operations", { tag: "Subscriptions" });
    expect(list.text.split("\n")).toEqual([
      "- GET /subscriptions (listSubscriptions): List subscriptions",
      "- POST /subscriptions (createSubscription): Create a subscription",
    ]);
  });

  it("names the error envelope once, with the error codes of each status", async () => {
    const client = await connect(dir);
    const r = await call(client, "get_api_operation", { operation: "createSubscription" });
    expect(r.text.match(/^ErrorEnvelope = /gm)).toHaveLength(1);
    expect(r.text).toContain(
      "- **400** (application/json, ErrorEnvelope): A field is missing or invalid. Error type `invalid_request`, codes `param_missing`, `param_invalid`.",
    );
    expect(r.text).toContain("- **401** (application/json, ErrorEnvelope):");
  });

  it("answers an operation it does not have with an error that lists the closest, never another one", async () => {
    const client = await connect(dir);
    for (const [asked, why] of [
      ["DELETE /workflows/{id}", "/workflows/{id} takes GET, not DELETE"],
      ["DELETE /nothing", "no operation has the path /nothing"],
      ["createSubscriptions", "no operation has that operationId"],
      ["subscription", "no operation has that operationId"],
    ]) {
      const r = await call(client, "get_api_operation", { operation: asked });
      expect(r.isError, asked).toBe(true);
      expect(r.text).toContain(`No operation matches "${asked}": ${why}. The closest: `);
    }
    const long = await call(client, "get_api_operation", { operation: "y".repeat(50_000) });
    expect(long.text).toContain(`"${"y".repeat(80)}…" (50,000 characters)`);
    expect(long.text.length).toBeLessThan(600);
  });

  it("gives Brook's figures with their unit, the sentence that states them and its page", async () => {
    const client = await connect(dir);
    const r = await call(client, "get_limit", { name: "http payload" });
    expect(r.text.split("\n")).toEqual([
      "**limits.httpPayload** = 512KB (unit: KB)",
      "> An HTTP trigger accepts a body of at most 512KB; a larger one gets `413 Request Entity Too Large`.",
      "Source: Limits › HTTP payload, https://brook.example/docs/v2/limits/#http-payload. Also stated on 1 other page.",
    ]);
    const q = await call(client, "get_limit", { name: "limits.queue" });
    expect(q.text).toContain("**limits.queue.default** = 100 (unit: events)");
    expect(q.text).toContain("**limits.queue.max** = 10,000");
    const max = await call(client, "get_limit", { name: "maximum queue size" });
    expect(max.text.split("\n")[0]).toBe("**limits.queue.max** = 10,000");
    const miss = await call(client, "get_limit", { name: "warp drive" });
    expect(miss.isError).toBe(true);
    expect(miss.text).toMatch(/^No figure matches "warp drive"\. The closest: limits\./);
    const typo = await call(client, "get_limit", { name: "limits.httpPayloud" });
    expect(typo.text).toContain("The closest: limits.httpPayload (512KB (unit: KB))");
  });

  it("rejects an empty query and serves pages as resources under their titles", async () => {
    const client = await connect(dir);
    const empty = await call(client, "search_docs", { query: "  " });
    expect(empty.isError).toBe(true);
    const { resources } = await client.listResources();
    const limits = resources.find((r) => r.uri === "brook-docs://docs/v2/limits/");
    expect(limits).toMatchObject({ title: "Limits", mimeType: "text/markdown" });
    expect(resources.map((r) => r.title).sort()).toEqual(
      ["Brook docs", "Limits", "Respond to an HTTP request", "Subscriptions", "Triggers"].sort(),
    );
    const read = await client.readResource({ uri: "brook-docs://docs/v2/respond/" });
    expect((read.contents[0] as { text: string }).text).toContain("Respond from a step");
  });

  it("answers a resource that is no page with resource not found (-32002), quoting a short prefix", async () => {
    const client = await connect(dir);
    for (const uri of [
      "brook-docs://docs/v2/nope/",
      "file:///etc/passwd",
      `brook-docs://docs/v2/${"z".repeat(50_000)}/`,
    ]) {
      const error = await client.readResource({ uri }).catch((e: unknown) => e);
      expect(error, uri.slice(0, 40)).toMatchObject({ code: -32002 });
      expect((error as Error).message.length).toBeLessThan(300);
    }
  });

  it("answers a search with passages of the pages as written, identifiers and code intact", async () => {
    const client = await connect(dir);
    const r = await call(client, "search_docs", { query: "api key" });
    expect(r.text).toContain(
      "### 1. Subscriptions › Authenticate\nhttps://brook.example/docs/v2/api/subscriptions/#authenticate\n\nKeep your API key in the environment variable `BROOK_API_KEY` and send it as\n`Authorization: Bearer $BROOK_API_KEY` with every request:\n\n```bash\n",
    );
    const table = await call(client, "search_docs", { query: "all limits table" });
    expect(table.text).toContain("| limit | value |\n| HTTP payload | 512KB |");
    expect(table.text).not.toMatch(/\|\s*-{3}/);
  });
});

describe("brook-docs mcp on what is not a build", () => {
  it("answers every tool with an error that says so, and keeps serving", async () => {
    const empty = mkdtempSync(join(tmpdir(), "brook-mcp-empty-"));
    writeFileSync(join(empty, "notes.txt"), "not a site");
    try {
      const client = await connect(empty);
      const r = await call(client, "get_page", { path_or_url: "/limits/" });
      expect(r.isError).toBe(true);
      expect(r.text).toContain("is not a Brook build");
      const again = await call(client, "search_docs", { query: "limits" });
      expect(again.isError).toBe(true);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("never reads outside the build folder", async () => {
    const client = await connect(dir);
    for (const asked of [
      "../../../etc/passwd",
      "/docs/v2/../../etc/passwd.md",
      "..%2F..%2Fetc%2Fpasswd",
    ]) {
      const r = await call(client, "get_page", { path_or_url: asked });
      expect(r.isError).toBe(true);
      expect(r.text).not.toContain("root:");
    }
  });

  it("answers a request over 10 MB with an error, and keeps serving", async () => {
    const client = await connect(dir);
    // The SDK's transport closed itself on such a line, and the server exited as if asked to.
    await expect(
      call(client, "search_docs", { query: "schedule ".repeat(1_200_000) }),
    ).rejects.toThrow("the request is over 10 MB");
    expect((await call(client, "search_docs", { query: "schedule" })).isError).toBe(false);
  });
});

describe("brook-docs mcp --site", () => {
  it("reads the published docs from the preview server", async () => {
    const client = await connect("--site", `${preview.url}/docs/v2/`);
    const page = await call(client, "get_page", { path_or_url: "/triggers/" });
    expect(page.text).toContain("Title: Triggers");
    expect(page.text).toContain(`URL: ${preview.url}/docs/v2/triggers/`);
    const hits = await call(client, "search_docs", { query: "cron schedule" });
    expect(hits.text.split("\n\n")[0]).toContain(`${preview.url}/docs/v2/triggers/#schedule`);
    const op = await call(client, "get_api_operation", { operation: "createSubscription" });
    expect(op.isError).toBe(false);
  });

  it("says so when the site does not answer", async () => {
    const client = await connect("--site", "http://127.0.0.1:9/docs/v2/");
    const r = await call(client, "list_pages");
    expect(r.isError).toBe(true);
    expect(r.text).toContain("no Brook docs at http://127.0.0.1:9/docs/v2/");
  });
});
