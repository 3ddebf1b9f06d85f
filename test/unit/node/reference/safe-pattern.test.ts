/** Schema patterns that could stall a build are never run (src/node/reference/safe-pattern.ts). */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { patternRisk, safeRegExp } from "../../../../src/node/reference/safe-pattern.ts";

/** Every schema `pattern` of the REST API's description (data/openapi.yaml). */
function descriptionPatterns(): string[] {
  const found = new Set<string>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === "object")
      for (const [k, v] of Object.entries(x))
        if (k === "pattern" && typeof v === "string") found.add(v);
        else walk(v);
  };
  // The description's own tags (`!value`, `!text`) read as plain scalars here.
  walk(parse(readFileSync("data/openapi.yaml", "utf8"), { customTags: [], logLevel: "silent" }));
  return [...found];
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

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

  it("stops an analysis that would run long on its step count, and calls the pattern unsafe", () => {
    // 20,000 steps (the library's default) take seconds of CPU on this one; 2,000 a fraction.
    const cpu = process.cpuUsage();
    expect(patternRisk("^(a|a)*b$")).toBe("its analysis did not finish");
    const { user, system } = process.cpuUsage(cpu);
    expect((user + system) / 1000).toBeLessThan(4_000);
  });

  it("clears every pattern of the description however slow the clock says the machine is", async () => {
    const patterns = descriptionPatterns();
    expect(patterns.length).toBeGreaterThan(10);
    // A neighbour stealing the CPU: every reading of the clock is ten seconds after the last.
    let now = Date.now();
    vi.spyOn(Date, "now").mockImplementation(() => (now += 10_000));
    vi.resetModules(); // a fresh memo of risks
    const fresh = await import("../../../../src/node/reference/safe-pattern.ts");
    for (const p of patterns) expect(fresh.patternRisk(p), p).toBeUndefined();
  });

  it("gives ajv V8's RegExp for a safe pattern and refuses an unsafe one", () => {
    expect(safeRegExp("^[a-z]+$", "u").test("abc")).toBe(true);
    expect(() => safeRegExp("^(a+)+$", "u")).toThrow(/is not run/);
  });
});
