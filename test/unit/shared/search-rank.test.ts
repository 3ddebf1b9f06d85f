import { describe, expect, it } from "vitest";
import { buildSearchFiles } from "../../../src/node/search/index-files.ts";
import { openSearch } from "../../../src/shared/search/search.ts";
import { parseQuery } from "../../../src/shared/search/query.ts";
import { rankPages, RANK_MODEL } from "../../../src/shared/search/rank.ts";
import { SearchReader } from "../../../src/shared/search/reader.ts";
import type { SearchHead } from "../../../src/shared/search/format.ts";
import type { SearchPage } from "../../../src/shared/types.ts";
import { searchData } from "../../../src/node/content/search-data.ts";

const page = (route: string, title: string, ...sections: [string, string][]): SearchPage => ({
  route,
  title,
  description: "",
  ...searchData(sections.map(([heading, text]) => ({ slug: "", heading, text }))),
});

const filler = "Each run of a workflow receives one event and passes it from step to step.";
const pages = [
  page("/status/", "Status", ["", `Check whether Brook is having an incident. ${filler}`]),
  page(
    "/http-response/",
    "Respond to an HTTP request",
    ["", `Answer the caller with your own status code, 201 for a created record. ${filler}`],
    ["Headers", `Set headers on the answer. ${filler}`],
  ),
  page("/removed/", "Dollar variables", [
    "",
    `The $respond and $checkpoint globals are gone. ${filler}`,
  ]),
  page("/axios/", "HTTP client", ["", `Install @brook/axios to log requests. ${filler}`]),
  page("/respond/", "Responding", ["", `Call respond to send a response. ${filler}`]),
  {
    ...page("/settings/", "User settings", ["Profile", `Name, username and address. ${filler}`]),
    keywords: ["change email", "close account"],
  },
  page("/email/", "Email destination", ["", `Send an email to your address. ${filler}`]),
];
const head = JSON.parse(
  buildSearchFiles(pages, { synonyms: { answer: ["respond"] } }).files[0]!.content,
) as SearchHead;
const search = openSearch(head);
const routes = (q: string) => search(q).map((h) => h.route);

describe("the shared ranking (openSearch)", () => {
  it("multiplies a page's score by its weight (frontmatter search_weight), and only its", () => {
    const twin = (route: string, weight?: number): SearchPage => ({
      ...page(route, "Widgets", ["", `Make a widget and list widgets. ${filler}`]),
      ...(weight !== undefined && { weight }),
    });
    const weighed = (a?: number, b?: number) => {
      const files = buildSearchFiles([twin("/a/", a), twin("/b/", b)]);
      const h = JSON.parse(files.files[0]!.content) as SearchHead;
      return { head: h, hits: openSearch(h)("widgets") };
    };
    const even = weighed();
    expect(even.head.weights).toBeUndefined();
    expect(even.hits.map((x) => x.route)).toEqual(["/a/", "/b/"]);
    const light = weighed(0.5);
    expect(light.head.weights).toEqual([[0, 0.5]]);
    expect(light.hits.map((x) => x.route)).toEqual(["/b/", "/a/"]);
    expect(light.hits[1]!.score).toBeCloseTo(even.hits[0]!.score * 0.5);
    expect(light.hits[0]!.score).toBeCloseTo(even.hits[0]!.score);
  });

  it("ranks a body about the whole question above a title that shares one word of it", () => {
    expect(routes("how do I answer with a 201 status")[0]).toBe("/http-response/");
    expect(routes("status")[0]).toBe("/status/");
  });

  it("finds identifiers as written and numbers as words", () => {
    expect(routes("$respond")[0]).toBe("/removed/");
    expect(routes("@brook/axios")[0]).toBe("/axios/");
    expect(routes("brook axios")[0]).toBe("/axios/");
    expect(routes("201")).toEqual(["/http-response/"]);
  });

  it("finds the page of the other $ globals for one the docs never name", () => {
    expect(routes("$steps")[0]).toBe("/removed/");
    expect(routes("what replaced $steps")[0]).toBe("/removed/");
  });

  it("finds a page by its keywords, the readers' words its text does not use", () => {
    expect(routes("how do I change my email address")[0]).toBe("/settings/");
    expect(routes("close my account")).toEqual(["/settings/"]);
    expect(routes("send an email")[0]).toBe("/email/");
  });

  it("answers with routes, titles and scores, best first, up to the limit", () => {
    const hits = search("respond", 2);
    expect(hits).toHaveLength(2);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    expect(hits[0]).toMatchObject({ route: expect.any(String), title: expect.any(String) });
  });
});

describe("a phrase of the synonym table", () => {
  const phrasePages = [
    page("/pgp/", "PGP key", ["", `Import the key to encrypt a report. ${filler}`]),
    page("/auth/", "Sign requests", [
      "",
      `Send your API key in a header with each call. ${filler}`,
    ]),
    page("/api/", "API overview", ["", `The API answers in JSON. ${filler}`]),
  ];
  const phraseHead = JSON.parse(
    buildSearchFiles(phrasePages, { synonyms: { "api key": ["authentication"] } }).files[0]!
      .content,
  ) as SearchHead;
  const find = openSearch(phraseHead);

  it("is found by a page that holds all its words, not by a title holding one of them", () => {
    expect(find("api key")[0]!.route).toBe("/auth/");
    expect(find("where do I put my api key")[0]!.route).toBe("/auth/");
  });
});

describe("a verb's irregular past form", () => {
  const formPages = [
    page("/billing/", "Billing", ["", `You pay by the month. ${filler}`]),
    page("/steps/", "Steps", ["", `A step may take a minute. ${filler}`]),
  ];
  const find = openSearch(
    JSON.parse(buildSearchFiles(formPages, { synonyms: {} }).files[0]!.content) as SearchHead,
  );

  it("finds the verb, which the stemmer leaves apart from it", () => {
    expect(find("what I paid").map((h) => h.route)).toEqual(["/billing/"]);
    expect(find("the step took too long").map((h) => h.route)[0]).toBe("/steps/");
  });
});

describe("a title match", () => {
  const body = "Each step has a limit on its memory and on how long it runs.";
  const titlePages = [
    page("/limits/", "Limits", ["", "Every figure in one table."]),
    page("/memory/", "Memory", ["", `Raise the memory limit; the limit is per workflow. ${body}`]),
    ...["a", "b", "c", "d"].map((p) => page(`/${p}/`, `Page ${p}`, ["", body])),
  ];
  const titleHead = JSON.parse(
    buildSearchFiles(titlePages, { synonyms: {} }).files[0]!.content,
  ) as SearchHead;
  const reader = new SearchReader(titleHead);
  const score = (q: string, titleIdf: number) =>
    rankPages(reader, parseQuery(q, []), 8, { ...RANK_MODEL, titleIdf }).find(
      (r) => titleHead.pages[r.page]![0] === "/limits/",
    )!.score;

  it("of a word every body uses counts by how rare it is among titles", () => {
    expect(score("limit", RANK_MODEL.titleIdf)).toBeGreaterThan(score("limit", 0));
    expect(openSearch(titleHead)("what is the limit")[0]!.route).toBe("/limits/");
  });
});

describe("an identifier typed as written", () => {
  // The reference page names the code twice in a long body; the short page once, in passing.
  const long = Array.from({ length: 12 }, () => filler).join(" ");
  const codeHead = JSON.parse(
    buildSearchFiles(
      [
        page("/errors/", "Errors", ["", `The code json_too_deep. ${long} Again json_too_deep.`]),
        page("/debug/", "Debugging", ["", `Read the code, such as json_too_deep. ${filler}`]),
      ],
      {},
    ).files[0]!.content,
  ) as SearchHead;

  it("counts where it recurs, not shortened by a long page's length", () => {
    expect(openSearch(codeHead)("json_too_deep")[0]!.route).toBe("/errors/");
  });
});

describe("word forms the stemmer keeps apart", () => {
  const forms = [
    page("/inspect/", "The event list", ["", `The inspector shows each execution. ${filler}`]),
    page("/startup/", "Startup time", ["", `The startup of a worker after it was idle. ${filler}`]),
    page("/settings/", "Configuration", ["", `Configure memory and timeouts. ${filler}`]),
  ];
  const formsHead = JSON.parse(buildSearchFiles(forms, {}).files[0]!.content) as SearchHead;
  const find = openSearch(formsHead);
  const found = (q: string) => find(q).map((h) => h.route);

  // The last word typed is also read as the start of a longer one (search as you type): each
  // query ends in a word of another page, so only the first word's forms are in question.
  it("joins two forms of one word (inspect, inspector)", () => {
    expect(found("inspect memory")).toContain("/inspect/");
  });

  it("keeps apart words that only start alike (start, startup)", () => {
    expect(found("start memory")).not.toContain("/startup/");
  });
});
