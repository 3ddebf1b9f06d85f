/**
 * The write stage runs on the main thread without a time budget: what it does for each redirect
 * of the config must not grow with the config's length (a config may write thousands out).
 */
import { describe, expect, it } from "vitest";
import { placeInConfig } from "../../src/node/core/link-map.ts";

describe("the link map of a config with many redirects", () => {
  it("places each of 100,000 redirects written out in the config", () => {
    const lines = Array.from(
      { length: 100_000 },
      (_, i) => `  { from: "/old/page-${i}", to: "/limits/" },`,
    );
    const text = `export default {\n redirects: [\n${lines.join("\n")}\n ],\n};\n`;
    for (let i = 0; i < 100_000; i++)
      expect(placeInConfig(text, `/old/page-${i}`)).toEqual({ line: i + 3, column: 11 });
    expect(placeInConfig(text, "/limits/")).toEqual({ line: 3, column: 30 });
    expect(placeInConfig(text, "/nowhere")).toBeUndefined();
    expect(placeInConfig("a\n b: '/x', c: `/x`", "/x")).toEqual({ line: 2, column: 5 });
  });
});
