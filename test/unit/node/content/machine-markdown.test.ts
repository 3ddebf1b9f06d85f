/**
 * Issue 38: the Markdown for machines carries a page's content with the page's own allow-list.
 * Each Markdown fixture's `output.md` (what `<page>.md` and llms-full.txt hold) is rendered as an
 * assistant or a Markdown renderer would, raw HTML on (CommonMark and GFM, then an HTML5 parser
 * as a browser reads the result): only the elements Markdown itself makes and the tags the page
 * keeps may come out, with no attribute that runs code and no URL but the allowed ones.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toString } from "hast-util-to-string";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { classifyUrl } from "../../../../src/shared/url-policy.ts";
import { KEPT_TAGS } from "../../../../src/node/content/markdown/raw-html.ts";
import { ROOT } from "../../../helpers/site.ts";

const CASES = join(ROOT, "test", "fixtures", "markdown");

/** What CommonMark and GFM make of Markdown, besides the raw HTML kept. */
const MARKDOWN_TAGS = new Set([
  ..."html head body p a em strong code pre ul ol li blockquote hr img br del input".split(" "),
  ..."h1 h2 h3 h4 h5 h6 table thead tbody tr th td section sup".split(" "),
]);
const ALLOWED = new Set([...MARKDOWN_TAGS, ...Object.keys(KEPT_TAGS)]);

/** The document a renderer with raw HTML on makes of `markdown`, parsed as a browser would. */
async function rendered(markdown: string): Promise<Root> {
  const html = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeStringify, { allowDangerousHtml: true })
    .process(markdown);
  return fromHtml(String(html));
}

function elements(node: Root | Element, out: Element[] = []): Element[] {
  for (const c of node.children) {
    if (c.type !== "element") continue;
    out.push(c);
    elements(c, out);
  }
  return out;
}

/** Why an element of the rendered document is one the page would not have made, or undefined. */
function problem(el: Element): string | undefined {
  if (!ALLOWED.has(el.tagName)) return `<${el.tagName}>`;
  for (const [name, value] of Object.entries(el.properties)) {
    if (/^on/i.test(name)) return `<${el.tagName} ${name}>`;
    if ((name === "href" || name === "src") && !classifyUrl(String(value)).ok)
      return `<${el.tagName} ${name}="${String(value)}">`;
  }
  return undefined;
}

describe("the Markdown for machines, read with raw HTML on", () => {
  for (const name of readdirSync(CASES).sort()) {
    const file = join(CASES, name, "output.md");
    if (!existsSync(file)) continue;
    it(`${name}: only Markdown's elements and the kept tags, nothing that runs`, async () => {
      const doc = await rendered(readFileSync(file, "utf8"));
      expect(elements(doc).map(problem).filter(Boolean)).toEqual([]);
    });
  }

  it("the stranger's disclosures hold their text as text", async () => {
    const md = readFileSync(join(CASES, "raw-html-hostile", "output.md"), "utf8");
    const doc = await rendered(md);
    // Text content: GFM still links the `https\://` the serialiser escapes (an allowed URL).
    const text = elements(doc)
      .filter((e) => e.tagName === "p")
      .map((p) => toString(p));
    expect(text).toContain("<img/src=x onerror=alert(5)> in plain text.");
    expect(text).toContain("A <img src=x onerror=alert(6)> written with entities.");
    expect(text).toContain(
      "[a link](javascript:alert(3)) and ![a pixel](https://evil.example/p.png)",
    );
  });
});
