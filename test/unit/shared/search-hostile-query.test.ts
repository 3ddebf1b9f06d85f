/**
 * A query is a stranger's text (the search box, an assistant's `search_docs`): however long, it
 * is read for at most MAX_QUERY_CHARS characters and MAX_CONCEPTS concepts, the most the ranking
 * uses, so its cost is bounded; a query under both limits is read as it always was.
 */
import { describe, expect, it } from "vitest";
import { buildSearchFiles } from "../../../src/node/search/index-files.ts";
import { searchData } from "../../../src/node/content/search-data.ts";
import type { SearchHead } from "../../../src/shared/search/format.ts";
import { MAX_CONCEPTS, MAX_QUERY_CHARS, parseQuery } from "../../../src/shared/search/query.ts";
import { firstMatch, wordTest } from "../../../src/shared/search/present.ts";
import { openSearch } from "../../../src/shared/search/search.ts";
import { termsOf } from "../../../src/shared/search/tokens.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i.toString(36)}x`);

describe("a hostile query", () => {
  it("is read for its first 30 concepts, as the ranking reads it", () => {
    const all = parseQuery(words(10_000).join(" "), []);
    expect(all).toHaveLength(MAX_CONCEPTS);
    // The 30 concepts of a query with a 31st word after them: none of them the word being typed.
    expect(all).toEqual(parseQuery(words(31).join(" "), []).slice(0, MAX_CONCEPTS));
  });

  it("is read for its first 1,000 characters, so one word cannot bring thousands of parts", () => {
    const [concept] = parseQuery(words(20_000).join("."), []);
    const parts = concept!.words.flatMap((w) => w.parts);
    expect(parts.length).toBeGreaterThan(10);
    expect(parts.length).toBeLessThanOrEqual(MAX_QUERY_CHARS / 2);
  });

  it("still finds the page a long question is about, and answers regex-like text", () => {
    const page = {
      route: "/retries/",
      title: "Retries",
      description: "",
      ...searchData([{ slug: "", heading: "", text: "A failed step is retried three times." }]),
    };
    const head = JSON.parse(buildSearchFiles([page], {}).files[0]!.content) as SearchHead;
    const search = openSearch(head);
    const question = `how are failed steps retried ${"(a+)+$ .*.*[[\\ ".repeat(5_000)}`;
    expect(search(question).map((h) => h.route)).toEqual(["/retries/"]);
    expect(search("\ud800\u0000\u2028\ufeff retried").map((h) => h.route)).toEqual(["/retries/"]);
  });

  it("reads a synonym table of any size, looking up phrases no longer than a config writes", () => {
    const many = Array.from({ length: 700_000 }, (_, i): [string, string[]] => [
      `s${i}`,
      ["retry"],
    ]);
    expect(parseQuery("s5 hello", many).map((c) => c.words.map((w) => w.raw))).toEqual([
      ["s5", "retry"],
      ["hello"],
    ]);
    const long = words(40).join(" ");
    const [first] = parseQuery(long, [[long, ["retry"]]]);
    expect(first!.words.map((w) => w.raw)).toEqual([words(1)[0]]);
  });

  it("marks and indexes a page's text that holds a dotted word of 160,000 parts", () => {
    const dotted = Array.from({ length: 160_000 }, (_, i) => `b${(i % 30).toString(36)}`).join(".");
    const test = wordTest(parseQuery("b1", []));
    expect(firstMatch(`hello ${dotted}`, test)).toBe(6);
    // The index's terms of such a word, as a page of 512 KB can nearly hold it.
    const parts = Array.from({ length: 200_000 }, (_, i) => `q${i % 10}`);
    expect(termsOf(parts.join("."))).toEqual(parts);
  });
});
