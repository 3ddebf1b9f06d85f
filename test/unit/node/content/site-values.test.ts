import { describe, expect, it } from "vitest";
import { parseBody } from "../../../../src/node/content/parse-page.ts";
import { flattenSiteValues, replaceSiteValues } from "../../../../src/node/content/site-values.ts";
import { formatDiagnostic } from "../../../../src/node/core/errors.ts";

const values = flattenSiteValues({
  limits: {
    httpPayload: "512KB",
    memory: { default: "256MB", max: "10GB" },
    queue: { max: 10000 },
  },
  pricing: { perInvocation: 0.0002 },
});
const all = { apiBase: "https://api.brook.example/v1", ...values };

describe("flattenSiteValues", () => {
  it("keys each value by its dotted path and writes numbers as JavaScript does", () => {
    expect(values).toEqual({
      "limits.httpPayload": "512KB",
      "limits.memory.default": "256MB",
      "limits.memory.max": "10GB",
      "limits.queue.max": "10000",
      "pricing.perInvocation": "0.0002",
    });
  });
});

describe("replaceSiteValues with nested values", () => {
  it("replaces nested paths anywhere in the body, code included, and records exactly the paths read", () => {
    const body =
      "Up to {{ site.limits.httpPayload }} a request, {{site.limits.memory.max}} at most.\n\n```text\nmax {{ site.limits.queue.max }}\n```\n\nAt {{ site.apiBase }}; {{steps.trigger.event.body}} stays.";
    const r = replaceSiteValues(body, all, "f.md", 0);
    expect(r.diagnostics).toEqual([]);
    expect(r.body).toBe(
      "Up to 512KB a request, 10GB at most.\n\n```text\nmax 10000\n```\n\nAt https://api.brook.example/v1; {{steps.trigger.event.body}} stays.",
    );
    expect(r.used).toEqual([
      "apiBase",
      "limits.httpPayload",
      "limits.memory.max",
      "limits.queue.max",
    ]);
  });

  it("reports an unknown nested name at its line and column, with a did-you-mean and the names of its group", () => {
    const r = replaceSiteValues(
      "One\nTwo {{ site.limits.httpPayloads }} three",
      all,
      "content/a.md",
      4,
    );
    expect(r.body).toBe("One\nTwo {{ site.limits.httpPayloads }} three");
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([
      "content/a.md:6:5: unknown site value 'limits.httpPayloads' in {{ site.limits.httpPayloads }}; did you mean {{ site.limits.httpPayload }}? [unknown-site-value]\n" +
        "  hint: use one of {{ site.limits.httpPayload }}, site.limits.memory.*, site.limits.queue.*, or add the value under `values` in site.config.ts",
    ]);
  });

  it("lists the top-level names when no group of the path exists", () => {
    const [d] = replaceSiteValues("{{ site.limit.httpPayload }}", all, "a.md", 0).diagnostics;
    expect(d).toMatchObject({ line: 1, column: 1, rule: "unknown-site-value" });
    expect(d!.message).toContain("did you mean {{ site.limits.httpPayload }}?");
    expect(d!.hint).toBe(
      "use one of {{ site.apiBase }}, site.limits.*, site.pricing.*, or add the value under `values` in site.config.ts",
    );
  });

  it("refuses a group used as a value, naming the values inside it", () => {
    const r = replaceSiteValues("Memory: {{ site.limits.memory }}.", all, "a.md", 2);
    expect(r.body).toBe("Memory: {{ site.limits.memory }}.");
    expect(r.used).toEqual([]);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([
      "a.md:3:9: {{ site.limits.memory }} is a group of site values, not a value: only text and numbers can appear in a page [site-value-group]\n" +
        "  hint: name one of its values: {{ site.limits.memory.default }}, {{ site.limits.memory.max }}",
    ]);
  });

  it("refuses a malformed name instead of leaving it as text", () => {
    const r = replaceSiteValues(
      "A {{ site.limits.http-payload }} and {{ site.limits..x }}",
      all,
      "a.md",
      0,
    );
    expect(r.diagnostics.map((d) => [d.column, d.rule, d.message])).toEqual([
      [
        3,
        "unknown-site-value",
        "'limits.http-payload' is not a site value name in {{ site.limits.http-payload }}",
      ],
      [38, "unknown-site-value", "'limits..x' is not a site value name in {{ site.limits..x }}"],
    ]);
  });
});

describe("parseBody with site values", () => {
  const source = (body: string) => ({
    relativePath: "a.md",
    file: "content/a.md",
    route: "/a/",
    frontmatter: { title: "A", description: "A.", layout: "doc" as const, meta: [] },
    body,
    bodyLine: 5,
  });

  it("records the nested values a page read as its dependencies", async () => {
    const parsed = await parseBody(
      source(
        "Up to {{ site.limits.httpPayload }}.\n\n## Memory\n\n{{ site.limits.memory.default }} by default.\n",
      ),
      { base: "/docs/v2/", siteValues: all },
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.html).toContain("<p>Up to 512KB.</p>");
    expect(parsed.facts!.deps.siteValues).toEqual(["limits.httpPayload", "limits.memory.default"]);
  });

  it("runs the marker guard on the page with its values, so a value cannot smuggle a pathological run past it", async () => {
    const stars = { "x.stars": "*".repeat(200) };
    const parsed = await parseBody(source("Text {{ site.x.stars }}{{ site.x.stars }} end.\n"), {
      base: "/docs/v2/",
      siteValues: stars,
    });
    expect(parsed.errors).toMatchObject([{ file: "content/a.md", line: 5, rule: "marker-run" }]);
  });

  it("refuses a page that its values make larger than the page limit", async () => {
    const big = { "x.big": "y".repeat(200) };
    const parsed = await parseBody(source("{{ site.x.big }} ".repeat(3000)), {
      base: "/docs/v2/",
      siteValues: big,
    });
    expect(parsed.errors).toMatchObject([
      {
        file: "content/a.md",
        rule: "file-size",
        message: "with its includes and site values, the page is over the limit of 512 KB",
      },
    ]);
  });
});
