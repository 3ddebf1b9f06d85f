import { describe, expect, it } from "vitest";
import { passageOf } from "../../../../src/node/mcp/search-passage.ts";
import type { Block } from "../../../../src/node/mcp/page-sections.ts";

/** Matches the words of the query, as the shared search's word test does (simplified). */
const test = (query: string) => (word: string) => [
  query.toLowerCase().split(" ").includes(word.toLowerCase()) ? 1 : 0,
];

describe("passageOf", () => {
  it("answers with the section's first paragraph as written, and the code block it introduces", () => {
    const blocks: Block[] = [
      { kind: "prose", text: "Keep the key in `BROOK_API_KEY` and send it:" },
      { kind: "code", text: '```bash\ncurl -H "Authorization: Bearer $BROOK_API_KEY"\n```' },
      { kind: "prose", text: "Later text." },
    ];
    expect(passageOf(blocks, test("key"))).toBe(
      'Keep the key in `BROOK_API_KEY` and send it:\n\n```bash\ncurl -H "Authorization: Bearer $BROOK_API_KEY"\n```',
    );
    // A code block that does not fit whole is left out, never cut.
    expect(passageOf(blocks, test("key"), 60)).toBe("Keep the key in `BROOK_API_KEY` and send it:");
  });

  it("gives a table's header and the rows that match, never its rule row", () => {
    const table =
      "| flag | meaning |\n|---|---|\n| `--org ORG_ID` | the org |\n| `--json` | JSON |";
    expect(passageOf([{ kind: "table", text: table }], test("org"))).toBe(
      "| flag | meaning |\n| `--org ORG_ID` | the org |",
    );
    expect(
      passageOf(
        [
          { kind: "prose", text: "Flags:" },
          { kind: "table", text: table },
        ],
        test("x"),
      ),
    ).toBe("Flags:\n\n| flag | meaning |\n| `--org ORG_ID` | the org |\n| `--json` | JSON |");
  });

  it("keeps the items of a list a blank line parts, and cuts a long paragraph at a sentence", () => {
    const items: Block[] = [
      { kind: "list", text: "1. Open settings." },
      { kind: "list", text: "2. Create a key." },
    ];
    expect(passageOf(items, test("key"))).toBe("1. Open settings.\n\n2. Create a key.");
    const long = `${"A sentence of words. ".repeat(60)}`.trim();
    const cut = passageOf([{ kind: "prose", text: long }], test("words"));
    expect(cut.length).toBeLessThanOrEqual(800);
    expect(cut).toMatch(/words\. …$/);
  });
});
