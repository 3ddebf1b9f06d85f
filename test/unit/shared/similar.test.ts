import { describe, expect, it } from "vitest";
import { closest, propose, similarity } from "../../../src/shared/similar.ts";

const routes = [
  "/limits/",
  "/workflows/steps/triggers/",
  "/workflows/",
  "/webhooks/",
  "/api/rest/",
  "/errors/",
];

describe("similar", () => {
  it("scores by shared bigrams", () => {
    expect(similarity("/limits/", "/limits/")).toBe(1);
    expect(similarity("/limts/", "/limits/")).toBeGreaterThan(0.7);
    expect(similarity("ab", "cd")).toBe(0);
  });

  it("closest: up to n candidates above the threshold, best first", () => {
    expect(closest("/limts/", routes, 3, 0.4)).toEqual(["/limits/"]);
    expect(closest("/workflow/trigers/", routes, 3, 0.4)[0]).toBe("/workflows/steps/triggers/");
    expect(closest("/workflows/", routes, 2, 0)).toHaveLength(2);
    expect(closest("/zzzz/", routes, 3, 0.4)).toEqual([]);
    // check-links' "did you mean" is the best of the same scores.
    expect(propose("/limts/", routes)).toBe(closest("/limts/", routes, 1, 0.7)[0]);
  });
});
