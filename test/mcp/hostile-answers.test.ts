/**
 * What a hostile build's or site's openapi.json and figures.json do to the assistant server's
 * answers: a description that nests too deep, multiplies its $refs or has the wrong shape is an
 * error naming the file; a long operation is cut within its bound; a figures.json's entries are
 * read only as a build writes them, and get_limit stays within its bound.
 */
import { describe, expect, it } from "vitest";
import { loadDocs } from "../../src/node/mcp/docs.ts";
import { ANSWER_CHARS } from "../../src/node/mcp/answer-size.ts";
import { figuresFrom } from "../../src/node/mcp/limits.ts";
import { TOOLS } from "../../src/node/mcp/tools.ts";
import { LLMS, manifest, memorySource } from "../helpers/mcp.ts";

describe("a hostile figures.json", () => {
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
});

describe("a hostile openapi.json", () => {
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
});
