import { describe, expect, it } from "vitest";
import { parseBody } from "../../../../src/node/content/parse-page.ts";
import { pageMarkdown } from "../../../../src/node/content/markdown/page-markdown.ts";

const SITE = "https://brook.example";

/** The body of a page at `route` as Markdown for machines. */
async function md(
  body: string,
  route = "/workflows/steps/",
  values: Record<string, string> = {},
): Promise<string> {
  const source = {
    file: "content/p.md",
    relativePath: "p.md",
    route,
    frontmatter: {},
    body,
    bodyLine: 1,
  } as never;
  const r = await parseBody(source, { base: "/docs/v2/", siteValues: values, siteUrl: SITE });
  expect(r.errors).toEqual([]);
  return r.markdown!;
}

describe("page Markdown for machines", () => {
  it("writes a note container as a quote opening with its bold title, and details with their summary", async () => {
    expect(
      await md(
        ":::tip\nUse **retries**.\n:::\n\n::: warning Mind the quota\nIt runs out.\n:::\n\n::: details More\nHidden text.\n:::\n",
      ),
    ).toBe(
      "> **Tip**\n>\n> Use **retries**.\n\n> **Mind the quota**\n>\n> It runs out.\n\n> **More**\n>\n> Hidden text.\n",
    );
  });

  it("writes a code group as each fence under its bold label, meta stripped", async () => {
    const out = await md(
      "::: code-group\n```js [Node.js]\nconsole.log(1)\n```\n\n```py [Python]\nprint(1)\n```\n:::\n",
    );
    expect(out).toBe(
      "**Node.js**\n\n```js\nconsole.log(1)\n```\n\n**Python**\n\n```py\nprint(1)\n```\n",
    );
  });

  it("strips fence meta and notation comments, and leaves out the lines marked removed", async () => {
    const out = await md(
      "```js [step.js]{1,3} :line-numbers\nconst a = 1; // [!code ++]\nconst b = 2; // [!code --]\nconst c = 3; // [!code highlight]\n// [!code focus]\nrun(a, c)\n```\n",
    );
    expect(out).toBe("**step.js**\n\n```js\nconst a = 1;\nconst c = 3;\nrun(a, c)\n```\n");
    expect(await md("```sql\nSELECT 1 -- [!code --]\nSELECT 2\n```\n")).toBe(
      "```sql\nSELECT 2\n```\n",
    );
  });

  it("keeps a shown notation ([\\!code]) as the code says it", async () => {
    expect(await md("```js\nx(); // [\\!code ++]\n```\n")).toBe("```js\nx(); // [!code ++]\n```\n");
  });

  it("resolves site values, in prose and in code", async () => {
    const out = await md(
      "Up to {{ site.limits.payload }}.\n\n```text\nmax {{ site.limits.payload }}\n```\n",
      "/limits/",
      { "limits.payload": "512KB" },
    );
    expect(out).toBe("Up to 512KB.\n\n```text\nmax 512KB\n```\n");
  });

  it("makes links and images absolute: site links, relative links, anchors; other schemes stay", async () => {
    const out = await md(
      "[Limits](/limits/#memory), [next](../triggers/), [here](#retries), [mail](mailto:a@b.example), [ext](https://x.example/a), ![Diagram](./flow.png)\n\n[ref]: /api/rest/\n\nSee [the API][ref].\n",
    );
    expect(out).toContain("[Limits](https://brook.example/docs/v2/limits/#memory)");
    expect(out).toContain("[next](https://brook.example/docs/v2/workflows/triggers/)");
    expect(out).toContain("[here](https://brook.example/docs/v2/workflows/steps/#retries)");
    expect(out).toContain("[mail](mailto:a@b.example)");
    expect(out).toContain("[ext](https://x.example/a)");
    expect(out).toContain("![Diagram](https://brook.example/docs/v2/workflows/steps/flow.png)");
    expect(out).toContain("[ref]: https://brook.example/docs/v2/api/rest/");
  });

  it("writes badges as plain words, spaced in headings", async () => {
    expect(
      await md("## Replay :badge[New]{type=tip}\n\nNow :badge[Beta]{type=warning} for all.\n"),
    ).toBe("## Replay New\n\nNow Beta for all.\n");
    expect(await md("Calls :badge[Beta]{type=warning}. (:badge[New])\n")).toBe(
      "Calls Beta. (New)\n",
    );
  });

  it("leaves raw HTML out and keeps GFM tables", async () => {
    const out = await md("<div>x</div>\n\n| a | b |\n| - | - |\n| 1 | 2 |\n");
    expect(out).not.toContain("<div>");
    expect(out).toContain("| a | b |");
  });

  it("writes the raw HTML the page keeps, as GitHub renders it, and leaves the rest out", async () => {
    const out = await md(
      'Press <kbd>Ctrl</kbd>, H<sub>2</sub>O, <span style="x">s</span>, <kbd onclick="x()">K</kbd>.\n\n<details>\n<summary>More</summary>\n\nText.\n\n</details>\n',
    );
    expect(out).toBe(
      "Press <kbd>Ctrl</kbd>, H<sub>2</sub>O, s, <kbd>K</kbd>.\n\n<details>\n<summary>More</summary>\n\nText.\n\n</details>\n",
    );
    expect(await md("A\n\n<script>steal()</script>\n\nB\n")).not.toContain("steal");
  });

  it("is not made without a site URL (no cost for parses that do not need it)", async () => {
    const source = {
      file: "content/p.md",
      relativePath: "p.md",
      route: "/p/",
      frontmatter: {},
      body: "Text",
      bodyLine: 1,
    } as never;
    expect(
      (await parseBody(source, { base: "/docs/v2/", siteValues: {} })).markdown,
    ).toBeUndefined();
  });

  it("heads the page with its title as # and its description, escaped", () => {
    expect(pageMarkdown("Steps *and* triggers", "How steps run.", "## One\n")).toBe(
      "# Steps \\*and\\* triggers\n\nHow steps run.\n\n## One\n",
    );
    expect(pageMarkdown("Home", "", "")).toBe("# Home\n");
  });
});

describe("the plain-text fast path", () => {
  it("writes any text exactly as mdast-util-to-markdown's escaper would", async () => {
    const { toMarkdown } = await import("mdast-util-to-markdown");
    const { gfmToMarkdown } = await import("mdast-util-gfm");
    const { bodyMarkdown } = await import("../../../../src/node/content/markdown/page-markdown.ts");
    const alphabet = [
      "a",
      "W",
      "w",
      "1",
      " ",
      ".",
      ":",
      "/",
      "-",
      "+",
      "=",
      "(",
      ")",
      "[",
      "]",
      "!",
      "#",
      "*",
      "_",
      "`",
      "~",
      "|",
      "<",
      ">",
      "&",
      "@",
      "'",
      '"',
      "é",
      "\\",
      "p",
      "s",
    ];
    let seed = 13;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) {
      const value = Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
      // Alone, in a heading, after a reference and in a table cell: every context with its own rules;
      // before code, emphasis, a link, a hard break and a text: what follows the value counts too.
      const before = (next: object) => ({
        type: "paragraph",
        children: [{ type: "text", value }, next, { type: "text", value: "z" }],
      });
      const children = [
        before({ type: "inlineCode", value: "c" }),
        before({ type: "emphasis", children: [{ type: "text", value: "e" }] }),
        before({ type: "strong", children: [{ type: "text", value: "s" }] }),
        before({
          type: "link",
          url: "https://brook.example/limits/",
          children: [{ type: "text", value: "l" }],
        }),
        before({ type: "break" }),
        before({ type: "text", value: "\nnext line" }),
        before({ type: "text", value: "/path" }),
        { type: "paragraph", children: [{ type: "text", value }] },
        { type: "heading", depth: 2, children: [{ type: "text", value }] },
        {
          type: "paragraph",
          children: [
            {
              type: "linkReference",
              identifier: "x",
              label: "x",
              referenceType: "shortcut",
              children: [{ type: "text", value: "x" }],
            },
            { type: "text", value },
          ],
        },
        {
          type: "table",
          children: [
            {
              type: "tableRow",
              children: [{ type: "tableCell", children: [{ type: "text", value }] }],
            },
          ],
        },
      ];
      const tree = { type: "root", children } as never;
      expect(bodyMarkdown(tree, "https://brook.example/docs/v2/x/"), JSON.stringify(value)).toBe(
        toMarkdown(tree, {
          bullet: "-",
          emphasis: "_",
          rule: "-",
          fences: true,
          listItemIndent: "one",
          extensions: [gfmToMarkdown()],
        }),
      );
    }
  });
});

describe("blocks with nothing to change", () => {
  it("are copied as written; the rest goes through the serialiser", async () => {
    const out = await md(
      "Some *prose* with `code`.\n\n* one\n* two\n\n- three\n\n```js\nrun()\n```\n\nSee [x](/limits/).\n",
    );
    expect(out).toBe(
      "Some *prose* with `code`.\n\n- one\n- two\n\n* three\n\n```js\nrun()\n```\n\nSee [x](https://brook.example/docs/v2/limits/).\n",
    );
  });

  it("mean the same as the serialiser's output on every Markdown fixture", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { unified } = await import("unified");
    const { default: remarkParse } = await import("remark-parse");
    const { default: remarkGfm } = await import("remark-gfm");
    const { default: remarkDirective } = await import("remark-directive");
    const { fromMarkdown } = await import("mdast-util-from-markdown");
    const { gfmFromMarkdown } = await import("mdast-util-gfm");
    const { gfm } = await import("micromark-extension-gfm");
    const { walkMdast } = await import("../../../../src/node/content/markdown/mdast-pass.ts");
    const { normalizeContainerSyntax } =
      await import("../../../../src/node/content/markdown/containers.ts");
    const { renderContext } = await import("../../../../src/node/content/markdown/markdown.ts");
    const { bodyMarkdown } = await import("../../../../src/node/content/markdown/page-markdown.ts");
    const chain = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
    const shape = (text: string) =>
      JSON.stringify(
        fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }),
        (k, v) => (k === "position" ? undefined : v),
      );
    const dir = join(import.meta.dirname, "../../../fixtures/markdown");
    const cases = readdirSync(dir);
    expect(cases.length).toBeGreaterThan(5);
    for (const name of cases) {
      const source = normalizeContainerSyntax(
        readFileSync(join(dir, name, "input.md"), "utf8").replace(/^---[\s\S]*?---\n/, ""),
      );
      const tree = chain.runSync(chain.parse(source)) as never;
      walkMdast(tree, renderContext({ file: "x", base: "/docs/v2/", lineOffset: 0 }), source);
      const url = "https://brook.example/docs/v2/x/";
      expect(shape(bodyMarkdown(tree, url, source)), name).toBe(shape(bodyMarkdown(tree, url)));
    }
  });
});
