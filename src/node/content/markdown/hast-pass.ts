/**
 * The one pass over a page's hast (after the heading slugs): the `##`/`###` headers with their anchor
 * links, every id, the last gate on href/src, `rel` on external links, the text of each section
 * for search, badges' text, code groups' tabs, images' sizes, and code blocks highlighted into
 * the build's own HTML (with their titles, marked lines and line numbers).
 */
import type { Element, ElementContent, Root, RootContent } from "hast";
import { classifyUrl } from "../../../shared/url-policy.ts";
import { SEARCH_SECTION_CHARS } from "../../../shared/search/format.ts";
import { fillBadge, spaceHeadingBadges } from "./badges.ts";
import { codeBlockHtml } from "../code/code-block.ts";
import { buildCodeGroup, isCodeGroup } from "../code/code-group.ts";
import { applyNotations, MARK } from "../code/code-notation.ts";
import { fenceInfoOf } from "../code/fence-info.ts";
import { highlightLines, resolveLanguage } from "../code/highlight.ts";
import { sizeImages } from "./images.ts";
import type { RenderContext, Section } from "./markdown.ts";
import { placeOf } from "./pass-report.ts";

/** Section text read for search (only its counted terms are kept: src/node/content/search-data.ts). */
export const SECTION_TEXT_LIMIT = SEARCH_SECTION_CHARS;
const LANG_NAME_RE = /^[\w+#.-]{1,32}$/;
const EXTERNAL_RE = /^https?:\/\//;
const HEADING_RE = /^h[1-6]$/;

interface CodeBlock {
  parent: { children: (RootContent | ElementContent)[] };
  index: number;
  node: Element;
}

/** What the walk sets aside for after it: code blocks, images, and how many code groups it built. */
interface Found {
  blocks: CodeBlock[];
  images: Element[];
  groups: number;
  /** The tables' accessible names so far (each region's name is unique on the page: axe landmark-unique). */
  tableLabels: Set<string>;
  /** The heading of the section being walked. */
  section: string;
}

/** Walks the tree once, then highlights its code blocks (from the cache when they were seen before). */
export async function walkHast(tree: Root, ctx: RenderContext): Promise<void> {
  const found: Found = { blocks: [], images: [], groups: 0, tableLabels: new Set(), section: "" };
  let section: Section = { slug: "", heading: "", text: "" };
  let text: string[] = [];
  let length = 0;
  const endSection = () => {
    section.text = text.join("").replace(/\s+/g, " ").trim().slice(0, SECTION_TEXT_LIMIT);
    if (section.text || section.heading) ctx.sections.push(section);
  };

  for (let i = 0; i < tree.children.length; i++) {
    const top = tree.children[i]!;
    const level =
      top.type === "element" ? (top.tagName === "h2" ? 2 : top.tagName === "h3" ? 3 : 0) : 0;
    const title: string[] = [];
    // Text goes to the heading's title, or to the section (until the section has enough).
    const collect = level
      ? (v: string) => void title.push(v)
      : (v: string) => {
          if (length > SECTION_TEXT_LIMIT * 2) return;
          text.push(v);
          length += v.length;
        };
    found.section = section.heading;
    walk(top, tree, i, ctx, found, collect);
    if (level) {
      const heading = top as Element;
      const slug = String(heading.properties.id ?? "");
      const name = title.join("").replace(/\s+/g, " ").trim();
      ctx.headers.push({ level: level as 2 | 3, title: name, slug });
      endSection();
      section = { slug, heading: name, text: "" };
      text = [];
      length = 0;
      heading.properties.tabIndex = -1;
      heading.children.push({
        type: "element",
        tagName: "a",
        properties: {
          className: ["anchor"],
          href: `#${slug}`,
          ariaLabel: `Link to this section: ${name}`,
        },
        children: [{ type: "text", value: "#" }],
      });
    }
  }
  endSection();

  if (found.images.length) sizeImages(found.images, ctx);
  await Promise.all(found.blocks.map((b) => highlightBlock(b, ctx)));
}

/** Depth-first, in document order, without recursion; `pre` blocks are set aside, not entered. */
function walk(
  start: RootContent,
  root: Root,
  rootIndex: number,
  ctx: RenderContext,
  found: Found,
  collect: (text: string) => void,
): void {
  const stack: [RootContent | ElementContent, CodeBlock["parent"], number][] = [
    [start, root, rootIndex],
  ];
  while (stack.length) {
    const [node, parent, index] = stack.pop()!;
    if (node.type === "text") {
      collect(node.value);
      continue;
    }
    if (node.type !== "element") continue;
    const props = node.properties;
    if (props.id !== undefined && props.id !== null) ctx.ids.push(String(props.id));
    for (const attr of ["href", "src"] as const) {
      const value = props[attr];
      if (typeof value !== "string") continue;
      if (!classifyUrl(value).ok) {
        // Unreachable for Markdown (links are checked in mdast): the last gate before HTML.
        delete props[attr];
        ctx.diagnostics.push({
          ...placeOf(node, ctx),
          rule: "unsafe-url",
          message: `URL ${JSON.stringify(value.slice(0, 60))} is not allowed`,
          hint: "use a page route, a relative path, #anchor, or an https:, http:, mailto: or tel: URL",
        });
      } else if (attr === "href" && node.tagName === "a" && EXTERNAL_RE.test(value))
        props.rel = ["noopener"];
    }
    if (
      node.tagName === "pre" &&
      node.children[0]?.type === "element" &&
      node.children[0].tagName === "code"
    ) {
      found.blocks.push({ parent, index, node });
      continue;
    }
    // A badge's text is written in after the heading slugs, and is not part of a title or of search text.
    if (node.tagName === "span" && fillBadge(node)) continue;
    if (node.tagName === "img") found.images.push(node);
    // A wide table scrolls in its own box, which the keyboard must reach (axe scrollable-region-focusable).
    if (node.tagName === "table")
      parent.children[index] = {
        type: "element",
        tagName: "div",
        properties: {
          className: ["table-scroll"],
          role: "region",
          tabIndex: 0,
          ariaLabel: uniqueLabel(tableLabel(node), found),
        },
        children: [node],
      };
    if (HEADING_RE.test(node.tagName)) spaceHeadingBadges(node);
    if (isCodeGroup(node)) buildCodeGroup(node, ++found.groups);
    // Tab names repeat the blocks' titles: not search text.
    else if (props.role === "tablist") continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, node, i]);
  }
}

async function highlightBlock(block: CodeBlock, ctx: RenderContext): Promise<void> {
  const code = block.node.children[0] as Element;
  const info = fenceInfoOf(code);
  const place = placeOf(block.node, ctx);
  // The info string's first word, shown as the block's label: a language name or nothing.
  const lang = LANG_NAME_RE.test(info.lang) ? info.lang : "";
  const resolved = lang ? resolveLanguage(lang) : null;
  if (!lang || resolved === undefined) {
    ctx.diagnostics.push({
      ...place,
      rule: "code-language",
      message: lang
        ? `code fence language '${lang}' is not highlighted`
        : info.lang
          ? `code fence language '${info.lang.slice(0, 30)}' is not a language name`
          : "code fence has no language",
      hint: lang
        ? "use a supported language (js, ts, python, go, bash, json, yaml, http, sql, ...) or text"
        : "add a language after the backticks, e.g. ```js (or ```text)",
    });
  }
  if (info.unknown.length) {
    ctx.diagnostics.push({
      ...place,
      rule: "code-info",
      message: `code fence option ${info.unknown.map((u) => `'${u}'`).join(", ")} is not known`,
      hint: "after the language write [title], {1,4-6} for lines to highlight, or :line-numbers",
    });
  }
  const notated = applyNotations(textOf(code).replace(/\n$/, ""), resolved ?? null);
  const lines = await highlightLines(notated.code, resolved ?? null, ctx.highlights);
  const marks = notated.marks;
  for (const r of info.highlight)
    for (let l = r.from; l <= Math.min(r.to, marks.length); l++) marks[l - 1]! |= MARK.highlight;
  block.parent.children[block.index] = {
    type: "raw",
    value: codeBlockHtml(lines, {
      lang: lang || "text",
      title: info.title,
      marks: marks.some(Boolean) ? marks : undefined,
      lineStart: info.lineStart,
    }),
  } as unknown as ElementContent;
}

/** The text of a subtree (a code element: text nodes only). */
/** "Table: " and the table's column headings, as the name of its scroll box. */
/** A table's name, told apart from an earlier table of the same columns by its section, then by a number. */
function uniqueLabel(label: string, found: Found): string {
  let name = found.tableLabels.has(label) && found.section ? `${label} (${found.section})` : label;
  for (let n = 2; found.tableLabels.has(name); n++) name = `${label} (${n})`;
  found.tableLabels.add(name);
  return name;
}

function tableLabel(table: Element): string {
  const heads = [] as string[];
  const find = (n: ElementContent) =>
    n.type === "element" &&
    (n.tagName === "th"
      ? heads.push(textOf(n).trim())
      : n.tagName !== "tbody" && n.children.forEach(find));
  table.children.forEach(find);
  return ["Table", heads.filter(Boolean).join(", ")].filter(Boolean).join(": ");
}

function textOf(node: Element): string {
  let out = "";
  const stack: ElementContent[] = [...node.children].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "text") out += n.value;
    else if (n.type === "element")
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}
