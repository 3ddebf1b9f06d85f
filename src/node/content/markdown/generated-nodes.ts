/**
 * Markdown the build writes itself (an API operation, a CLI command) turned into nodes of a page's
 * tree: parsed once per description and key, without positions (a diagnostic must never point
 * into text the writer did not write), and handed out as a copy each time (the passes change them).
 */
import type { Root, RootContent } from "mdast";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const made = new WeakMap<object, Map<string, RootContent[]>>();

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
