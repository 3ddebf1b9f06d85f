import { describe, expect, it } from "vitest";
import { expandContractions, verbOf } from "../../../src/shared/search/word-forms.ts";
import { parseQuery } from "../../../src/shared/search/query.ts";

describe("a query's word forms", () => {
  it("writes negations out and drops the other short forms", () => {
    expect(expandContractions("why doesn't my workflow run")).toBe("why does not my workflow run");
    expect(expandContractions("it won’t start, I can't see why")).toBe(
      "it will not start, I can not see why",
    );
    expect(expandContractions("you're sure it'll work")).toBe("you sure it work");
    expect(expandContractions("the step's exports")).toBe("the step's exports");
  });

  it("leaves no stub a concept, and a synonym written with a contraction still applies", () => {
    const concepts = parseQuery("doesn't fire", [["didn't fire", ["troubleshooting"]]]);
    expect(concepts.flatMap((c) => c.words.map((w) => w.raw))).toEqual(["fire"]);
    const withSynonym = parseQuery("it didn’t fire", [["didn't fire", ["troubleshooting"]]]);
    expect(withSynonym.flatMap((c) => c.words.map((w) => w.raw))).toContain("troubleshooting");
  });

  it("knows irregular past forms, not words that only look like them", () => {
    expect(verbOf("ran")).toBe("run");
    expect(verbOf("written")).toBe("write");
    expect(verbOf("went")).toBeUndefined();
    expect(verbOf("run")).toBeUndefined();
  });
});
