import { describe, expect, it } from "vitest";
import {
  HighlightCache,
  highlightLines,
  MAX_HIGHLIGHTED_LINE,
} from "../../../../src/node/content/code/highlight.ts";

const spans = (html: string) => html.match(/<span/g)?.length ?? 0;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("highlighting", () => {
  it("shows a line past the length limit as plain text and still colours the others", async () => {
    // Nested brackets in one long argument: a grammar's time on such a line grows faster than its length.
    const long = `curl -d '{"name": ${"[".repeat(MAX_HIGHLIGHTED_LINE)}1${"]".repeat(MAX_HIGHLIGHTED_LINE)}}'`;
    const code = `echo "hello $USER"\n${long}\necho done`;
    const lines = await highlightLines(code, "bash", new HighlightCache());
    expect(lines.map(text)).toEqual(code.split("\n"));
    expect(spans(lines[0]!)).toBeGreaterThan(1);
    expect(spans(lines[1]!)).toBeLessThanOrEqual(1);
    expect(spans(lines[2]!)).toBeGreaterThan(1);
  });

  it("colours a line one short of the limit", async () => {
    const line = `echo "${"a".repeat(MAX_HIGHLIGHTED_LINE - 8)}"`;
    expect(line).toHaveLength(MAX_HIGHLIGHTED_LINE - 1);
    const [html] = await highlightLines(line, "bash", new HighlightCache());
    expect(spans(html!)).toBeGreaterThan(1);
  });
});
