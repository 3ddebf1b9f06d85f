import { describe, expect, it } from "vitest";
import { createSearch, type SearchSources } from "../../../src/client/search/engine.ts";
import type { PageSection } from "../../../src/shared/search/present.ts";
import { buildSearchFiles, type SearchOptions } from "../../../src/node/search/index-files.ts";
import { shardFor, type SearchHead, type SearchShard } from "../../../src/shared/search/format.ts";
import type { SearchPage } from "../../../src/shared/types.ts";
import { searchData } from "../../../src/node/content/search-data.ts";
import type { SearchResultGroup, TextPart } from "../../../templates/SearchResults.tsx";

const filler = "Steps run in order and each one receives the event that started the run.";
/** A page as the content stage hands it to the index, with its sections kept for the page-data source. */
const page = (
  route: string,
  title: string,
  description: string,
  ...sections: [string, string][]
): SearchPage & { sections: { heading: string; text: string }[] } => {
  const list = sections.map(([heading, text]) => ({ slug: "", heading, text }));
  return { route, title, description, ...searchData(list), sections: list };
};

const pages = [
  page(
    "/api/webhooks/",
    "Webhooks",
    "Receive events over HTTPS.",
    ["", "Brook sends each event to your URL."],
    ["Verify the signature", `Compare the HMAC with the X-Brook-Signature header. ${filler}`],
    ["Retries", "Failed deliveries are retried."],
  ),
  // Mentions webhooks often, but only in its body.
  page(
    "/guide/",
    "Guide",
    "A tour of Brook.",
    ["", `A webhook, another webhook, webhooks everywhere. ${filler}`],
    ["Steps", `Webhook steps and webhook triggers. ${filler}`],
  ),
  page("/code/go/", "Go code steps", "Write steps in Go.", ["", `The Handler function. ${filler}`]),
  page("/environment-variables/", "Environment variables", "Store settings once.", [
    "",
    `Read a variable with ctx.env. ${filler}`,
  ]),
  page("/triggers/", "Triggers", "What starts a workflow.", [
    "Schedule",
    "Run a workflow at fixed times.",
  ]),
  page(
    "/context/",
    "The step context",
    "Every field of ctx.",
    ["Respond to an HTTP request", `Call ctx.respond() with a status. ${filler}`],
    ["Environment", `ctx.env holds variables. ${filler}`],
  ),
  page("/networking/", "Networking", "Outbound traffic.", [
    "Timeouts",
    `A request that gets no answer fails with ETIMEDOUT after 30 seconds. ${filler}`,
  ]),
  page("/components/api/", "Component API", "Props and methods.", [
    "Prop types",
    `A timer prop holds { interval_seconds: 900 }. ${filler}`,
  ]),
  page("/pgp-key/", "PGP key", "Encrypt a report.", [
    "",
    `Use the API to fetch the key. ${filler}`,
  ]),
  page("/api/auth/", "Authentication", "Credentials for the API.", [
    "API keys",
    `Create an API key in settings. ${filler}`,
  ]),
  page("/escaping/", "Escaping", "Markup as text.", [
    "",
    "The text <img src=x onerror=alert(1)> stays text.",
  ]),
  ...Array.from({ length: 12 }, (_, i) =>
    page(`/page-${i}/`, `Page ${i}`, "More.", ["Notes", `Deliveries and more deliveries ${i}.`]),
  ),
];

const synonyms = { golang: ["go"], "env var": ["environment variable"], cron: ["schedule"] };
const text = (parts: TextPart[]) =>
  parts.map((p) => (typeof p === "string" ? p : `[${p.mark}]`)).join("");
const routes = (groups: SearchResultGroup[]) => groups.map((g) => g.options[0]!.href);

/** An engine over `pages`, with sources answered from them; `updates` resolves on each onUpdate. */
function engine(options: SearchOptions = {}) {
  const built = buildSearchFiles(pages, { synonyms, ...options });
  const files = new Map(built.files.map((f) => [f.name, f.content]));
  const head = JSON.parse(files.get(built.entry)!) as SearchHead;
  const fetched: string[] = [];
  let wake: () => void = () => {};
  const sources: SearchSources = {
    shard: async (file) => {
      fetched.push(file);
      return JSON.parse(files.get(file)!) as SearchShard;
    },
    page: async (route) => {
      fetched.push(route);
      const p = pages.find((x) => x.route === route)!;
      const slug = (h: string) => h.toLowerCase().replace(/\s+/g, "-");
      const sections: PageSection[] = p.sections.map((s, i) => ({
        slug: i === 0 && !s.heading ? "" : slug(s.heading),
        heading: s.heading || p.title,
        text: s.text,
      }));
      if (sections[0]?.slug !== "") sections.unshift({ slug: "", heading: p.title, text: "" });
      return { description: p.description, sections };
    },
    href: (route, slug) => route + (slug && "#" + slug),
  };
  const search = createSearch(head, sources, () => wake());
  const update = () => new Promise<void>((r) => (wake = r));
  return { search, head, fetched, update };
}

describe("search ranking", () => {
  const { search } = engine();

  it("ranks a page whose title matches above pages that only mention the word in their body", () => {
    expect(routes(search("webhooks"))[0]).toBe("/api/webhooks/");
    expect(routes(search("webhooks"))).toContain("/guide/");
  });

  it("ranks a page whose own heading holds every word above one whose title holds one ('api key')", () => {
    expect(routes(search("api key")).slice(0, 2)).toEqual(["/api/auth/", "/pgp-key/"]);
  });

  it("groups results by page: one group per page, the page's own option first, at most 8 pages and 20 options", () => {
    const groups = search("deliveries");
    expect(new Set(routes(groups)).size).toBe(groups.length);
    expect(groups.length).toBeLessThanOrEqual(8);
    const options = groups.flatMap((g) => g.options);
    expect(options.length).toBeLessThanOrEqual(20);
    for (const g of groups) expect(g.options[0]).toMatchObject({ kind: "page" });
    expect(options.map((o) => o.id)).toEqual(options.map((_, i) => `search-option-${i}`));
  });

  it("applies synonyms at query time, words and phrases", () => {
    expect(routes(search("golang"))[0]).toBe("/code/go/");
    expect(routes(search("env var"))[0]).toBe("/environment-variables/");
    expect(routes(search("env vars"))[0]).toBe("/environment-variables/");
    expect(routes(search("cron"))[0]).toBe("/triggers/");
    expect(routes(engine({ synonyms: {} }).search("golang"))).toEqual([]);
  });

  it("finds code-form words written in body text", () => {
    expect(routes(search("ctx.respond"))[0]).toBe("/context/");
    expect(routes(search("X-Brook-Signature"))[0]).toBe("/api/webhooks/");
    expect(routes(search("ETIMEDOUT"))[0]).toBe("/networking/");
    expect(routes(search("interval_seconds"))[0]).toBe("/components/api/");
  });

  it("finds words from their beginning and one typo away, and nothing for stop words alone", () => {
    expect(routes(search("webho"))[0]).toBe("/api/webhooks/");
    expect(routes(search("webhok"))[0]).toBe("/api/webhooks/");
    expect(routes(search("shedule"))[0]).toBe("/triggers/");
    expect(search("the")).toEqual([]);
    expect(search("   ")).toEqual([]);
  });

  it("matches a single letter being typed in titles only", () => {
    expect(routes(search("g"))).toEqual(expect.arrayContaining(["/code/go/", "/guide/"]));
    expect(routes(search("g"))).not.toContain("/api/webhooks/");
  });

  it("marks matched words: whole words, words being completed, words one typo away", () => {
    expect(text(search("webhooks")[0]!.options[0]!.heading)).toBe("[Webhooks]");
    expect(text(search("webho")[0]!.options[0]!.heading)).toBe("[Webhooks]");
    expect(text(search("webhok")[0]!.options[0]!.heading)).toBe("[Webhooks]");
  });
});

describe("search results over page data", () => {
  it("lists a page's best sections under it once its data arrives, with a snippet around the match", async () => {
    const { search, update, fetched } = engine();
    expect(search("signature")[0]!.options).toHaveLength(1);
    await update();
    expect(fetched).toContain("/api/webhooks/");
    const [group] = search("https signature");
    expect(group!.options.map((o) => o.href)).toEqual([
      "/api/webhooks/",
      "/api/webhooks/#verify-the-signature",
    ]);
    expect(text(group!.options[1]!.heading)).toBe("Verify the [signature]");
    expect(text(group!.options[1]!.snippet)).toContain(
      "Compare the HMAC with the [X-Brook-Signature] header.",
    );
  });

  it("leads a page whose own line does not match to its best section, the others under it", async () => {
    const { search, update } = engine();
    search("signature");
    await update();
    const [group] = search("signature");
    expect(group!.options.map((o) => o.href)).toEqual(["/api/webhooks/#verify-the-signature"]);
    expect(text(group!.options[0]!.heading)).toBe("Webhooks");
    expect(text(group!.options[0]!.snippet)).toMatch(
      /^Verify the \[signature\] — Compare the HMAC/,
    );
  });

  it("shows the opening text around the match when the description has none, as text", async () => {
    const { search, update } = engine();
    search("onerror");
    await update();
    const group = search("onerror").find((g) => g.options[0]!.href === "/escaping/")!;
    expect(text(group.options[0]!.snippet)).toBe(
      "The text <img src=x [onerror]=alert(1)> stays text.",
    );
  });
});

describe("search over a sharded index", () => {
  it("answers from the titles at once, fetches the shard of the word typed, then finds body text", async () => {
    const { search, head, update, fetched } = engine({
      singleFileMaxPostings: 10,
      shardPostings: 10,
    });
    expect(head.shards.length).toBeGreaterThan(1);
    expect(shardFor(head, "network")).not.toBe(shardFor(head, "etimedout"));
    expect(routes(search("networking"))).toEqual(["/networking/"]);
    await update();
    expect(fetched).toEqual([shardFor(head, "network")]);
    expect(search("etimedout")).toEqual([]);
    await update();
    expect(fetched).toEqual([shardFor(head, "network"), shardFor(head, "etimedout")]);
    expect(routes(search("etimedout"))).toEqual(["/networking/"]);
  });
});
