/**
 * The assistant server on a build of the real docs, driven as an assistant drives it: the CLI's
 * `brook-docs mcp` over stdio, the protocol SDK's own client. Beside the search box's relevance
 * test (search-relevance.test.ts): search_docs' first section for the questions of
 * bench/assistant-relevance.json, its passages over the search box's queries, and the answers
 * issue 36 asked for: every operation in 6 KB with an example request the description accepts,
 * a section for an anchor, a bounded page with the way to the rest, each figure with its sentence,
 * a miss that is an error with suggestions, and every page a resource under its title.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { exampleRequest } from "../../src/shared/openapi/example-request.ts";
import { indexApi } from "../../src/shared/openapi/operations.ts";
import { requestSamples } from "../../src/shared/openapi/request-samples.ts";
import { exampleRequestProblems } from "../../src/node/reference/request-check.ts";
import { buildRealDocs, ROOT } from "../helpers/site.ts";
import { within } from "../helpers/time.ts";

/**
 * search_docs' first result is a right section for at least this share of the questions, and one
 * of its first three for TOP3_FLOOR. Measured when the set was written (56 questions): 0.68 and
 * 0.82, with a right page first for 0.89; these floors catch a regression.
 */
const TOP1_FLOOR = 0.66;
const TOP3_FLOOR = 0.8;
/** How many of the search box's queries the passages are checked on (every fourth of 594). */
const PASSAGE_QUERIES = 140;

const BIN = join(ROOT, "bin", "brook-docs.js");
const questions = (
  JSON.parse(readFileSync(join(ROOT, "bench", "assistant-relevance.json"), "utf8")) as {
    queries: { q: string; sections: string[] }[];
  }
).queries;
const boxQueries = (
  JSON.parse(readFileSync(join(ROOT, "bench", "search-relevance.json"), "utf8")) as {
    queries: { q: string }[];
  }
).queries
  .filter((_, i) => i % 4 === 0)
  .map((q) => q.q);

/** The build's folder, in a temporary one that also holds the link map the build writes beside it. */
let tmp: string;
let dir: string;
let client: Client;

async function call(name: string, args: Record<string, unknown> = {}) {
  const r = (await client.callTool({ name, arguments: args })) as {
    content: { text: string }[];
    isError?: boolean;
  };
  return { text: r.content.map((c) => c.text).join("\n"), isError: r.isError === true };
}

/** The page's Markdown for machines in the build. */
const markdownOf = (route: string) =>
  readFileSync(
    join(dir, "docs/v2", route === "/" ? "index.md" : `${route.slice(1, -1)}.md`),
    "utf8",
  );

/** search_docs' results: the route#anchor of each, and its passage. */
function hitsOf(text: string): { at: string; passage: string }[] {
  return text
    .split(/^### \d+\. .*$/m)
    .slice(1)
    .map((part) => {
      const [url = "", ...rest] = part.trim().split("\n");
      const u = new URL(url);
      const passage = rest
        .join("\n")
        .replace(/\n\nget_page takes each URL[^\n]*$/, "")
        .trim();
      return { at: u.pathname.replace("/docs/v2", "") + u.hash, passage };
    });
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "brook-assistant-"));
  dir = join(tmp, "dist");
  buildRealDocs(dir);
  client = new Client({ name: "brook-docs-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", dir],
      stderr: "pipe",
    }),
  );
}, within(300_000));

afterAll(async () => {
  await client?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("search_docs on the real docs", { timeout: within(180_000) }, () => {
  it(`answers with a right section first for ${TOP1_FLOOR * 100}% of the questions, among the first three for ${TOP3_FLOOR * 100}%`, async () => {
    expect(questions.length).toBeGreaterThanOrEqual(50);
    const ranks: number[] = [];
    for (const { q, sections } of questions) {
      const hits = hitsOf((await call("search_docs", { query: q })).text);
      ranks.push(hits.findIndex((h) => sections.includes(h.at)));
    }
    const share = (ok: (r: number) => boolean) => ranks.filter(ok).length / ranks.length;
    const misses = questions.filter((_, i) => ranks[i] !== 0).map((x) => x.q);
    expect(
      share((r) => r === 0),
      `not first: ${misses.join(" | ")}`,
    ).toBeGreaterThanOrEqual(TOP1_FLOOR);
    expect(share((r) => r >= 0 && r < 3)).toBeGreaterThanOrEqual(TOP3_FLOOR);
  });

  it(`answers ${PASSAGE_QUERIES} of the search box's queries with passages of the pages as written`, async () => {
    expect(boxQueries.length).toBeGreaterThanOrEqual(PASSAGE_QUERIES);
    let passages = 0;
    for (const query of boxQueries.slice(0, PASSAGE_QUERIES)) {
      for (const { at, passage } of hitsOf((await call("search_docs", { query })).text)) {
        const page = markdownOf(at.split("#")[0]!);
        expect(passage.length, `${query}: ${at}`).toBeLessThanOrEqual(800);
        for (const line of passage.split("\n")) {
          // Every line is the page's own (identifiers, code and figures as written), but a cut's "…".
          const own = line.replace(/ ?…$/, "");
          if (own) expect(page, `${query}: ${at}: ${line}`).toContain(own);
          // Never a table's rule row: `|---|---|`.
          expect(line.includes("|") && /^[\s|:-]+$/.test(line), `${query}: ${at}`).toBe(false);
        }
        passages++;
      }
    }
    expect(passages).toBeGreaterThanOrEqual(PASSAGE_QUERIES * 3);
    // The identifiers the stripped snippets of issue 36 lost.
    expect((await call("search_docs", { query: "create an API key" })).text).toContain(
      'export BROOK_API_KEY="brk_live_..."',
    );
    expect((await call("search_docs", { query: "global flags org" })).text).toContain(
      "`--org ORG_ID`",
    );
  });
});

describe("get_api_operation on the real docs", { timeout: within(120_000) }, () => {
  it("answers every operation in 6 KB, with the example request the description accepts", async () => {
    const spec = JSON.parse(readFileSync(join(dir, "docs/v2/openapi.json"), "utf8"));
    const api = indexApi(spec);
    expect(api.operations.length).toBeGreaterThanOrEqual(28);
    for (const op of api.operations) {
      const r = await call("get_api_operation", { operation: op.id });
      expect(r.isError, op.id).toBe(false);
      expect(Buffer.byteLength(r.text), op.id).toBeLessThanOrEqual(6 * 1024);
      expect(r.text, op.id).not.toContain("Cut here");
      expect(r.text.split("\n")[0]).toBe(`# ${op.method} ${op.path}`);
      // Each shared schema written once: the error envelope among them, when it answers errors.
      const defined = [...r.text.matchAll(/^(\w+) = /gm)].map((m) => m[1]);
      expect(new Set(defined).size, op.id).toBe(defined.length);
      if (r.text.includes("ErrorEnvelope")) expect(defined).toContain("ErrorEnvelope");
      const example = exampleRequest(op, api.server);
      expect(exampleRequestProblems(example, api), op.id).toEqual([]);
      expect(r.text).toContain(requestSamples(example).curl.trimEnd());
      const go = await call("get_api_operation", { operation: op.id, language: "go" });
      expect(go.text).toContain(requestSamples(example).go.trimEnd());
    }
  });
});

describe("get_page, get_limit and misses on the real docs", () => {
  it("answers an anchor with its section, and a long page in parts that say how to get the rest", async () => {
    const section = await call("get_page", {
      path_or_url: "/api/rest/events/#list-a-workflows-events",
    });
    expect(section.text).toContain("Section: List a workflow's events");
    expect(section.text).toContain("\n\n## List a workflow's events\n");
    expect(section.text).not.toContain("## List a source's events");
    // A link from before the operations had pages of their own: the section, from its new page.
    const moved = await call("get_page", { path_or_url: "/api/rest/#list-a-workflows-events" });
    expect(moved.text).toBe(section.text);
    const whole = await call("get_page", { path_or_url: "/api/rest/#events" });
    expect(whole.text).toContain("Title: Event endpoints");
    expect(whole.text).not.toContain("Section: ");
    expect(section.text.length).toBeLessThan(24_000);

    const page = markdownOf("/api/rest/workflows/");
    let start = 0;
    let parts = 0;
    for (;;) {
      const r = await call("get_page", { path_or_url: "/api/rest/workflows/", start });
      const body = r.text.slice(r.text.indexOf("\n\n") + 2);
      const cut =
        /\n\n---\nCut here: this answer holds characters [\d,]+ to [\d,]+ of [\d,]+\. For the rest, call get_page with path_or_url \S+ and start (\d+)/.exec(
          body,
        );
      const kept = cut ? body.slice(0, cut.index) : body;
      expect(r.text.length).toBeLessThanOrEqual(24_000);
      expect(page.slice(start).startsWith(kept)).toBe(true);
      parts++;
      if (!cut) break;
      start = Number(cut[1]);
    }
    expect(parts).toBeGreaterThan(1);
  });

  it("gives each figure with its unit, the sentence that states it and its page", async () => {
    const r = await call("get_limit", { name: "limits.stepTimeout.max" });
    expect(r.text).toContain("**limits.stepTimeout.max** = 900 (unit: seconds)");
    expect(r.text).toContain(
      "> You can raise the timeout in workflow settings to at most 900 seconds.",
    );
    expect(r.text).toContain(
      "Limits › Step timeout, https://brook.example/docs/v2/limits/#step-timeout",
    );
    const figures = JSON.parse(readFileSync(join(dir, "docs/v2/figures.json"), "utf8")) as Record<
      string,
      { sentence?: string; unit?: string; value: unknown }
    >;
    const stated = Object.entries(figures).filter(([, f]) => f.sentence);
    // Only these are shown in example output alone, never in a sentence: the CLI's release, and
    // the token's lifetime in seconds (`"expires_in"` of /api/auth/'s answer).
    expect(Object.keys(figures).filter((k) => !figures[k]!.sentence)).toEqual([
      "releases.cli",
      "timing.accessToken.seconds",
    ]);
    for (const [key, f] of stated) {
      expect(f.sentence, key).toContain(String(f.value));
      const answer = await call("get_limit", { name: key });
      expect(answer.text, key).toContain(`> ${f.sentence}`);
    }
    for (const [key, unit] of [
      ["limits.apiRate", "requests a minute per token"],
      ["limits.queue.default", "events"],
      ["limits.queue.max", "events"],
      ["timing.sseHeartbeat", "seconds"],
      ["limits.httpPayload", "KB"],
    ])
      expect(figures[key!]!.unit, key).toBe(unit);
  });

  it("answers every miss with an error that names the closest, quoting at most a short prefix", async () => {
    const junk = "x".repeat(50_000);
    for (const [name, args, closest] of [
      ["get_api_operation", { operation: "DELETE /nothing" }, "The closest: DELETE /"],
      ["get_api_operation", { operation: "getWorkflo" }, "getWorkflow"],
      ["get_api_operation", { operation: junk }, "list_api_operations"],
      ["get_page", { path_or_url: "/limts/" }, "/limits/"],
      ["get_page", { path_or_url: "/limits/#step-timeot" }, "#step-timeout"],
      ["get_page", { path_or_url: junk }, "list_pages"],
      ["list_pages", { group: junk }, "All groups"],
      ["get_limit", { name: "limits.stepTimeot.max" }, "limits.stepTimeout.max"],
      ["get_limit", { name: junk }, "The closest"],
    ] as const) {
      const r = await call(name, args);
      expect(r.isError, `${name} ${JSON.stringify(args).slice(0, 60)}`).toBe(true);
      expect(r.text).toContain("The closest");
      expect(r.text).toContain(closest);
      expect(r.text.length).toBeLessThan(1_500);
    }
  });
});

describe("the pages as resources on the real docs", () => {
  it("lists every page under its title, and answers a URI that is no page with -32002", async () => {
    const { resources } = await client.listResources();
    expect(resources.length).toBeGreaterThanOrEqual(120);
    for (const r of resources) {
      const route = new URL(r.uri.replace("brook-docs://", "https://x/")).pathname.slice(
        "/docs/v2".length,
      );
      expect(`# ${r.title}`, r.uri).toBe(markdownOf(route).split("\n")[0]);
    }
    const read = await client.readResource({ uri: "brook-docs://docs/v2/limits/" });
    expect((read.contents[0] as { text: string }).text).toBe(markdownOf("/limits/"));
    const uri = `brook-docs://docs/v2/${"z".repeat(50_000)}/`;
    const error = await client.readResource({ uri }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: -32002 });
    expect((error as Error).message.length).toBeLessThan(300);
  });
});
