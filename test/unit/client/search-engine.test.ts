import { describe, expect, it } from "vitest";
import { createSearch } from "../../../src/client/search/engine.ts";
import { buildSearchIndex } from "../../../src/site/search-index.ts";
import type { SearchDoc } from "../../../src/shared/types.ts";

const docs: SearchDoc[] = [
  { id: "/api/webhooks/", title: "Webhooks", heading: "", text: "Receive events from other services over HTTP." },
  { id: "/api/webhooks/#verify", title: "Webhooks", heading: "Verify the signature", text: "Compute an HMAC of the body and compare it with the header." },
  { id: "/api/webhooks/#retries", title: "Webhooks", heading: "Retries", text: "Failed deliveries are retried for a day." },
  { id: "/triggers/#schedule", title: "Triggers", heading: "Schedule", text: "Run a workflow at fixed times with a cron expression." },
  { id: "/limits/", title: "Limits", heading: "", text: "HTTP payloads are limited to 512KB. <img src=x onerror=alert(1)> stays text." },
  ...Array.from({ length: 12 }, (_, i) => ({ id: `/page-${i}/#webhook`, title: `Page ${i}`, heading: "Webhook", text: `Webhook number ${i}.` })),
];
const search = createSearch(buildSearchIndex(docs), (route, slug) => "/docs/v2" + route + (slug && "#" + slug));
const text = (parts: (string | { mark: string })[]) => parts.map((p) => (typeof p === "string" ? p : `[${p.mark}]`)).join("");

describe("search engine", () => {
  it("groups results by page, links to page/#section, and marks the matched words", () => {
    const groups = search("signature");
    expect(groups).toHaveLength(1);
    expect(text(groups[0]!.title)).toBe("Webhooks");
    expect(groups[0]!.options[0]).toMatchObject({ href: "/docs/v2/api/webhooks/#verify", id: "search-option-0" });
    expect(text(groups[0]!.options[0]!.heading)).toBe("Verify the [signature]");
  });

  it("finds words from their beginning and with one typo", () => {
    expect(text(search("webhoo")[0]!.title)).toBe("[Webhooks]");
    expect(search("shedule")[0]!.options[0]!.href).toBe("/docs/v2/triggers/#schedule");
    expect(text(search("shedule")[0]!.options[0]!.heading)).toBe("[Schedule]");
  });

  it("keeps at most 8 pages, 4 sections a page and 20 results, numbered in display order", () => {
    const groups = search("webhook");
    expect(groups.length).toBeLessThanOrEqual(8);
    const options = groups.flatMap((g) => g.options);
    expect(options.length).toBeLessThanOrEqual(20);
    for (const g of groups) expect(g.options.length).toBeLessThanOrEqual(4);
    expect(options.map((o) => o.id)).toEqual(options.map((_, i) => `search-option-${i}`));
  });

  it("returns plain strings for content text, markup included, and nothing for stop words alone", () => {
    const snippet = search("onerror")[0]!.options[0]!.snippet;
    expect(text(snippet)).toBe("HTTP payloads are limited to 512KB. <img src=x [onerror]=alert(1)> stays text.");
    expect(search("the")).toEqual([]);
    expect(search("  ")).toEqual([]);
  });
});
