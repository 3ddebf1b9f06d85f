/**
 * Pages just under the size limit that made the page pipeline fail or stall: a line of 130,000
 * removed tags (an internal error: too many warnings to hand on), an HTML block of 100,000 lines
 * and one of `<a x<a x…` (each ran past the page's 10 s budget). Builds run in-process, on the
 * build's workers, as the CLI builds.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSite, type BuildResult } from "../../src/node/build-site.ts";
import { formatDiagnostic, formatError } from "../../src/node/core/errors.ts";
import { MemoryWriter } from "../../src/node/write/memory-writer.ts";
import {
  MAX_BLOCK_QUOTES,
  MAX_FOLDER_DEPTH,
  MAX_PAGE_DIAGNOSTICS,
} from "../../src/node/content/limits.ts";
import { tempSite } from "../helpers/site.ts";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { KEPT_TAGS } from "../../src/node/content/markdown/raw-html.ts";

const PAGE = (body: string) =>
  `---\ntitle: Limits\ndescription: Every limit.\n---\n\n${body}\n## One\n\nText.\n`;

let dir: string;
beforeEach(() => {
  dir = tempSite("basic");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function build(body: string): Promise<BuildResult> {
  writeFileSync(join(dir, "content", "limits.md"), PAGE(body));
  try {
    return await buildSite({ cwd: dir, contentDir: "content", writer: new MemoryWriter() });
  } catch (e) {
    // The message, not a stack: what the CLI would have printed.
    throw new Error(formatError(e));
  }
}

const onPage = (r: BuildResult) => r.warnings.filter((w) => w.file === "content/limits.md");

describe("pages just under the size limit", () => {
  it("130,000 removed tags on one line: the first warnings and a count of the rest", async () => {
    const r = await build("Text " + "<b>".repeat(130_000));
    const mine = onPage(r);
    expect(mine).toHaveLength(MAX_PAGE_DIAGNOSTICS + 1);
    expect(formatDiagnostic(mine[0]!)).toMatch(
      /^content\/limits\.md:6:6: HTML tag <b> is removed: .* \[raw-html\]/,
    );
    expect(formatDiagnostic(mine.at(-1)!)).toBe(
      `content/limits.md: ${130_000 - MAX_PAGE_DIAGNOSTICS} more warnings on this page are not shown (a page reports at most ${MAX_PAGE_DIAGNOSTICS}) [too-many-problems]\n` +
        "  hint: fix the ones above and build again",
    );
  });

  it("an HTML block of 100,000 lines: each removed tag at its own line", async () => {
    const r = await build("<details>\n" + "<b>\n".repeat(100_000) + "</details>\n");
    const mine = onPage(r);
    expect(mine).toHaveLength(MAX_PAGE_DIAGNOSTICS + 1);
    expect(mine.slice(0, 3).map((d) => [d.line, d.column])).toEqual([
      [7, 1],
      [8, 1],
      [9, 1],
    ]);
    expect(mine[MAX_PAGE_DIAGNOSTICS - 1]).toMatchObject({
      line: 6 + MAX_PAGE_DIAGNOSTICS,
      column: 1,
    });
  });

  it("8,000 block quotes are an error at the first one too many, before micromark reads them", async () => {
    await expect(build("> Quoted.\n\n".repeat(8_000))).rejects.toThrow(
      `content/limits.md:${6 + 2 * MAX_BLOCK_QUOTES}:1: more than ${MAX_BLOCK_QUOTES} block quotes and footnotes on one page: Markdown would take too long to read them [too-many-quotes]`,
    );
  });

  it("7,000 [[toc]] under as many headings: the second is an error, and no table is copied 7,000 times", async () => {
    await expect(build("[[toc]]\n\n## Part\n\n".repeat(7_000))).rejects.toThrow(
      "content/limits.md:10:1: a second [[toc]]: a page has one table of contents [toc]\n" +
        "  hint: keep one [[toc]]; the outline beside the page lists the headings too",
    );
  });

  it("an HTML block of `<a x<a x…` that never closes a tag is text", async () => {
    const r = await build("<details>\n" + "<a x".repeat(120_000) + "\n</details>\n");
    expect(onPage(r)).toEqual([]);
    expect(r.pages).toBe(5);
  });
});

// A path holds about 2,000 levels; at 1,900 the sidebar overflowed the stack and the next build
// could not remove the output (node's own rmSync overflows too, so these tests stop at 100).
describe("folders nested deeper than the limit", () => {
  /** `levels` folders named `a` under `top`, with one file at the bottom; the folder's path. */
  function nest(top: string, levels: number, file: string, text: string): string {
    const rel = "a/".repeat(levels);
    mkdirSync(join(dir, top, rel), { recursive: true });
    writeFileSync(join(dir, top, rel, file), text);
    return `${top}/${rel.slice(0, -1)}`;
  }
  const tooDeep = (top: string) =>
    `${top}/${"a/".repeat(MAX_FOLDER_DEPTH)}a: a folder ${MAX_FOLDER_DEPTH + 1} levels deep: folders nest at most ${MAX_FOLDER_DEPTH} levels, so it is not read [folder-depth]\n` +
    "  hint: move its files into a folder nearer the top";

  it("100 folders under content/ are an error at the first one too deep", async () => {
    nest("content", 100, "page.md", PAGE("Deep."));
    await expect(build("Text.")).rejects.toThrow(tooDeep("content"));
  });

  it("100 folders under public/ are the same error", async () => {
    nest("public", 100, "x.txt", "x");
    await expect(build("Text.")).rejects.toThrow(tooDeep("public"));
  });

  it(`a page ${MAX_FOLDER_DEPTH} folders deep builds, with a group a folder in the sidebar`, async () => {
    const folder = nest("content", MAX_FOLDER_DEPTH, "page.md", PAGE("Deep."));
    const r = await build("Text.");
    expect(r.pages).toBe(6);
    expect(r.plan.pages.map((p) => p.regularPath)).toContain(
      `${folder.slice("content".length)}/page/`,
    );
  });
});

// Issue 38: what the page removed or showed as text, its Markdown for machines must not bring
// back as markup. Assistants and Markdown renderers read `<page>.md`, llms.txt and llms-full.txt
// with raw HTML on: each is rendered so (CommonMark and GFM, then an HTML5 parser, as a browser).
describe("the Markdown for machines of a stranger's page", () => {
  const HOSTILE = [
    "<details>",
    '<img/src="x"/onerror=alert(1)>',
    "<svg/onload=alert(1)>",
    '<a/href="javascript:alert(1)">x</a>',
    "<script/src=//evil.example/x.js></script>",
    "</details>",
    "",
    '<details><summary>S</summary><img/src="x"/onerror=alert(2)> <svg/onload=alert(2)></details>',
    "",
    "Text <!-- --><img src=x onerror=alert(3)><!-- --> more, and <img/src=x onerror=alert(4)>.",
    "",
    "<div>[a link](javascript:alert(5))</div>",
    "",
  ].join("\n");

  /** The elements a renderer with raw HTML on makes of `markdown`, as a browser parses them. */
  async function renderedElements(markdown: string): Promise<Element[]> {
    const html = await unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeStringify, { allowDangerousHtml: true })
      .process(markdown);
    const out: Element[] = [];
    const walk = (n: Root | Element) => {
      for (const c of n.children)
        if (c.type === "element") {
          out.push(c);
          walk(c);
        }
    };
    walk(fromHtml(String(html)));
    return out;
  }

  const MARKDOWN_TAGS = [
    ..."html head body p a em strong code pre ul ol li blockquote hr br del".split(" "),
    ..."h1 h2 h3 h4 h5 h6 table thead tbody tr th td".split(" "),
  ];
  const allowed = new Set([...MARKDOWN_TAGS, ...Object.keys(KEPT_TAGS)]);
  const problems = (els: Element[]) =>
    els
      .filter(
        (e) =>
          !allowed.has(e.tagName) ||
          Object.keys(e.properties).some((k) => /^on/i.test(k)) ||
          /^\s*javascript:/i.test(String(e.properties.href ?? "")),
      )
      .map((e) => `<${e.tagName} ${Object.keys(e.properties).join(" ")}>`);

  async function buildHostile(): Promise<{ r: BuildResult; out: MemoryWriter }> {
    writeFileSync(
      join(dir, "content", "limits.md"),
      `---\ntitle: "Limits <img src=x onerror=alert(6)>"\ndescription: "Every [limit](javascript:alert(7)) &lt;b&gt;"\n---\n\n${HOSTILE}`,
    );
    const out = new MemoryWriter();
    return { r: await buildSite({ cwd: dir, contentDir: "content", writer: out }), out };
  }

  it("the page removes each tag with a warning at its line (a / separates attributes)", async () => {
    const { r } = await buildHostile();
    const lines = onPage(r).map((w) => [w.line!, w.rule] as const);
    expect(lines.sort((a, b) => a[0] - b[0]).map(([l, rule]) => `${l}:${rule}`)).toEqual([
      "7:raw-html",
      "8:raw-html",
      "9:raw-html",
      "10:raw-html",
      "13:raw-html",
      "13:raw-html",
      "15:raw-html",
      "17:raw-html",
    ]);
  });

  it("keeps the page's allow-list in <page>.md, llms.txt and llms-full.txt", async () => {
    const { out } = await buildHostile();
    for (const file of ["docs/v2/limits.md", "docs/v2/llms.txt", "docs/v2/llms-full.txt"])
      expect(problems(await renderedElements(out.text(file))), file).toEqual([]);
    expect(out.text("docs/v2/llms.txt")).toContain(
      "[Limits \\<img src=x onerror=alert(6)>](https://brook.example/docs/v2/limits.md): Every \\[limit\\](javascript:alert(7)) \\&lt;b\\&gt;",
    );
  });
});
