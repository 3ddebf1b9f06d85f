/**
 * What `brook-docs mcp`'s tools answer over a build of test/fixtures/mcp-site, driven with the
 * protocol SDK's own client (test/helpers/mcp.ts): search passages as the pages write them, pages
 * and sections, operations and figures, and misses that are errors naming the closest.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMcpFixture, callTool as call, mcpClients } from "../helpers/mcp.ts";

let dir: string;
let remove: () => void;
const { connect, closeAll } = mcpClients();

beforeAll(async () => {
  ({ dir, remove } = await buildMcpFixture());
});

afterAll(async () => {
  await closeAll();
  remove?.();
});

describe("brook-docs mcp's answers over a build folder", () => {
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
