/**
 * What a hostile site (`--site`) or build folder can send the assistant server: each file is read
 * in bounded memory and time, and a file no build writes is a tool error that names it, never a
 * stack overflow or a hang. What its openapi.json and figures.json do to the answers:
 * hostile-answers.test.ts.
 */
import { describe, expect, it } from "vitest";
import { siteSource } from "../../src/node/mcp/docs-source.ts";
import { docsSearch } from "../../src/node/mcp/docs-search.ts";
import { loadDocs, parseLlmsIndex, routeOf } from "../../src/node/mcp/docs.ts";
import { buildSearchFiles } from "../../src/node/search/index-files.ts";
import { searchData } from "../../src/node/content/search-data.ts";
import { BASE, LLMS, manifest, memorySource } from "../helpers/mcp.ts";

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

  it("follows a moved section only through a table of the shape the build writes", async () => {
    const table = { to: ["/limits/"], ids: { memory: 0 }, prefixes: {}, sections: { old: 0 } };
    const docs = await loadDocs(
      memorySource({
        "routes.json": manifest({
          moved: {
            "/a/": table,
            "/b/": { ...table, ids: { memory: 7 } },
            "/c/": { ...table, to: [{ route: "/limits/" }] },
            "/d/": "everything",
          },
        }),
        "llms.txt": LLMS,
      }),
    );
    expect(routeOf(docs, "/a/#memory")).toMatchObject({ route: "/limits/", anchor: "memory" });
    expect(routeOf(docs, "/a/#old")).toMatchObject({ route: "/limits/", anchor: "" });
    expect(Object.keys(docs.manifest.moved!)).toEqual(["/a/"]);
    for (const from of ["/b/", "/c/", "/d/"])
      expect(routeOf(docs, `${from}#memory`).route).toBeUndefined();
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
