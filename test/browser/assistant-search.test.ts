/**
 * The assistant server's search is the site's: for the same build, `search_docs` and the search
 * box put the same page first (issue 26).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ROOT } from "../helpers/site.ts";
import { startHarness, type Harness } from "./harness.ts";
import { within } from "../helpers/time.ts";

let h: Harness;
let client: Client;

beforeAll(async () => {
  h = await startHarness({}, "mcp-site");
  client = new Client({ name: "brook-docs-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, "bin", "brook-docs.js"), "mcp", h.dir],
      stderr: "pipe",
    }),
  );
}, within(120_000));

afterAll(async () => {
  await client?.close();
  await h?.close();
});

/** The href of the search box's first option for `query`. */
async function firstInSearchBox(query: string): Promise<string> {
  const page = await h.open("/docs/v2/");
  await page.locator("#search-input").focus();
  await page.keyboard.type(query);
  const first = page.getByRole("listbox", { name: "Search results" }).getByRole("option").first();
  await first.waitFor();
  const href = (await first.getAttribute("href"))!;
  await page.context().close();
  return href;
}

/** The page path of search_docs' first hit for `query`. */
async function firstInTool(query: string): Promise<string> {
  const r = (await client.callTool({ name: "search_docs", arguments: { query } })) as {
    content: { text: string }[];
  };
  const url = /https?:\/\/\S+/.exec(r.content[0]!.text)![0];
  return new URL(url).pathname;
}

describe("search_docs and the search box", () => {
  for (const query of ["cron schedule", "respond status code", "subscription", "payload limit"]) {
    it(`put the same page first for "${query}"`, async () => {
      const [box, tool] = await Promise.all([firstInSearchBox(query), firstInTool(query)]);
      expect(tool).toBe(box.split("#")[0]);
    });
  }
});
