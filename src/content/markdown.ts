/** Markdown → HTML with unified: the chain, readable top to bottom (STYLE.md, Look at 7). */
import { unified, type Processor } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import remarkDirective from "remark-directive";
import remarkRehype from "remark-rehype";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import type { Root as MdRoot, Heading, Link, Image, Definition } from "mdast";
import type { Root as HastRoot, Element, ElementContent } from "hast";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { toString as hastToString } from "hast-util-to-string";
import type { Diagnostic } from "../errors.ts";
import type { Header } from "../shared/types.ts";
import { normalizeContainerSyntax, remarkContainers } from "./containers.ts";
import { highlightCode, resolveLanguage, type CodeStyles } from "./highlight.ts";
import { MAX_MARKDOWN_DEPTH } from "./limits.ts";
import { classifyUrl } from "../shared/url-policy.ts";

/** A link or asset reference to a page of this site, where it stands in its source file. */
export interface LinkRef {
  /** The target as written, e.g. `/workflows/steps/triggers/#schedule`. */
  url: string;
  line: number;
  column: number;
  kind: "link" | "image";
}

/** A section of a page for the search index: the text under one heading. */
export interface Section {
  slug: string;
  heading: string;
  text: string;
}

/** Everything the Markdown of one page yields. */
export interface MarkdownResult {
  html: string;
  headers: Header[];
  links: LinkRef[];
  sections: Section[];
  ids: string[];
  codeStyles: CodeStyles;
  diagnostics: Diagnostic[];
}

/** Per-page state of the Markdown chain. */
export interface RenderContext {
  file: string;
  base: string;
  lineOffset: number;
  diagnostics: Diagnostic[];
  links: LinkRef[];
  headers: Header[];
  sections: Section[];
  ids: string[];
  codeStyles: CodeStyles;
}

const LANG_NAME_RE = /^[\w+#.-]{1,32}$/;

/** Section text kept for search: no more than the search index reads (INDEXED_TEXT_CHARS), so large sites stay small in memory. */
const SECTION_TEXT_LIMIT = 480;

let processor: Processor | undefined;

/** The unified chain, built once per thread; per-page state travels in `file.data.ctx`. */
function getProcessor(): Processor {
  processor ??= unified()
    .use(remarkParse)
    .use(remarkDepthLimit)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkContainers)
    .use(remarkBrook)
    .use(remarkRehype)
    .use(rehypeSlug)
    .use(rehypeBrook)
    .use(rehypeStringify)
    .freeze() as unknown as Processor;
  return processor;
}

/** The page state a plugin reads from the vfile. */
export function pageContext(file: VFile): RenderContext {
  return (file.data as { ctx: RenderContext }).ctx;
}

/** Renders one page body; `lineOffset` is added to body lines so diagnostics name file lines. */
export async function renderMarkdown(body: string, options: { file: string; base: string; lineOffset: number }): Promise<MarkdownResult> {
  const ctx: RenderContext = {
    ...options,
    diagnostics: [],
    links: [],
    headers: [],
    sections: [],
    ids: [],
    codeStyles: {},
  };
  let html: string;
  try {
    html = String(await getProcessor().process({ value: normalizeContainerSyntax(body), data: { ctx } }));
  } catch (e) {
    // micromark and mdast-util-from-markdown recurse: thousands of nested lists, quotes or
    // emphasis markers overflow the stack before remarkDepthLimit can look at the tree.
    if (!(e instanceof RangeError)) throw e;
    ctx.diagnostics.push(tooDeep(ctx));
    html = "";
  }
  return { html, headers: ctx.headers, links: ctx.links, sections: ctx.sections, ids: ctx.ids, codeStyles: ctx.codeStyles, diagnostics: ctx.diagnostics };
}

function tooDeep(ctx: RenderContext, line = 1): Diagnostic {
  return {
    file: ctx.file,
    line: ctx.lineOffset + line,
    rule: "nesting-depth",
    message: `the Markdown nests too deeply (lists, quotes, emphasis or links more than ${MAX_MARKDOWN_DEPTH} levels inside each other)`,
    hint: "flatten the structure: split long nested lists, and close every *, _ and [ you open",
  };
}

/** Stops a tree that nests deeper than MAX_MARKDOWN_DEPTH before any recursive step sees it. */
function remarkDepthLimit() {
  return (tree: MdRoot, file: VFile) => {
    type Node = { children?: Node[]; position?: { start: { line: number } } };
    const stack: [Node, number][] = [[tree as Node, 0]];
    while (stack.length) {
      const [node, depth] = stack.pop()!;
      if (depth > MAX_MARKDOWN_DEPTH) {
        pageContext(file).diagnostics.push(tooDeep(pageContext(file), node.position?.start.line));
        tree.children = [];
        return;
      }
      for (const child of node.children ?? []) stack.push([child, depth + 1]);
    }
  };
}

/** mdast checks and rewrites: no `#` heading, every URL allow-listed, site links recorded and given the base. */
function remarkBrook() {
  return (tree: MdRoot, file: VFile) => {
    const ctx = pageContext(file);
    const line = (n: { position?: { start: { line: number } } }) => (n.position?.start.line ?? 1) + ctx.lineOffset;
    visit(tree, (node) => {
      if (node.type === "heading" && (node as Heading).depth === 1) {
        ctx.diagnostics.push({
          file: ctx.file,
          line: line(node),
          column: node.position?.start.column,
          rule: "no-h1",
          message: "the body has a '#' heading; the title is the page's only <h1>",
          hint: "use '##' for sections, and put the page title in the frontmatter's title",
        });
      }
      if (node.type === "link" || node.type === "image" || node.type === "definition") {
        const n = node as Link | Image | Definition;
        const verdict = classifyUrl(n.url);
        if (!verdict.ok) {
          ctx.diagnostics.push({
            file: ctx.file,
            line: line(n),
            column: n.position?.start.column,
            rule: "unsafe-url",
            message: `${node.type === "image" ? "image" : "link"} URL ${JSON.stringify(n.url.slice(0, 60))} is not allowed: ${verdict.reason}`,
            hint: "link to a page (/limits/), a relative path, #anchor, or an https:, http:, mailto: or tel: URL",
          });
          n.url = "#";
          return;
        }
        if (verdict.kind === "site") {
          ctx.links.push({ url: n.url, line: line(n), column: n.position?.start.column ?? 1, kind: node.type === "image" ? "image" : "link" });
          if (!n.url.startsWith(ctx.base)) n.url = ctx.base.replace(/\/$/, "") + n.url;
        }
      }
    });
  };
}

/** hast pass: headers, anchors, highlighting, search sections, the list of ids. */
function rehypeBrook() {
  return async (tree: HastRoot, file: VFile) => {
    const ctx = pageContext(file);
    const pending: Promise<void>[] = [];
    let section: Section = { slug: "", heading: "", text: "" };
    const pushSection = () => {
      section.text = section.text.replace(/\s+/g, " ").trim().slice(0, SECTION_TEXT_LIMIT);
      if (section.text || section.heading) ctx.sections.push(section);
    };
    for (const node of tree.children) {
      if (node.type !== "element") continue;
      const level = node.tagName === "h2" ? 2 : node.tagName === "h3" ? 3 : 0;
      if (level) {
        const slug = String(node.properties.id ?? "");
        const title = hastToString(node).trim();
        ctx.headers.push({ level: level as 2 | 3, title, slug });
        pushSection();
        section = { slug, heading: title, text: "" };
        node.properties.tabIndex = -1;
        node.children.push({
          type: "element",
          tagName: "a",
          properties: { className: ["anchor"], href: `#${slug}`, ariaLabel: `Link to this section: ${title}` },
          children: [{ type: "text", value: "#" }],
        });
      } else if (node.tagName !== "pre") {
        section.text += " " + hastToString(node);
      }
    }
    pushSection();

    visit(tree, "element", (node: Element, index, parent) => {
      if (node.properties?.id) ctx.ids.push(String(node.properties.id));
      // The last gate before HTML: whatever made this element, no unsafe URL reaches href or src.
      for (const attr of ["href", "src"] as const) {
        const value = node.properties[attr];
        if (typeof value !== "string" || classifyUrl(value).ok) continue;
        delete node.properties[attr];
        ctx.diagnostics.push({ file: ctx.file, line: (node.position?.start.line ?? 1) + ctx.lineOffset, column: node.position?.start.column, rule: "unsafe-url", message: `URL ${JSON.stringify(value.slice(0, 60))} is not allowed`, hint: "use a page route, a relative path, #anchor, or an https:, http:, mailto: or tel: URL" });
      }
      if (node.tagName === "a" && typeof node.properties.href === "string" && /^https?:\/\//.test(node.properties.href)) {
        node.properties.rel = ["noopener"];
      }
      if (node.tagName !== "pre" || !parent || index === undefined) return;
      const code = node.children[0];
      if (!code || code.type !== "element" || code.tagName !== "code") return;
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const langClass = classes.find((c) => c.startsWith("language-"));
      // The info string's first word, shown as the block's label: a language name or nothing.
      const raw = langClass ? langClass.slice("language-".length) : "";
      const lang = LANG_NAME_RE.test(raw) ? raw : "";
      const resolved = lang ? resolveLanguage(lang) : null;
      if (!lang || resolved === undefined) {
        const line = (node.position?.start.line ?? 1) + ctx.lineOffset;
        ctx.diagnostics.push({
          file: ctx.file,
          line,
          column: node.position?.start.column,
          rule: "code-language",
          message: lang ? `code fence language '${lang}' is not highlighted` : raw ? `code fence language '${raw.slice(0, 30)}' is not a language name` : "code fence has no language",
          hint: lang ? "use a supported language (js, ts, python, go, bash, json, yaml, http, sql, ...) or text" : "add a language after the backticks, e.g. ```js (or ```text)",
        });
      }
      const text = hastToString(code).replace(/\n$/, "");
      const slot = parent as { children: ElementContent[] };
      pending.push(
        highlightCode(text, resolved ?? null, ctx.codeStyles).then((pre) => {
          slot.children[index] = codeBlock(pre, lang || "text");
        }),
      );
    });
    await Promise.all(pending);
  };
}

/** A code block: the highlighted `<pre>` in a frame with its language and a copy button. */
function codeBlock(pre: Element, lang: string): Element {
  pre.properties.tabIndex = 0;
  return {
    type: "element",
    tagName: "div",
    properties: { className: ["code-block"], dataLang: lang },
    children: [
      { type: "element", tagName: "span", properties: { className: ["code-lang"], ariaHidden: "true" }, children: [{ type: "text", value: lang }] },
      { type: "element", tagName: "button", properties: { type: "button", className: ["copy"], ariaLabel: "Copy code" }, children: [{ type: "text", value: "Copy" }] },
      pre,
    ],
  };
}
