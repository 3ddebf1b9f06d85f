import { describe, expect, it } from "vitest";
import { blocksOf, splitPage } from "../../../../src/node/mcp/page-sections.ts";

const markdown = [
  "# Limits",
  "",
  "Every limit in one place.",
  "",
  "Read this first.",
  "",
  "## Payloads",
  "",
  "Bodies are bounded.",
  "",
  "### HTTP payload",
  "",
  "Up to `512KB`:",
  "",
  "```bash",
  "## not a heading",
  "",
  "curl -d @big.json",
  "```",
  "",
  "| limit | value |",
  "|---|---|",
  "| HTTP | 512KB |",
  "",
  "## Rates",
  "",
  "- one",
  "- two",
].join("\n");
const headers = [
  { level: 2 as const, title: "Payloads", slug: "payloads" },
  { level: 3 as const, title: "HTTP payload", slug: "http-payload" },
  { level: 2 as const, title: "Rates", slug: "rates" },
];

describe("splitPage", () => {
  it("cuts a page at its headings (not at a # inside code), each named by its header's anchor", () => {
    const { lines, sections } = splitPage(markdown, headers, "Limits");
    expect(sections.map((s) => [s.anchor, s.heading, s.level])).toEqual([
      ["", "Limits", 1],
      ["payloads", "Payloads", 2],
      ["http-payload", "HTTP payload", 3],
      ["rates", "Rates", 2],
    ]);
    const text = (from: number, to: number) => lines.slice(from, to).join("\n").trim();
    const [intro, payloads, http] = sections;
    // The intro is the body after the title and the description.
    expect(text(intro!.start, intro!.ownEnd)).toBe("Read this first.");
    expect(text(payloads!.start, payloads!.ownEnd)).toBe("## Payloads\n\nBodies are bounded.");
    // A section with its subsections ends at the next heading of its level.
    expect(text(payloads!.start, payloads!.end)).toContain("| HTTP | 512KB |");
    expect(text(http!.start, http!.end)).not.toContain("## Rates");
  });

  it("names sections by their text when the headers do not match the headings one for one", () => {
    const { sections } = splitPage(markdown, [{ level: 2, title: "Rates", slug: "r" }], "Limits");
    expect(sections.map((s) => s.anchor)).toEqual(["", "", "", "r"]);
  });
});

describe("blocksOf", () => {
  it("gives a section's blocks as written: prose, a code block whole, a table, a list", () => {
    const { lines, sections } = splitPage(markdown, headers, "Limits");
    const http = sections[2]!;
    expect(blocksOf(lines, http.start + 1, http.ownEnd)).toEqual([
      { kind: "prose", text: "Up to `512KB`:" },
      { kind: "code", text: "```bash\n## not a heading\n\ncurl -d @big.json\n```" },
      { kind: "table", text: "| limit | value |\n|---|---|\n| HTTP | 512KB |" },
    ]);
    const rates = sections[3]!;
    expect(blocksOf(lines, rates.start + 1, rates.ownEnd)).toEqual([
      { kind: "list", text: "- one\n- two" },
    ]);
  });
});
