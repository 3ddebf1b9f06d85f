/**
 * The one pass over a page's mdast, iterative (the tree comes from a stranger): stops a tree
 * nested past MAX_MARKDOWN_DEPTH, turns containers and alerts into notes, disclosures and code
 * groups, `:badge` into badges and stray directives back into text, refuses a `#` heading, takes
 * `{#id}` off headings, marks `[[toc]]`, turns emoji shortcodes into emoji and warns about syntax
 * left as text, allow-lists every URL, resolves `.md` links to routes, records the site links
 * with their positions and gives them the base, and notes where raw HTML is (raw-html.ts).
 */
import type { Definition, Image, Link, Parent, Root, RootContent, Text } from "mdast";
import type { ContainerDirective, LeafDirective, TextDirective } from "mdast-util-directive";
import { classifyUrl } from "../../../shared/url-policy.ts";
import { tidyHeadingBadges, transformBadge } from "./badges.ts";
import { directiveAsText, transformContainer } from "./containers.ts";
import { transformAlert } from "./alerts.ts";
import { replaceEmoji } from "./emoji.ts";
import { takeHeadingId } from "./heading-ids.ts";
import { warnLiteralSyntax } from "./literal-syntax.ts";
import { resolveMarkdownLink } from "./md-links.ts";
import { isToc, markToc } from "./toc.ts";
import { adoptNotes, expandOperation } from "./api-operation.ts";
import { expandCliCommand, GLOBAL_FLAGS_DIRECTIVE } from "./cli-command.ts";
import { MAX_MARKDOWN_DEPTH } from "../limits.ts";
import type { RenderContext } from "./markdown.ts";
import { tooDeep } from "./nesting.ts";

type Node = Root | RootContent;

/** Walks the tree once; `source` is the Markdown it was parsed from (for unclosed containers). */
export function walkMdast(tree: Root, ctx: RenderContext, source: string): void {
  const line = (n: Node) => (n.position?.start.line ?? 1) + ctx.lineOffset;
  const stack: [Node, number][] = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_MARKDOWN_DEPTH) {
      ctx.diagnostics.push(tooDeep(ctx, node.position?.start.line));
      tree.children = [];
      ctx.links.length = 0;
      return;
    }
    switch (node.type) {
      case "containerDirective":
        transformContainer(node as ContainerDirective, ctx, source);
        break;
      case "blockquote":
        transformAlert(node, source);
        break;
      case "paragraph":
        // One table a page: each is a copy of every heading, so 7,000 `[[toc]]` under as many
        // headings made 49 million nodes and ran the page's worker out of memory.
        if (ctx.toc && isToc(node)) {
          ctx.diagnostics.push({
            file: ctx.file,
            line: line(node),
            column: node.position?.start.column,
            rule: "toc",
            message: "a second [[toc]]: a page has one table of contents",
            hint: "keep one [[toc]]; the outline beside the page lists the headings too",
          });
        } else if (markToc(node)) ctx.toc = true;
        break;
      case "text":
        replaceEmoji(node);
        warnLiteralSyntax(node, ctx, source, line(node));
        break;
      case "heading":
        takeHeadingId(node, ctx, source);
        if (node.depth === 1) {
          ctx.diagnostics.push({
            file: ctx.file,
            line: line(node),
            column: node.position?.start.column,
            rule: "no-h1",
            message: "the body has a '#' heading; the title is the page's only <h1>",
            hint: "use '##' for sections, and put the page title in the frontmatter's title",
          });
        }
        break;
      case "link":
      case "image":
      case "definition":
        checkUrl(node, ctx, line(node));
        break;
    }
    if (!("children" in node)) continue;
    const parent = node as Parent;
    let asText = false;
    for (let i = 0; i < parent.children.length; i++) {
      const child = parent.children[i]!;
      if (child.type === "textDirective" && child.name === "badge") transformBadge(child, ctx);
      else if (child.type === "leafDirective" && child.name === "operation") {
        const nodes = expandOperation(child, ctx, headingAbove(parent, i));
        parent.children.splice(i, 1, ...(nodes as never[]));
        i += nodes.length - 1;
        if (nodes.length) adoptNotes(parent, i);
      } else if (
        child.type === "leafDirective" &&
        (child.name === "cli-command" || child.name === GLOBAL_FLAGS_DIRECTIVE)
      ) {
        const nodes = expandCliCommand(child, ctx);
        parent.children.splice(i, 1, ...(nodes as never[]));
        i += nodes.length - 1;
      } else if (child.type === "textDirective" || child.type === "leafDirective") {
        const replacement = directiveAsText(child as TextDirective | LeafDirective);
        parent.children.splice(i, 1, ...(replacement as never[]));
        asText = true;
      } else if (child.type === "html" && ctx.htmlParents.at(-1) !== parent)
        ctx.htmlParents.push(parent);
    }
    // A directive given back as text joins the text around it, so `:tada:` reads as one shortcode.
    if (asText) mergeText(parent);
    if (node.type === "heading") tidyHeadingBadges(node);
    // Pushed in reverse, so the walk (and the order links are recorded in) follows the document.
    for (let i = parent.children.length - 1; i >= 0; i--)
      stack.push([parent.children[i]!, depth + 1]);
  }
}

/** The depth of the last heading before `index` among a parent's children (2 when there is none). */
function headingAbove(parent: Parent, index: number): number {
  for (let i = index - 1; i >= 0; i--) {
    const n = parent.children[i]!;
    if (n.type === "heading") return n.depth;
  }
  return 2;
}

function checkUrl(n: Link | Image | Definition, ctx: RenderContext, line: number): void {
  const verdict = classifyUrl(n.url);
  if (!verdict.ok) {
    ctx.diagnostics.push({
      file: ctx.file,
      line,
      column: n.position?.start.column,
      rule: "unsafe-url",
      message: `${n.type === "image" ? "image" : "link"} URL ${JSON.stringify(n.url.slice(0, 60))} is not allowed: ${verdict.reason}`,
      hint: "link to a page (/limits/), a relative path, #anchor, or an https:, http:, mailto: or tel: URL",
    });
    n.url = "#";
    return;
  }
  const column = n.position?.start.column ?? 1;
  const md =
    n.type !== "image" && (verdict.kind === "site" || verdict.kind === "relative")
      ? resolveMarkdownLink(
          n.url,
          ctx.linkBase?.(n.position?.start.line ?? 0) ?? ctx.relativePath ?? "index.md",
          ctx.base,
        )
      : undefined;
  if (md && "problem" in md) {
    ctx.diagnostics.push({ file: ctx.file, line, column, ...md.problem });
    return;
  }
  if (md) {
    ctx.links.push({ url: md.route, line, column, kind: "link", scope: "site", written: n.url });
    const written = n.url;
    n.url = md.href;
    // Only links and definitions name `.md` files (an image never does).
    leavesBase(n as Link | Definition, written, ctx, line);
    return;
  }
  const written = n.url;
  // A definition's place is where its references use it; its own line is what the map can name.
  ctx.links.push({
    url: n.url,
    line,
    column,
    kind: n.type === "image" ? "image" : "link",
    scope: verdict.kind,
  });
  if (verdict.kind === "site" && !n.url.startsWith(ctx.base))
    n.url = ctx.base.replace(/\/$/, "") + n.url;
  // Images have their own check, which reads them from public/ (images.ts).
  if (n.type !== "image" && (verdict.kind === "site" || verdict.kind === "relative"))
    leavesBase(n, written, ctx, line);
}

/**
 * An error when the URL about to be written leads outside the base, as a browser resolves it
 * from the page: `..` past the base, or a dot segment written `%2e%2e` (which browsers read as
 * `..`, so `%252e%252e` in a `.md` link, decoded once, climbs out too).
 */
function leavesBase(n: Link | Definition, written: string, ctx: RenderContext, line: number): void {
  if (ctx.route === undefined) return;
  const page = new URL(ctx.base.replace(/\/$/, "") + ctx.route, "https://site.invalid");
  let path: string;
  try {
    path = new URL(n.url, page).pathname;
  } catch {
    return;
  }
  if (path.startsWith(ctx.base)) return;
  ctx.diagnostics.push({
    file: ctx.file,
    line,
    column: n.position?.start.column,
    rule: "unsafe-url",
    message: `link URL ${JSON.stringify(written.slice(0, 60))} leads outside ${ctx.base}: a browser opens ${path.slice(0, 60)}`,
    hint: "link to a page (/limits/) or a path under it; another site takes an https:// URL",
  });
  n.url = "#";
}

function mergeText(parent: Parent): void {
  const out: RootContent[] = [];
  for (const child of parent.children) {
    const last = out.at(-1);
    if (child.type === "text" && last?.type === "text")
      out[out.length - 1] = { ...last, value: last.value + child.value } as Text;
    else out.push(child);
  }
  parent.children = out as never[];
}
