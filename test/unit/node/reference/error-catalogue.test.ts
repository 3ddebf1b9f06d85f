import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BrookError } from "../../../../src/node/core/errors.ts";
import {
  codesFrom,
  loadErrorCatalogue,
  typesFrom,
} from "../../../../src/node/reference/error-catalogue.ts";
import { flattenSiteValues } from "../../../../src/node/content/site-values.ts";
import { values } from "../../../../data/values.ts";

const siteValues = flattenSiteValues(values);

function problems(text: string): string[] {
  try {
    loadErrorCatalogue(text, "errors.yaml", siteValues);
  } catch (e) {
    expect(e).toBeInstanceOf(BrookError);
    return (e as BrookError).diagnostics!.map((d) => `${d.line}: ${d.message}`);
  }
  return [];
}

describe("the error catalogue (data/errors.yaml)", () => {
  it("reads the docs' catalogue with site values in its messages", () => {
    const c = loadErrorCatalogue(
      readFileSync("data/errors.yaml", "utf8"),
      "data/errors.yaml",
      siteValues,
    );
    expect(c.codes.json_too_deep!.message).toBe(
      `JSON Nested Property Limit Exceeded: the body nests JSON more than ${values.limits.jsonDepth} levels deep.`,
    );
    expect(typesFrom(c, "api")).toEqual([
      "invalid_request",
      "unauthorized",
      "forbidden",
      "not_found",
      "conflict",
      "payload_too_large",
      "rate_limited",
      "internal",
    ]);
    expect(codesFrom(c, "api", "forbidden")).toEqual(["scope_missing", "org_access_denied"]);
    expect(codesFrom(c, "trigger")).toContain("event_queue_full");
    expect(codesFrom(c, "api")).not.toContain("event_queue_full");
  });

  it("names each problem at its line", () => {
    const text = [
      "types:",
      "  rate_limited: { status: 429, fix: wait }",
      "  busy: { status: 429, fix: wait }",
      "codes:",
      "  event_queue_full:",
      "    type: rate_limitd",
      "    from: [trigger]",
      "    error: Event Queue Full",
      "    message: The queue is full.",
      "    means: full",
      "errors:",
      "  Event Queue Full: { stops: [queue], code: queue_full }",
      "",
    ].join("\n");
    expect(problems(text)).toEqual([
      "3: types.busy.status: 429 is already rate_limited's status",
      "6: codes.event_queue_full.type: no type rate_limitd under types",
      '9: codes.event_queue_full.message: a message starts with the error\'s name, "Event Queue Full: "',
      "12: errors.Event Queue Full.code: no code queue_full under codes",
    ]);
  });

  it("refuses a field of the wrong shape, and a site value that does not exist", () => {
    expect(
      problems("types: {}\ncodes:\n  x: { type: t, from: [web], means: m }\nerrors: {}\n"),
    ).toEqual([expect.stringMatching(/^3: codes\.x\.from\[0\]: /)]);
    const unknown =
      'types: { t: { status: 400, fix: f } }\ncodes:\n  x:\n    type: t\n    from: [api]\n    means: "{{ site.limits.nope }}"\nerrors: {}\n';
    expect(problems(unknown)).toEqual([
      expect.stringMatching(/^6: codes\.x\.means: .*limits\.nope/),
    ]);
  });
});
