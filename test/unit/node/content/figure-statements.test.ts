import { describe, expect, it } from "vitest";
import { figureStatements, unitAfter } from "../../../../src/node/content/figure-statements.ts";

const values = {
  apiBase: "https://api.brook.example/v1",
  "limits.stepTimeout.default": "60",
  "limits.stepTimeout.max": "900",
  "limits.queue.default": "100",
  "limits.httpPayload": "512KB",
  "limits.apiRate": "60",
  "{openapi}": "hash",
};
const links = {
  siteUrl: "https://brook.example",
  base: "/docs/v2/",
  pageUrl: "https://brook.example/docs/v2/limits/",
};
const headers = [
  { level: 2 as const, title: "Compute", slug: "compute" },
  { level: 3 as const, title: "Step timeout", slug: "step-timeout" },
  { level: 2 as const, title: "ctx.db limits", slug: "custom" },
];

describe("figureStatements", () => {
  it("finds the sentence, section and unit of each figure a body states, values filled in and links absolute", () => {
    const body = [
      "Read this first. It applies to {{ site.apiBase }} too.",
      "",
      "## Compute",
      "",
      "### Step timeout",
      "",
      "A step may run for {{ site.limits.stepTimeout.default }} seconds by default. You can raise it",
      "in [settings](/workflows/settings/#timeout) to {{ site.limits.stepTimeout.max }} seconds; see [below](#custom).",
      "",
      "```js",
      "const timeout = {{ site.limits.stepTimeout.max }};",
      "```",
      "",
      "## `ctx.db` limits {#custom}",
      "",
      "| limit | value |",
      "|---|---|",
      "| Queue | {{ site.limits.queue.default }} events |",
      "",
      "- **Cause.** A body over {{ site.limits.httpPayload }} is refused.",
    ].join("\n");
    expect(figureStatements(body, values, headers, links)).toEqual([
      {
        key: "limits.stepTimeout.default",
        sentence: "A step may run for 60 seconds by default.",
        anchor: "step-timeout",
        heading: "Step timeout",
        table: false,
        unit: "seconds",
      },
      {
        key: "limits.stepTimeout.max",
        sentence:
          "You can raise it in [settings](https://brook.example/docs/v2/workflows/settings/#timeout) to 900 seconds; see [below](https://brook.example/docs/v2/limits/#custom).",
        anchor: "step-timeout",
        heading: "Step timeout",
        table: false,
        unit: "seconds",
      },
      {
        key: "limits.queue.default",
        sentence: "limit: Queue; value: 100 events",
        anchor: "custom",
        heading: "ctx.db limits",
        table: true,
        unit: "events",
      },
      {
        key: "limits.httpPayload",
        sentence: "A body over 512KB is refused.",
        anchor: "custom",
        heading: "ctx.db limits",
        table: false,
      },
    ]);
  });

  it("cuts a long sentence around its figure", () => {
    const long = `${"word ".repeat(200)}holds {{ site.limits.queue.default }} events ${"more ".repeat(200)}end.`;
    const [s] = figureStatements(long, values, [], links);
    expect(s!.sentence.length).toBeLessThanOrEqual(402);
    expect(s!.sentence).toMatch(/^….* holds 100 events .*…$/);
  });
});

describe("unitAfter", () => {
  it("reads the words that name what a figure counts, and stops at what says something else", () => {
    expect(unitAfter(" seconds by default.")).toBe("seconds");
    expect(unitAfter(" requests a minute per token, each")).toBe("requests a minute per token");
    expect(unitAfter("-second timeout")).toBe("second timeout");
    expect(unitAfter(" [team members](/orgs/), admins included")).toBe("team members");
    expect(unitAfter(" by default")).toBeUndefined();
    expect(unitAfter(", Python 3.8")).toBeUndefined();
    expect(unitAfter(" a day")).toBeUndefined();
  });
});
