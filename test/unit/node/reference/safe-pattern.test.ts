/** Schema patterns that could stall a build are never run (src/node/reference/safe-pattern.ts). */
import { describe, expect, it } from "vitest";
import { patternRisk, safeRegExp } from "../../../../src/node/reference/safe-pattern.ts";

describe("patternRisk", () => {
  it("clears the description's kinds of pattern", () => {
    for (const p of [
      "^wf_[a-z0-9]{24}$",
      "^(src|wf)_[a-z0-9]{24}$",
      "^https://",
      "^[a-z0-9]+(-[a-z0-9]+)*$",
    ])
      expect(patternRisk(p), p).toBeUndefined();
  });

  it("names patterns that some input makes backtrack without end", () => {
    for (const p of ["^(a+)+$", "^(\\w+\\s?)*$", "^(a|a)*$"])
      expect(patternRisk(p), p).toMatch(/backtrack without end|did not finish/);
  });

  it("gives ajv V8's RegExp for a safe pattern and refuses an unsafe one", () => {
    expect(safeRegExp("^[a-z]+$", "u").test("abc")).toBe(true);
    expect(() => safeRegExp("^(a+)+$", "u")).toThrow(/is not run/);
  });
});
