/**
 * Site values in frontmatter in a whole build (issue 24): the page's `<h1>`, `<title>`, meta
 * description, sidebar link, llms.txt and search index all show the title and description with the
 * value in it; an unknown value stops the build with the file and line.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixture, renderedCount, ROOT, runCli, tempSite } from "../helpers/site.ts";

const LIMITS = `---
title: "Limits of {{ site.title }}"
description: "Every limit of the API at {{ site.apiBase }}, with what happens when you reach it."
---

Limits apply per workflow.

## HTTP payload

Up to the payload limit.
`;

describe("site values in frontmatter, in a build", () => {
  it("show in the page, its head, the sidebar, llms.txt and search", async () => {
    const dir = tempSite("basic", { "content/limits.md": LIMITS });
    try {
      const { out } = await buildFixture("basic", dir);
      const file = (path: string) => String(out.files.get(path) ?? "");
      const html = file("docs/v2/limits/index.html");
      expect(html).toContain("<title>Limits of Brook | Brook</title>");
      expect(html).toContain(
        'content="Every limit of the API at https://api.brook.example/v1, with what happens when you reach it."',
      );
      expect(html).toMatch(/<h1[^>]*>Limits of Brook<\/h1>/);
      // The sidebar of another page links to it by its title.
      expect(file("docs/v2/index.html")).toContain(">Limits of Brook<");
      expect(file("docs/v2/llms.txt")).toContain("Limits of Brook");
      const search = [...out.files].find(([p]) =>
        /^docs\/v2\/assets\/search\.[^/]+\.json$/.test(p),
      );
      expect(String(search?.[1])).toContain("Limits of Brook");
      const all = [...out.files.values()].filter((c) => typeof c === "string").join("\n");
      expect(all).not.toContain("{{ site.title }}");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops the build at the line of an unknown value", async () => {
    const dir = tempSite("basic", {
      "content/limits.md": LIMITS.replace("{{ site.apiBase }}", "{{ site.apiBsae }}"),
    });
    try {
      await expect(buildFixture("basic", dir)).rejects.toMatchObject({
        diagnostics: [
          expect.objectContaining({
            file: "content/limits.md",
            line: 3,
            rule: "unknown-site-value",
          }),
        ],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("follow a changed value into the next build, though the page's file did not change (the disk cache)", () => {
    const config = readFileSync(join(ROOT, "test/fixtures/basic/site.config.ts"), "utf8")
      .replace("export default", 'import { limits } from "./data/values.ts";\n\nexport default')
      .replace('title: "Brook",', 'title: "Brook",\n  values: { limits },');
    const dir = tempSite("basic", {
      "data/values.ts": 'export const limits = { httpPayload: "512KB" };\n',
      "site.config.ts": config,
      "content/limits.md": LIMITS.replace(
        "{{ site.apiBase }}",
        "{{ site.apiBase }} (bodies up to {{ site.limits.httpPayload }})",
      ),
    });
    try {
      const first = runCli(dir, "build");
      expect(first.code, first.stderr).toBe(0);
      writeFileSync(join(dir, "data/values.ts"), 'export const limits = { httpPayload: "1MB" };\n');
      const second = runCli(dir, "build");
      expect(second.code, second.stderr).toBe(0);
      // Only the page whose description reads the value is rendered again.
      expect(renderedCount(second.stderr)).toBe(1);
      expect(readFileSync(join(dir, "dist/docs/v2/limits/index.html"), "utf8")).toContain(
        "(bodies up to 1MB)",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
