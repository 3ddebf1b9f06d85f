/**
 * `brook-docs mcp` as a protocol server: its tools, the pages as resources, what is not a build and
 * `--site`, over a build of test/fixtures/mcp-site and over that build served by `preview`, driven
 * with the protocol SDK's own client (test/helpers/mcp.ts). Its answers: mcp-answers.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPreview, type PreviewServer } from "../../src/node/preview.ts";
import { TOOL_SUMMARIES } from "../../src/node/mcp/tool-list.ts";
import { buildMcpFixture, callTool as call, mcpClients } from "../helpers/mcp.ts";

let dir: string;
let remove: () => void;
let preview: PreviewServer;
const { connect, closeAll } = mcpClients();

beforeAll(async () => {
  ({ dir, remove } = await buildMcpFixture());
  preview = await startPreview({ root: dir, port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await closeAll();
  await preview?.close();
  remove?.();
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
