/**
 * The links of a built Markdown file (a page's `.md` for machines, `llms.txt`): read with the
 * same parser the build uses, so a `[x](y)` inside a code fence is not taken for a link.
 */
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { visit } from "unist-util-visit";

/** A URL of a Markdown file and where it stands. */
export interface MarkdownUrl {
  value: string;
  /** Offset of the link, image or definition in the text. */
  offset: number;
  kind: "link" | "image";
}

/** Every link, image and definition URL of `text`, in document order. */
export function scanMarkdown(text: string): MarkdownUrl[] {
  const urls: MarkdownUrl[] = [];
  const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  visit(tree, (node) => {
    if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return;
    urls.push({ value: node.url, offset: node.position?.start.offset ?? 0, kind: node.type === "image" ? "image" : "link" });
  });
  return urls;
}

/** The route of a page's `.md` path (`/docs/v2/api/rest.md` → `/api/rest/`, `/docs/v2/index.md` → `/`), or null. */
export function markdownRoute(base: string, path: string): string | null {
  const under = path.startsWith(base) ? path.slice(base.length - 1) : null;
  if (under === null || !under.endsWith(".md")) return null;
  return under === "/index.md" ? "/" : under.slice(0, -".md".length) + "/";
}
