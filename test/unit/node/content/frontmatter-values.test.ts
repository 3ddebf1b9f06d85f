import { describe, expect, it } from "vitest";
import { validateConfig } from "../../../../src/node/config/load.ts";
import { parseFrontmatter } from "../../../../src/node/content/frontmatter/frontmatter.ts";
import {
  siteValuesOf,
  withFrontmatterValues,
} from "../../../../src/node/content/frontmatter/frontmatter-values.ts";
import {
  readPageSource,
  type PageSource,
} from "../../../../src/node/content/frontmatter/page-source.ts";
import { planSite } from "../../../../src/node/site/plan.ts";

const config = validateConfig(
  {
    values: {
      limits: { tmp: "512MB", functionPayload: "6MB" },
      runtimes: { go: "1.17.1" },
      tagline: "z".repeat(30),
    },
  },
  "site.config.ts",
);
const values = siteValuesOf(config);

function source(frontmatter: string, relativePath = "code/files.md"): PageSource {
  const read = readPageSource(new TextEncoder().encode(`---\n${frontmatter}\n---\nBody.\n`), {
    relativePath,
    file: `content/${relativePath}`,
    route: "/" + relativePath.replace(/\.md$/, "/"),
  });
  expect(read.errors).toEqual([]);
  return read.source!;
}

describe("site values in frontmatter", () => {
  it("puts values into the title and the description", () => {
    const s = source(
      'title: "Go {{ site.runtimes.go }}"\ndescription: "Files in /tmp ({{ site.limits.tmp }}) and results up to {{site.limits.functionPayload}}."',
    );
    const r = withFrontmatterValues(s, values);
    expect(r.diagnostics).toEqual([]);
    expect(r.source.frontmatter.title).toBe("Go 1.17.1");
    expect(r.source.frontmatter.description).toBe("Files in /tmp (512MB) and results up to 6MB.");
    // The source as read is left as written: a cached page is planned again with new values.
    expect(s.frontmatter.title).toBe("Go {{ site.runtimes.go }}");
  });

  it("returns a page that reads no value as the same object, and leaves Brook's own expressions", () => {
    const s = source("title: Steps\ndescription: Read {{steps.trigger.event}} in a step.");
    expect(withFrontmatterValues(s, values).source).toBe(s);
  });

  it("reports an unknown value with the file, the line and the column of the name", () => {
    const s = source('title: Files\ndescription: "Up to {{ site.limits.tpm }} of disk."');
    const { diagnostics } = withFrontmatterValues(s, values);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      file: "content/code/files.md",
      line: 3,
      column: 21,
      rule: "unknown-site-value",
    });
    expect(diagnostics[0]!.message).toContain("did you mean {{ site.limits.tmp }}?");
  });

  it("measures the description with its values in it", () => {
    // 170 characters as written, 147 once the value is in: accepted.
    const long = "x".repeat(140) + " {{ site.limits.tmp }}.";
    expect(long.length).toBeGreaterThan(160);
    const s = source(`title: T\ndescription: "${long}"`);
    expect(withFrontmatterValues(s, values).diagnostics).toEqual([]);
    // 155 as written, 161 with the value: refused, at the description's line.
    const over = withFrontmatterValues(
      source(`title: T\ndescription: "${"x".repeat(130)} {{ site.tagline }}"`),
      values,
    );
    expect(over.diagnostics.map((d) => [d.line, d.rule, d.message])).toEqual([
      [
        3,
        "frontmatter",
        "description is 161 characters with its site values in it, over the limit of 160",
      ],
    ]);
    // Without a value the limit is checked as the file is read, as before.
    expect(
      parseFrontmatter(`---\ntitle: T\ndescription: "${"x".repeat(161)}"\n---\n`, "x.md")
        .diagnostics[0]!.message,
    ).toBe("description is 161 characters, over the limit of 160");
  });

  it("gives the plan, and so the sidebar, meta tags, search and llms.txt, the text with the values", () => {
    const { plan, errors } = planSite({ ...config, sidebar: undefined }, "site.config.ts", [
      source(
        'title: "Go {{ site.runtimes.go }}"\ndescription: "Write Go {{ site.runtimes.go }} steps."',
        "code/go.md",
      ),
    ]);
    expect(errors).toEqual([]);
    expect(plan.pages[0]).toMatchObject({
      title: "Go 1.17.1",
      description: "Write Go 1.17.1 steps.",
      frontmatter: { title: "Go 1.17.1" },
    });
    expect(JSON.stringify(plan.sidebar)).toContain('"text":"Go 1.17.1"');
  });

  it("stops the plan on an unknown value", () => {
    const { errors } = planSite({ ...config, sidebar: undefined }, "site.config.ts", [
      source('title: "Go {{ site.runtimes.golang }}"\ndescription: D', "code/go.md"),
    ]);
    expect(errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.rule}`)).toEqual([
      "content/code/go.md:2:12 unknown-site-value",
    ]);
  });
});
