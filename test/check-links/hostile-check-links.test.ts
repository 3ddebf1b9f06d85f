/**
 * check-links reads every HTML file of the built site, public/'s among them: text from strangers.
 * Its scanner must take time in proportion to a file's length whatever the file holds (no test
 * here times anything: each input is large enough that the square of its length runs past the
 * test's timeout).
 */
import { describe, expect, it } from "vitest";
import { scanHtml } from "../../src/check-links/scan-html.ts";

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
});
