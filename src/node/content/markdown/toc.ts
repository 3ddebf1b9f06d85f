/**
 * `[[toc]]` on a line of its own (VitePress): the page's outline in place, a list of links to its
 * `##` headings with their `###` headings nested, in a `nav` named "Table of contents" (the
 * outline beside the article is "On this page", docs/design.md §8).
 */
import type { Paragraph } from "mdast";
import type { Element, ElementContent, Root } from "hast";
import type { Header } from "../../../shared/types.ts";

const TOC_RE = /^\s*\[\[toc\]\]\s*$/i;

/** Whether a paragraph is `[[toc]]` alone. */
export function isToc(p: Paragraph): boolean {
  const only = p.children.length === 1 ? p.children[0] : undefined;
  return only?.type === "text" && TOC_RE.test(only.value);
}

/** Whether a paragraph is `[[toc]]` alone; if so it becomes the (empty) place of the list. */
export function markToc(p: Paragraph): boolean {
  if (!isToc(p)) return false;
  p.children = [];
  p.data = {
    hName: "nav",
    hProperties: { className: ["table-of-contents"], ariaLabel: "Table of contents" },
  };
  return true;
}

/** Fills each place `markToc` made with the page's headers (known once the hast pass has run). */
export function fillToc(tree: Root, headers: Header[]): void {
  const list = tocList(headers);
  const stack: (Root | Element)[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (
        child.tagName === "nav" &&
        (child.properties.className as string[] | undefined)?.includes("table-of-contents")
      ) {
        child.children = structuredClone(list);
      } else stack.push(child);
    }
  }
}

function tocList(headers: Header[]): ElementContent[] {
  const top: Element = { type: "element", tagName: "ul", properties: {}, children: [] };
  let sub: Element | undefined;
  for (const h of headers) {
    const item: Element = {
      type: "element",
      tagName: "li",
      properties: {},
      children: [
        {
          type: "element",
          tagName: "a",
          properties: { href: `#${h.slug}` },
          children: [{ type: "text", value: h.title }],
        },
      ],
    };
    const parent = top.children.at(-1) as Element | undefined;
    if (h.level === 3 && parent) {
      if (!sub) {
        sub = { type: "element", tagName: "ul", properties: {}, children: [] };
        parent.children.push(sub);
      }
      sub.children.push(item);
    } else {
      top.children.push(item);
      sub = undefined;
    }
  }
  return top.children.length ? [top] : [];
}
