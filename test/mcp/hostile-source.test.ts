/**
 * What a hostile site (`--site`) or build folder can send the assistant server: each file is read
 * in bounded memory and time, and a file no build writes is a tool error that names it, never a
 * stack overflow or a hang.
 */
import { describe, expect, it } from "vitest";
import { siteSource, type DocsSource } from "../../src/node/mcp/docs-source.ts";
import { docsSearch } from "../../src/node/mcp/docs-search.ts";
import { loadDocs, parseLlmsIndex, routeOf } from "../../src/node/mcp/docs.ts";
import { ANSWER_CHARS } from "../../src/node/mcp/answer-size.ts";
import { figuresFrom } from "../../src/node/mcp/limits.ts";
import { TOOLS } from "../../src/node/mcp/tools.ts";
import { buildSearchFiles } from "../../src/node/search/index-files.ts";
import { searchData } from "../../src/node/content/search-data.ts";

const BASE = "/docs/v2/";
const MB = 1024 * 1024;

/** A fetch whose every answer is a 200 body of `total` bytes, handed out in 64 KB chunks; counts what was pulled. */
function bodyOf(total: number): { fetch: typeof fetch; pulled: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const fetchFn = (async () => {
    let left = total;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left <= 0) return controller.close();
        const part = chunk.subarray(0, Math.min(chunk.length, left));
        left -= part.length;
        pulled += part.length;
        controller.enqueue(part);
      },
    });
    return new Response(body, { status: 200 });
  }) as typeof fetch;
  return { fetch: fetchFn, pulled: () => pulled };
}

/** Docs whose files are `files` (by path under the base); counts the reads. */
function memorySource(files: Record<string, string>): DocsSource & { reads: number } {
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

const LLMS = "## Limits\n- [Limits](https://docs.invalid/docs/v2/limits.md): the limits\n";
const manifest = (more: object) =>
  JSON.stringify({ pages: { "/limits/": "p.json" }, redirects: {}, search: "s.json", ...more });

describe("a hostile site or build", () => {
  it("stops reading an answer once it is past the 8 MB a file may have", async () => {
    const site = bodyOf(256 * MB);
    const source = siteSource("https://docs.invalid/docs/v2/", site.fetch);
    expect(await source.read("routes.json")).toBeUndefined();
    // The stream queues one chunk ahead of what was read.
    expect(site.pulled()).toBeLessThanOrEqual(8 * MB + 2 * 64 * 1024);
  });

  it("still reads an answer under the limit, as text() did", async () => {
    const site = bodyOf(MB);
    const text = await siteSource("https://docs.invalid/docs/v2/", site.fetch).read("llms.txt");
    expect(text).toHaveLength(MB);
  });

  it("reads a page line of llms.txt a megabyte long in linear time", () => {
    const good = "- [Triggers](https://brook.example/docs/v2/triggers.md): Start a workflow";
    // No `)` ends it where the line does, so a lazy title tried every `](` with every `)` after it.
    const hostile = "- [a" + "](b)".repeat(250_000) + "x";
    const pages = parseLlmsIndex(`## Workflows\n${hostile}\n${good}\n`, BASE);
    expect(pages.map((p) => [p.route, p.title, p.group])).toEqual([
      ["/triggers/", "Triggers", "Workflows"],
    ]);
  });

  it("keeps a title whose brackets llms.txt escaped whole", () => {
    const [page] = parseLlmsIndex("- [a\\](b](https://brook.example/docs/v2/y.md): d\n", BASE);
    expect(page).toMatchObject({ route: "/y/", title: "a\\](b", description: "d" });
  });

  it("reads only the entries of a figures.json that have a figure's shape, however deep the rest", () => {
    const deep = JSON.parse('{"a":'.repeat(100_000) + "1" + "}".repeat(100_000));
    expect(figuresFrom(deep)).toEqual([]);
    expect(
      figuresFrom({
        "limits.x": { value: 5, unit: "seconds", page: { route: "/x/" }, alsoOn: [1, "/y/"] },
        "limits.y": { value: { nested: true } },
        "limits.z": "512KB",
      }),
    ).toEqual([{ name: "limits.x", value: 5, unit: "seconds", alsoOn: ["/y/"] }]);
  });

  it("leaves out a figure whose name or value is longer than a build writes, and cuts a long sentence", () => {
    const long = "x".repeat(300);
    const page = { route: "/x/", title: "X", section: "S", url: "https://docs.invalid/x/#s" };
    const [ok, ...others] = figuresFrom({
      "limits.ok": { value: 5, unit: long, sentence: "s".repeat(5_000), page, alsoOn: [] },
      "limits.page": { value: 5, page: { ...page, url: long } },
      [`limits.${long}`]: { value: 5 },
      "limits.value": { value: long },
    });
    expect(ok).toEqual({
      name: "limits.ok",
      value: 5,
      sentence: `${"s".repeat(600)}…`,
      page,
      alsoOn: [],
    });
    expect(others).toEqual([{ name: "limits.page", value: 5, alsoOn: [] }]);
  });

  it("answers get_limit within its bound on a figures.json of the longest figures it reads", async () => {
    const at = (n: number) => `${"y".repeat(190)}${n}`;
    const figures = Object.fromEntries(
      Array.from({ length: 3_000 }, (_, i) => [
        `g${i % 40}.${at(i)}`,
        {
          value: at(i),
          unit: at(i),
          sentence: `${at(i)} `.repeat(20),
          page: { route: at(i), title: at(i), section: at(i), url: at(i) },
          alsoOn: [],
        },
      ]),
    );
    const docs = await loadDocs(
      memorySource({
        "routes.json": manifest({}),
        "llms.txt": LLMS,
        "figures.json": JSON.stringify(figures),
      }),
    );
    const tool = TOOLS.find((t) => t.name === "get_limit")!;
    for (const name of [undefined, "g1", "y", "g1.nothing"]) {
      const text = (await tool.run(docs, { name })).content[0]!.text;
      expect(text.length, String(name)).toBeLessThanOrEqual(ANSWER_CHARS.list);
      expect(text, String(name)).toMatch(/not listed|The closest/);
    }
  });

  /** get_api_operation on docs whose openapi.json is `spec`. */
  async function describe_(spec: unknown, operation: string) {
    // A description nested 100,000 deep is written by hand: JSON.stringify would overflow on it.
    const text = typeof spec === "string" ? spec : JSON.stringify(spec);
    const docs = await loadDocs(
      memorySource({
        "routes.json": manifest({}),
        "llms.txt": LLMS,
        "openapi.json": text,
      }),
    );
    return TOOLS.find((t) => t.name === "get_api_operation")!.run(docs, { operation });
  }

  it("answers an operation that nests too deep or whose $refs multiply with an error naming the file", async () => {
    const deepSpec = `{"paths":{"/x":{"get":{"operationId":"deep","x":${"[".repeat(100_000)}${"]".repeat(100_000)}}}}}`;
    await expect(describe_(deepSpec, "deep")).rejects.toThrow(
      /openapi\.json of these docs cannot be read: the description nests deeper than 64 levels/,
    );
    // Each schema refers 40 times to the next: 40^6 copies once six levels of $refs are followed.
    const schemas: Record<string, unknown> = { S6: { type: "string" } };
    for (let i = 0; i < 6; i++) {
      const props = Array.from({ length: 40 }, (_, k) => [
        `p${k}`,
        { $ref: `#/components/schemas/S${i + 1}` },
      ]);
      schemas[`S${i}`] = { type: "object", properties: Object.fromEntries(props) };
    }
    const schema = { $ref: "#/components/schemas/S0" };
    const bomb = {
      components: { schemas },
      paths: { "/y": { post: { operationId: "bomb", responses: { "200": { schema } } } } },
    };
    await expect(describe_(bomb, "bomb")).rejects.toThrow(
      /openapi\.json of these docs cannot be read: the description holds more than 100,000 values/,
    );
  });

  it("cuts an operation past 6,000 characters at a block, and goes on from the start it names", async () => {
    const description = Array.from(
      { length: 40 },
      (_, i) => `Paragraph ${i} ${"word ".repeat(60)}`,
    );
    const spec = {
      paths: { "/z": { get: { operationId: "long", description: description.join("\n\n") } } },
    };
    const docs = await loadDocs(
      memorySource({
        "routes.json": manifest({}),
        "llms.txt": LLMS,
        "openapi.json": JSON.stringify(spec),
      }),
    );
    const tool = TOOLS.find((t) => t.name === "get_api_operation")!;
    let start = 0;
    let all = "";
    for (let part = 0; part < 10; part++) {
      const text = (await tool.run(docs, { operation: "long", start })).content[0]!.text;
      expect(text.length).toBeLessThanOrEqual(6_000);
      const next = /and start (\d+)\.$/.exec(text);
      all += next ? text.slice(0, text.indexOf("\n\n---\nCut here")) : text;
      if (!next) break;
      start = Number(next[1]);
    }
    for (let i = 0; i < 40; i++) expect(all).toContain(`Paragraph ${i} `);
    expect(all).toContain("## Example request (cURL)");
  });

  it("answers an operation under 6,000 characters whole, and a cut one with its match note within them", async () => {
    const words = (n: number) =>
      Array.from({ length: n }, (_, i) => `Paragraph ${i} ${"word ".repeat(60)}`).join("\n\n");
    const long = "zebra ".repeat(200);
    const spec = {
      paths: {
        "/whole": { get: { operationId: "whole", description: words(17) } },
        "/zebras": {
          get: { operationId: "listZebras", summary: `List zebras ${long}` },
          post: { operationId: "createZebra", summary: "Create a zebra", description: words(40) },
        },
        "/zebras/{id}": { get: { operationId: "getZebra", summary: `Get a zebra ${long}` } },
      },
    };
    const docs = await loadDocs(
      memorySource({
        "routes.json": manifest({}),
        "llms.txt": LLMS,
        "openapi.json": JSON.stringify(spec),
      }),
    );
    const tool = TOOLS.find((t) => t.name === "get_api_operation")!;
    const whole = (await tool.run(docs, { operation: "whole" })).content[0]!.text;
    expect(whole.length).toBeGreaterThan(5_500);
    expect(whole.length).toBeLessThanOrEqual(6_000);
    expect(whole).not.toContain("Cut here");
    const cut = (await tool.run(docs, { operation: "create a zebra" })).content[0]!.text;
    expect(cut).toMatch(/^Matched by the words of "create a zebra"; also close: GET \/zebras/);
    expect(cut).toContain("Cut here");
    expect(cut.length).toBeLessThanOrEqual(6_000);
  });

  it("answers a description with paths of the wrong type with an error, not a crash", async () => {
    const spec = {
      paths: {
        "/a": null,
        "/c": { parameters: { name: "x" }, get: { operationId: "c", parameters: 7 }, put: [1] },
      },
    };
    await expect(describe_(spec, "c")).rejects.toThrow(
      /openapi\.json of these docs cannot be read/,
    );
  });

  it("ignores a redirect whose target is not text", async () => {
    const docs = await loadDocs(
      memorySource({
        "routes.json": manifest({ redirects: { "/old/": 5, "/older/": { to: "/limits/" } } }),
        "llms.txt": LLMS,
      }),
    );
    expect(routeOf(docs, "/old/").route).toBeUndefined();
    expect(routeOf(docs, "/limits/").route).toBe("/limits/");
  });

  it("names the search index when its head is not one a build writes", async () => {
    const head = { v: 1, fields: [], pages: [], lengths: 5, synonyms: [], shards: [] };
    const source = memorySource({
      "routes.json": manifest({}),
      "llms.txt": LLMS,
      "assets/s.json": JSON.stringify({ ...head, postings: { terms: [] } }),
    });
    const search = docsSearch(await loadDocs(source));
    await expect(search("limits", 5)).rejects.toThrow(
      "the search index of https://docs.invalid/docs/v2/ (s.json) is not one brook-docs writes",
    );
  });

  it("stops reading shards past 64 MB of them", async () => {
    const shards = Array.from({ length: 100 }, (_, i) => [`k${i}`, `shard${i}.json`]);
    const files: Record<string, string> = {
      "routes.json": manifest({}),
      "llms.txt": LLMS,
      "assets/s.json": JSON.stringify({ pages: [], lengths: [], synonyms: [], shards }),
    };
    const big = JSON.stringify({ postings: { terms: [] }, pad: "x".repeat(MB) });
    for (let i = 0; i < 100; i++) files[`assets/shard${i}.json`] = big;
    const source = memorySource(files);
    await expect(docsSearch(await loadDocs(source))("limits", 5)).rejects.toThrow(
      "its shards hold more than",
    );
    // routes.json, llms.txt, the head, and the shards up to the budget's batch.
    expect(source.reads).toBeLessThanOrEqual(3 + 64 + 8);
  });

  it("says an openapi.json without operations has none, rather than naming a tag never asked for", async () => {
    const docs = await loadDocs(
      memorySource({
        "routes.json": manifest({}),
        "llms.txt": LLMS,
        "openapi.json": JSON.stringify({ paths: "abc" }),
      }),
    );
    const list = TOOLS.find((t) => t.name === "list_api_operations")!;
    const r = await list.run(docs, {});
    expect(r).toMatchObject({ isError: true });
    expect(r.content[0]!.text).toBe("openapi.json of these docs lists no operation.");
  });

  it("cuts a page's Markdown into sections in linear time, whatever its lines hold", async () => {
    const page = {
      route: "/limits/",
      title: "Limits",
      description: "",
      ...searchData([{ slug: "quotas", heading: "Quotas", text: "Runs per day." }]),
    };
    const head = buildSearchFiles([page], {}).files[0]!.content;
    const markdown = [
      "# Limits",
      // A `](` with no `)` after it, and a heading with a long run of spaces inside.
      "](".repeat(300_000),
      `## Quotas${" ".repeat(300_000)}x`,
      "Runs per day.",
    ].join("\n");
    const source = memorySource({
      "routes.json": manifest({}),
      "llms.txt": LLMS,
      "assets/s.json": head,
      "assets/p.json": JSON.stringify({ title: "Limits", headers: [{ slug: "quotas" }] }),
      "limits.md": markdown,
    });
    const [hit] = await docsSearch(await loadDocs(source))("runs per day", 5);
    expect(hit).toMatchObject({
      title: "Limits",
      url: "https://docs.invalid/docs/v2/limits/#quotas",
    });
    expect(hit!.section).toMatch(/^Quotas {300000}x$/);
  });
});
