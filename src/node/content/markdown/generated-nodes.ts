/**
 * Markdown the build writes itself (an API operation, a CLI command) turned into nodes of a page's
 * tree: parsed once per description and key, without positions (a diagnostic must never point
 * into text the writer did not write), and handed out as a copy each time (the passes change them).
 * Layout the Markdown cannot say (a column, a disclosure) is a `generated` node: an element of the
 * HTML (`data.hName`), written for machines as its children alone (page-markdown.ts).
 */
import type { Properties } from "hast";
import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from "mdast";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const made = new WeakMap<object, Map<string, RootContent[]>>();

/** An element the build lays out around generated Markdown: a tag, classes and attributes, and its blocks. */
export interface GeneratedBlock extends Parent {
  type: "generated";
  data: { hName: string; hProperties: Properties };
  children: RootContent[];
}

declare module "mdast" {
  interface BlockContentMap {
    generated: GeneratedBlock;
  }
  interface RootContentMap {
    generated: GeneratedBlock;
  }
}

/** A `generated` block: `<tag class="…">` around `children`. */
export function block(
  tag: string,
  className: string | undefined,
  children: RootContent[],
  props: Properties = {},
): GeneratedBlock {
  return {
    type: "generated",
    data: {
      hName: tag,
      hProperties: { ...(className ? { className: [className] } : {}), ...props },
    },
    children,
  };
}

/** Inline text in an element of its own (`<span class="…">`); Markdown for machines writes the text. */
export function span(value: string, className: string): Text {
  return { type: "text", value, data: { hName: "span", hProperties: { className: [className] } } };
}

/** A paragraph of phrasing content, with a class when given. */
export function paragraph(children: PhrasingContent[], className?: string): Paragraph {
  return className
    ? { type: "paragraph", children, data: { hProperties: { className: [className] } } }
    : { type: "paragraph", children };
}

/** The nodes of generated Markdown, without positions. */
export function parseGenerated(markdown: string): RootContent[] {
  const tree = parser.parse(markdown) as Root;
  strip(tree);
  return tree.children;
}

/** A copy of the nodes made for `key` of `description`, made (by `make`) on first use. */
export function generatedNodes(
  description: object,
  key: string,
  make: () => RootContent[],
): RootContent[] {
  let byKey = made.get(description);
  if (!byKey) made.set(description, (byKey = new Map()));
  let nodes = byKey.get(key);
  if (!nodes) byKey.set(key, (nodes = make()));
  return structuredClone(nodes);
}

function strip(node: unknown): void {
  if (!node || typeof node !== "object") return;
  delete (node as { position?: unknown }).position;
  for (const c of (node as { children?: unknown[] }).children ?? []) strip(c);
}
