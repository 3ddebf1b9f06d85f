import { describe, expect, it } from "vitest";
import { buildSearchFiles, SearchTally } from "../../../../src/node/search/index-files.ts";
import { searchData } from "../../../../src/node/content/search-data.ts";
import { countSearchTerms, TermDictionary, TermTally } from "../../../../src/node/search/tally.ts";
import {
  MAX_PAGES_PER_TERM,
  readPostings,
  SEARCH_FIELDS,
  shardFor,
  type SearchHead,
  type SearchPostings,
  type SearchShard,
} from "../../../../src/shared/search/format.ts";
import { termsOf } from "../../../../src/shared/search/tokens.ts";
import type { SearchPage } from "../../../../src/shared/types.ts";

/** A page as the content stage hands it over: headings, and the body's terms counted. */
const page = (
  route: string,
  title: string,
  description: string,
  sections: { heading: string; text: string }[],
  keywords?: string[],
): SearchPage & { sections: typeof sections } => ({
  route,
  title,
  description,
  keywords,
  ...searchData(sections.map((s) => ({ slug: "", ...s }))),
  sections,
});

const pages = [
  page(
    "/api/rest/webhooks/",
    "Webhooks",
    "Receive events over HTTPS and verify the X-Brook-Signature header.",
    [
      { heading: "", text: "A webhook sends each event to your URL." },
      {
        heading: "Verify the signature",
        text: "Compute an HMAC of the body; compare it with X-Brook-Signature. Webhooks retry.",
      },
    ],
  ),
  page(
    "/cli/login/",
    "Log in to the CLI",
    "Sign in from a terminal.",
    [{ heading: "Profiles", text: "brook login --profile work" }],
    ["sign in from CI", "BROOK_API_KEY on a server"],
  ),
  page("/code/go/", "Go code steps", "Write steps in Go.", [
    { heading: "", text: "Handler gets ctx.respond and ETIMEDOUT errors." },
  ]),
];

type Posting = [term: string, field: string, route: string, tf: number];

/** Every posting of some files, as readable tuples, sorted. */
function postingsOf(head: SearchHead, files: SearchPostings[]): Posting[] {
  const out: Posting[] = [];
  for (const p of files)
    readPostings(p, (t, f, page, tf) =>
      out.push([p.terms[t]!, SEARCH_FIELDS[f]!, head.pages[page]![0], tf]),
    );
  return out.sort((a, b) => a.join("\0").localeCompare(b.join("\0")));
}

/** What the postings must be: each field's text counted with termsOf. */
function expected(): Posting[] {
  const out: Posting[] = [];
  for (const p of pages) {
    const slug = p.route === "/cli/login/" ? " login" : "";
    // The sections the route puts the page in count with its headings.
    const section = p.route.split("/").filter(Boolean).slice(0, -1).join(" ");
    const texts = [
      p.title + slug,
      p.description,
      [...p.sections.map((s) => s.heading), section].join(" "),
      (p.keywords ?? []).join(" "),
      p.sections.map((s) => s.text).join(" "),
    ];
    texts.forEach((text, f) => {
      const counts = new Map<string, number>();
      for (const t of termsOf(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, tf] of counts) out.push([t, SEARCH_FIELDS[f]!, p.route, tf]);
    });
  }
  return out.sort((a, b) => a.join("\0").localeCompare(b.join("\0")));
}

describe("search index files", () => {
  it("holds every term of every field with its count, read back exactly (one file on a small site)", () => {
    const built = buildSearchFiles(pages, {
      synonyms: { Golang: ["Go"], "env var": ["environment variable"] },
    });
    expect(built.files).toHaveLength(1);
    expect(built.entry).toMatch(/^search\.[a-z0-9]{10}\.json$/);
    const head = JSON.parse(built.files[0]!.content) as SearchHead;
    expect(head.pages).toEqual(pages.map((p) => [p.route, p.title, p.description]));
    expect(pages[0]!.headings).toEqual(["Verify the signature"]);
    expect(head.synonyms).toEqual([
      ["golang", ["go"]],
      ["env var", ["environment variable"]],
    ]);
    expect(head.shards).toEqual([]);
    expect(postingsOf(head, [head.postings])).toEqual(expected());
    // Field lengths count terms (BM25's length normalisation).
    expect(head.lengths[0]).toEqual([1, 3, 3]);
  });

  it("adds the words of a page's own slug that its title lacks, never numbers", () => {
    const head = JSON.parse(
      buildSearchFiles([...pages, page("/notes/page-0073/", "Notes", "", [])]).files[0]!.content,
    ) as SearchHead;
    const titleTerms = postingsOf(head, [head.postings]).filter(([, f]) => f === "title");
    expect(titleTerms.filter(([, , r]) => r === "/cli/login/").map(([t]) => t)).toContain("login");
    expect(titleTerms.filter(([, , r]) => r === "/notes/page-0073/").map(([t]) => t)).toEqual([
      "note",
      "page",
    ]);
  });

  it("splits a large site into shards by the first two letters of a term; titles stay in the head", () => {
    const built = buildSearchFiles(pages, { singleFileMaxPostings: 10, shardPostings: 8 });
    const head = JSON.parse(built.files[0]!.content) as SearchHead;
    const shards = new Map(
      built.files.slice(1).map((f) => [f.name, JSON.parse(f.content) as SearchShard]),
    );
    expect(shards.size).toBeGreaterThan(2);
    expect(head.shards.map(([, file]) => file)).toEqual([...shards.keys()]);
    for (const name of shards.keys()) expect(name).toMatch(/^search\.\d+\.[a-z0-9]{10}\.json$/);
    expect(head.pages.every(([, , description]) => description === "")).toBe(true);
    // The head carries titles only; each shard carries the other fields of the terms shardFor sends to it.
    expect(new Set(postingsOf(head, [head.postings]).map(([, f]) => f))).toEqual(
      new Set(["title"]),
    );
    for (const [name, shard] of shards) {
      for (const term of shard.postings.terms) expect(shardFor(head, term), term).toBe(name);
      expect(shard.postings.fields[0]).toEqual([]);
    }
    // Together they hold exactly what the one-file index holds.
    expect(
      postingsOf(head, [head.postings, ...[...shards.values()].map((s) => s.postings)]),
    ).toEqual(expected());
  });

  it("keeps a common term's heaviest pages in each field and says how many pages hold it", () => {
    // "alpha" in 250 bodies, each body longer than the one before: the 200 shortest weigh most.
    const many = Array.from({ length: 250 }, (_, i) =>
      page(`/p${i}/`, `Page ${i}`, "", [{ heading: "", text: "alpha " + "filler ".repeat(i) }]),
    );
    const head = JSON.parse(buildSearchFiles(many).files[0]!.content) as SearchHead;
    const alpha = postingsOf(head, [head.postings]).filter(
      ([t, f]) => t === "alpha" && f === "body",
    );
    expect(alpha).toHaveLength(MAX_PAGES_PER_TERM);
    expect(new Set(alpha.map(([, , route]) => route))).toEqual(
      new Set(many.slice(0, MAX_PAGES_PER_TERM).map((p) => p.route)),
    );
    const common = head.postings.common!;
    const counted = Object.fromEntries(
      Array.from({ length: common.length / 2 }, (_, i) => [
        head.postings.terms[common[2 * i]!],
        common[2 * i + 1],
      ]),
    );
    expect(counted).toEqual({ alpha: 250, filler: 249, page: 250 });
  });

  it("is a pure function of cloneable input: the same files from a structured clone", () => {
    const a = buildSearchFiles(pages, { singleFileMaxPostings: 10, shardPostings: 8 });
    const b = buildSearchFiles(structuredClone(pages), {
      singleFileMaxPostings: 10,
      shardPostings: 8,
    });
    expect(b).toEqual(a);
  });
});

describe("term tally", () => {
  it("writes a page's counted terms in a form the index reads back exactly", () => {
    const texts = [
      "Retry the webhook; retry it again: ctx.respond(x) twice, ctx.respond(y).",
      "Ünïcode wörds — and 日本語.",
    ];
    const counted = countSearchTerms(texts);
    expect(counted).toMatch(/^\S+( \S+)*$/);
    const dict = new TermDictionary();
    const read = new Map<string, number>();
    dict.readCounted(counted, (term, tf) => read.set(dict.terms[term]!, tf));
    const want = new Map<string, number>();
    for (const t of termsOf(texts.join(" "))) want.set(t, (want.get(t) ?? 0) + 1);
    expect(read).toEqual(want);
    expect(read.get("retri")).toBe(2);
    expect(read.get("ctx.respond")).toBe(2);
  });

  it("counts what termsOf finds, whatever the separators and scripts", () => {
    const text =
      "Café—naïve ctx.respond(x) and ctx.respond; X-Brook-Signature “quoted” 日本語 end.\nEnd";
    const dict = new TermDictionary();
    const tally = new TermTally(dict);
    tally.add(text);
    tally.add(text);
    const counted = new Map<string, number>();
    tally.drain((term, tf) => counted.set(dict.terms[term]!, tf));
    const want = new Map<string, number>();
    for (const t of termsOf(text + " " + text)) want.set(t, (want.get(t) ?? 0) + 1);
    expect(counted).toEqual(want);
  });
});

describe("SearchTally", () => {
  /** 300 pages of words from a small vocabulary (seeded), so common terms pass MAX_PAGES_PER_TERM and tie. */
  const many = (() => {
    let seed = 12;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const words = Array.from(
      { length: 40 },
      (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`,
    );
    const text = (n: number) =>
      Array.from({ length: n }, () => words[Math.floor(next() * words.length)]).join(" ");
    return Array.from({ length: 300 }, (_, i) =>
      page(`/s/page-${i}/`, `Page ${text(2)}`, text(6), [{ heading: text(3), text: text(40) }]),
    );
  })();
  expect(many.length).toBeGreaterThan(MAX_PAGES_PER_TERM);

  it("gives the same files whatever order the pages are counted in", () => {
    for (const options of [{}, { singleFileMaxPostings: 500, shardPostings: 300 }]) {
      const inOrder = buildSearchFiles(many, options);
      // The pages a build did not parse first, then the parsed ones (here: a few early pages).
      const late = new Set([1, 2, 150]);
      const tally = new SearchTally(many.length);
      many.forEach((p, i) => !late.has(i) && tally.add(i, p));
      for (const i of late) tally.add(i, many[i]!);
      expect(tally.files(many, options)).toEqual(inOrder);
      // Backwards, every page out of order.
      const backwards = new SearchTally(many.length);
      for (let i = many.length - 1; i >= 0; i--) backwards.add(i, many[i]!);
      expect(backwards.files(many, options)).toEqual(inOrder);
    }
  });

  it("starts from an earlier tally's counts: pages kept, moved, dropped, and counted again give the files of a whole tally", () => {
    for (const options of [{}, { singleFileMaxPostings: 500, shardPostings: 300 }]) {
      const base = new SearchTally(many.length);
      many.forEach((p, i) => base.add(i, p));
      // Now: page 0 is gone, page 5's body changed, a new page comes first, the rest move up by one.
      const changed = {
        ...many[5]!,
        ...page(many[5]!.route, many[5]!.title, many[5]!.description, [
          { heading: "Rewritten", text: "entirely new words here" },
        ]),
      };
      const added = page("/s/new/", "A new page", "New.", [
        { heading: "", text: "wordb1 wordc2 fresh" },
      ]);
      const now = [added, ...many.slice(1)];
      now[5] = changed;
      const places = new Int32Array(many.length).map((_, old) =>
        old === 0 || old === 5 ? -1 : old,
      );
      const tally = SearchTally.from(base.counted(), places, now.length);
      tally.add(0, added);
      tally.add(5, changed);
      expect(tally.files(now, options)).toEqual(buildSearchFiles(now, options));
    }
  });

  it("refuses counts that do not hold together", () => {
    const base = new SearchTally(3);
    pages.forEach((p, i) => base.add(i, p));
    const counted = base.counted();
    expect(() => SearchTally.from(counted, new Int32Array(2), 3)).toThrow(/other pages/);
    expect(() => SearchTally.from(counted, new Int32Array([0, 0, 1]), 3)).toThrow(/other pages/);
    const data = counted.postings.data.slice();
    data[0] = counted.terms.length + 7;
    expect(() =>
      SearchTally.from(
        { ...counted, postings: { ...counted.postings, data } },
        new Int32Array([0, 1, 2]),
        3,
      ),
    ).toThrow(/damaged/);
    expect(() =>
      SearchTally.from(
        { ...counted, terms: [...counted.terms.slice(0, 1), ...counted.terms.slice(0, 1)] },
        new Int32Array([0, 1, 2]),
        3,
      ),
    ).toThrow(/damaged/);
  });

  it("refuses a page counted twice, and files asked for before every page is counted", () => {
    const tally = new SearchTally(2);
    tally.add(0, many[0]!);
    expect(() => tally.add(0, many[0]!)).toThrow(/twice/);
    expect(() => tally.files(many.slice(0, 2))).toThrow(/before every page/);
  });
});
