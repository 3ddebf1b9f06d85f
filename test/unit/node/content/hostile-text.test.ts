/**
 * Text from strangers that made one of our own regular expressions backtrack: a run of spaces
 * that a pattern could split two ways took time squared in its length (a 200 KB page ran past its
 * 10 s budget; an OpenAPI description did the same on the main thread). Each case feeds a run far
 * longer than a quadratic pass gets through in vitest's timeout, and checks the result as well.
 */
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../../src/node/content/markdown/markdown.ts";
import { replaceSiteValues } from "../../../../src/node/content/site-values.ts";
import { applyNotations, MARK } from "../../../../src/node/content/code/code-notation.ts";
import { commandMarkdown } from "../../../../src/node/content/markdown/cli-command.ts";
import { operationNodes } from "../../../../src/node/content/markdown/api-operation.ts";
import { toString } from "mdast-util-to-string";
import type { ApiOperation } from "../../../../src/shared/openapi/operations.ts";
import { checkMarkerRuns } from "../../../../src/node/content/markdown/markdown-guard.ts";
import { MAX_BLOCK_QUOTES, MAX_LINE_NESTING } from "../../../../src/node/content/limits.ts";

/** 500,000 spaces (a page is at most 512 KB): milliseconds for a linear pass, minutes for a quadratic one. */
const SPACES = " ".repeat(500_000);

const render = (md: string) =>
  renderMarkdown(md, { file: "content/x.md", base: "/docs/v2/", lineOffset: 0 });

describe("runs of spaces", () => {
  it("site values: an unclosed {{ site.… followed by spaces is text, and a closed one still reads", () => {
    const values = { "limits.memory": "256MB" };
    const open = replaceSiteValues(`Up to {{ site.a${SPACES}x`, values, "content/x.md", 0);
    expect(open.body).toBe(`Up to {{ site.a${SPACES}x`);
    expect(open.diagnostics).toEqual([]);
    const closed = replaceSiteValues(
      `Up to {{ site.limits.memory${SPACES}}} and {{ site.limits.memory \n }}.`,
      values,
      "content/x.md",
      0,
    );
    expect(closed.body).toBe("Up to 256MB and 256MB.");
    expect(closed.used).toEqual(["limits.memory"]);
  });

  it("a site value name with spaces inside is still reported at its line and column", () => {
    const r = replaceSiteValues(`x\n  {{ site.a${SPACES}b }}`, {}, "content/x.md", 4);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ line: 6, column: 3, rule: "unknown-site-value" });
    expect(r.diagnostics[0]!.message).toContain(`'a${SPACES}b' is not a site value name`);
  });

  it("headings: spaces in a heading without an id, and before an id", async () => {
    const plain = await render(`## Limits${SPACES}apply\n`);
    expect(plain.diagnostics).toEqual([]);
    // One '-' a space, as GitHub makes it: compared whole, without printing 500,000 of them.
    expect(plain.headers[0]!.slug === `limits${"-".repeat(SPACES.length)}apply`).toBe(true);
    const named = await render(`## Limits${SPACES}{#the-limits}\n`);
    expect(named.diagnostics).toEqual([]);
    expect(named.headers[0]).toMatchObject({ title: "Limits", slug: "the-limits" });
  });

  it("code notations: spaces after a notation that does not end its line, and after one that does", () => {
    const code = `let a = 1; // [!code focus]${SPACES}x\nlet b = 2; // [!code focus]${SPACES}`;
    const { code: out, marks } = applyNotations(code, "javascript");
    expect(out).toBe(`let a = 1; // [!code focus]${SPACES}x\nlet b = 2;`);
    expect(marks[0]).toBe(0);
    expect(marks[1]).not.toBe(0);
  });

  it("a code block whose notation lines end in spaces and text keeps its lines", async () => {
    const md = `\`\`\`js\n// [!code focus]\n// [!code focus]${SPACES}x\nconst a = 1;\n\`\`\`\n`;
    const r = await render(md);
    expect(r.diagnostics.filter((d) => d.rule !== "code-info")).toEqual([]);
    expect(r.samples).toHaveLength(1);
    expect(r.samples[0]!.code.split("\n")).toHaveLength(3);
  });

  it("CLI and API reference tables: a description with a run of spaces and no line break", () => {
    const when = `the run failed${SPACES}badly\n   and stopped`;
    const cli = { name: "brook", globalFlags: [], commands: [], exitCodes: [] };
    const md = commandMarkdown(cli, { name: "run", exits: [{ code: 1, when }] });
    expect(md).toContain(`| \`1\` | the run failed${SPACES}badly and stopped |`);
    const op: ApiOperation = {
      id: "getOrg",
      method: "GET",
      path: "/orgs/{org_id}",
      summary: "Get an org",
      description: "An org.",
      tags: [],
      parameters: [
        {
          name: "org_id",
          in: "path",
          required: true,
          description: when,
          schema: { type: "string" },
        },
      ],
      responses: [],
      auth: { schemes: ["apiKey"], scopes: [] },
      exampleQuery: {},
    };
    const text = toString({
      type: "root",
      children: operationNodes(op, "https://api.brook.example/v1"),
    } as never);
    expect(text).toContain(`the run failed${SPACES}badly`);
    expect(text).toContain("and stopped");
  });
});

// micromark's own time: 8,000 block quotes each ended by a blank line took 9 s, 1,400 nested
// `:::tip` 5 s. The guard reads the page first, in one pass.
describe("what micromark reads slowly, refused before it reads it", () => {
  it(`more than ${MAX_BLOCK_QUOTES} block quotes: an error at the first one too many`, () => {
    const quotes = (n: number) => "> [!NOTE]\n> Text.\n\n".repeat(n);
    expect(checkMarkerRuns(quotes(MAX_BLOCK_QUOTES), "content/x.md", 4)).toEqual([]);
    expect(checkMarkerRuns(quotes(8_000), "content/x.md", 4)).toEqual([
      {
        file: "content/x.md",
        line: 5 + 3 * MAX_BLOCK_QUOTES,
        column: 1,
        rule: "too-many-quotes",
        message: `more than ${MAX_BLOCK_QUOTES} block quotes and footnotes on one page: Markdown would take too long to read them`,
        hint: "split the page, or join quotes that follow each other into one",
      },
    ]);
    // Footnotes count too: each is a container that a blank line ends, as a quote is.
    const notes = "Text[^1].\n\n" + "[^1]: A note.\n\n".repeat(MAX_BLOCK_QUOTES + 1);
    expect(checkMarkerRuns(notes, "content/x.md", 0)).toMatchObject([
      { line: 3 + 2 * MAX_BLOCK_QUOTES, rule: "too-many-quotes" },
    ]);
    // A quote after a heading or a rule starts a new one as surely as after a blank line.
    for (const between of ["# h\n", "***\n", "text\n"])
      expect(checkMarkerRuns(`> q\n${between}`.repeat(8_000), "content/x.md", 0)).toMatchObject([
        { line: 1 + 2 * MAX_BLOCK_QUOTES, rule: "too-many-quotes" },
      ]);
    // One quote of many lines is one quote, and `>` in a code block is code.
    expect(checkMarkerRuns("> a\n".repeat(5_000), "content/x.md", 0)).toEqual([]);
    expect(checkMarkerRuns("```\n" + "> a\n\n".repeat(5_000) + "```\n", "content/x.md", 0)).toEqual(
      [],
    );
  });

  it(`containers open more than ${MAX_LINE_NESTING} deep: an error at the line that opens one too many`, () => {
    // A name may start with a capital (remark-directive reads any letter).
    expect(checkMarkerRuns(":::Tip\n".repeat(1_400), "content/x.md", 4)).toMatchObject([
      { line: 5 + MAX_LINE_NESTING, rule: "nesting-depth" },
    ]);
    const r = checkMarkerRuns(":::tip\n".repeat(1_400) + "x\n", "content/x.md", 4);
    expect(r).toEqual([
      {
        file: "content/x.md",
        line: 5 + MAX_LINE_NESTING,
        column: 1,
        rule: "nesting-depth",
        message: `this container opens inside ${MAX_LINE_NESTING} others that are still open`,
        hint: "close each container with a line ::: before the next one opens, or flatten the structure",
      },
    ]);
  });

  it("containers that close, and an outer one with more colons around inner ones, are fine", () => {
    const closed = ":::tip\nx\n:::\n\n".repeat(2_000);
    expect(checkMarkerRuns(closed, "content/x.md", 0)).toEqual([]);
    const nested = "::::details\n" + ":::tip\nx\n:::\n".repeat(2_000) + "::::\n";
    expect(checkMarkerRuns(nested.repeat(3), "content/x.md", 0)).toEqual([]);
    // A closing line closes the outermost container it is long enough for, and those inside it.
    const deep = (":::::::tip\n" + ":::tip\n".repeat(MAX_LINE_NESTING - 1) + ":::::::\n").repeat(3);
    expect(checkMarkerRuns(deep, "content/x.md", 0)).toEqual([]);
  });
});

describe("code notations that cover the lines below", () => {
  it("120,000 lines that each cover the next 999,999: every line marked, in time linear in the lines", () => {
    const code = "x = 1; // [!code focus:999999]\n".repeat(120_000) + "y = 2;";
    const { marks } = applyNotations(code, "javascript");
    expect(marks).toHaveLength(120_001);
    expect(marks.every((m) => m === MARK.focus)).toBe(true);
  });

  it("a count covers its line and the ones after it, and the longest of a kind wins", () => {
    const code = [
      "// [!code highlight:2]",
      "a = 1; // [!code focus:3]",
      "b = 2; // [!code focus]",
      "c = 3;",
      "d = 4;",
    ].join("\n");
    const { code: out, marks } = applyNotations(code, "javascript");
    expect(out).toBe("a = 1;\nb = 2;\nc = 3;\nd = 4;");
    expect(marks).toEqual([
      MARK.highlight | MARK.focus,
      MARK.highlight | MARK.focus,
      MARK.focus,
      0,
    ]);
  });
});
