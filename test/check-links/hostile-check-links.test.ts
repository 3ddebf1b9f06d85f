/**
 * check-links reads every HTML file of the built site, public/'s among them: text from strangers.
 * Its scanner must take time in proportion to a file's length whatever the file holds (no test
 * here times anything: each input is large enough that the square of its length runs past the
 * test's timeout).
 */
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LinkSources } from "../../src/node/check-links/link-sources.ts";
import { writeLinkMap } from "../../src/node/write/output-target.ts";
import { scanHtml } from "../../src/node/check-links/scan-html.ts";
import { lineColumn } from "../../src/shared/text-lines.ts";
import { Reporter } from "../../src/node/check-links/reporter.ts";

const SIZE = 4 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length));

describe("scanHtml on hostile HTML", () => {
  it.each([
    ["tags left open", "<a "],
    ["attributes of tags left open", "<a b=c "],
    ["scripts whose tag is left open", "<script "],
    ["comments left open", "<!--"],
    ["scripts left open", "<script>"],
  ])("reads four megabytes of %s", (_, unit) => {
    const html = `<a href="/docs/v2/first/">first</a>${fill(unit)}<a href="/docs/v2/last/">last</a>`;
    const urls = scanHtml(html).urls.map((u) => u.value);
    expect(urls[0]).toBe("/docs/v2/first/");
  });

  it("finds a link after a tag left open, and none inside a comment left open (as a browser reads them)", () => {
    const html = '<p <a href="/docs/v2/a/">a</a> <!-- <a href="/docs/v2/b/">b</a>';
    const scan = scanHtml(html);
    expect(scan.urls.map((u) => u.value)).toEqual(["/docs/v2/a/"]);
    expect(scan.urls[0]!.offset).toBe(html.indexOf("/docs/v2/a/"));
  });

  it("still reads a closed script's boot data and the tags after it", () => {
    const html =
      '<script type="application/json" id="brook-boot">{"siteFile":"/docs/v2/assets/site.json"}</script><a id="x" href="/docs/v2/">home</a>';
    const scan = scanHtml(html);
    expect(scan.urls.map((u) => u.value)).toEqual(["/docs/v2/assets/site.json", "/docs/v2/"]);
    expect([...scan.ids]).toEqual(["brook-boot", "x"]);
  });

  it("reads a script whose quoted attribute holds a `<` as a script: its text is not markup", () => {
    const html = `<script data-x="a<b">var s = "<a href='/nope/'>";</script><a href="/docs/v2/">home</a>`;
    expect(scanHtml(html).urls.map((u) => u.value)).toEqual(["/docs/v2/"]);
  });
});

describe("placing many broken links", () => {
  it("places a link on each of 300,000 lines of one file", () => {
    const text = '<a href="/nope/">x</a>\n'.repeat(300_000);
    let last = { line: 0, column: 0 };
    for (let at = text.indexOf("/nope/"); at >= 0; at = text.indexOf("/nope/", at + 1))
      last = lineColumn(text, at);
    expect(last).toEqual({ line: 300_000, column: 10 });
    expect(lineColumn("a\nb", 1)).toEqual({ line: 1, column: 2 });
    expect(lineColumn("a\nb", 2)).toEqual({ line: 2, column: 1 });
  });

  it("reports 300,000 problems of Markdown pages, each asked first whether it was reported", () => {
    const reporter = new Reporter();
    for (let line = 1; line <= 300_000; line++) {
      const place = { file: "content/many.md", line, column: 1, source: true };
      if (!reporter.has(place, "broken-link")) reporter.add(place, "broken-link", "no page");
    }
    const again = { file: "content/many.md", line: 7, column: 1, source: true };
    expect(reporter.has(again, "broken-link")).toBe(true);
    expect(reporter.has(again, "broken-anchor")).toBe(false);
    expect(reporter.problems()).toHaveLength(300_000);
  });
});

describe("placing broken links of one page in its Markdown", () => {
  const dir = mkdtempSync(join(tmpdir(), "brook-link-map-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("places each of 20,000 links of one page, written twice each, at its own line", () => {
    const links = Array.from({ length: 20_000 }, (_, i) => ({
      url: `/limits/#nope-${i % 10_000}`,
      line: i + 1,
      column: 3,
      kind: "link" as const,
      scope: "site" as const,
    }));
    const pages = { "/many/": { file: "content/many.md", links } };
    writeLinkMap(join(dir, "dist"), {
      version: 1,
      base: "/docs/v2/",
      siteUrl: "https://brook.example",
      pages,
      redirects: {},
    });
    const sources = LinkSources.load(join(dir, "dist"))!;
    const pageUrl = "https://brook.example/docs/v2/many/";
    for (let i = 0; i < 20_000; i++) {
      const href = `/docs/v2/limits/#nope-${i % 10_000}`;
      expect(sources.linkPlace("/many/", href)?.line).toBe(i + 1);
      expect(
        sources.markdownLinkPlace("/many/", `https://brook.example${href}`, pageUrl)?.line,
      ).toBe(i + 1);
    }
    // More problems than links of that form: the last one.
    expect(sources.linkPlace("/many/", "/docs/v2/limits/#nope-0")?.line).toBe(10_001);
    expect(sources.linkPlace("/many/", "/docs/v2/limits/#none")).toBeUndefined();
  });
});
