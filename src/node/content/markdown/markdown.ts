/**
 * Markdown → HTML with unified: the chain, readable top to bottom (STYLE.md, Look at 7). Our
 * work is two passes, one over each tree: walkMdast (limits, containers, alerts, links, heading
 * ids) and walkHast after the heading slugs (headers, anchors, ids, URL gate, code, search text); a
 * feature that needs the whole of a pass's results hooks in after it, one line each.
 */
import { unified, type Processor } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import remarkDirective from "remark-directive";
import remarkRehype from "remark-rehype";
import rehypeStringify from "rehype-stringify";
import type { Root as MdRoot, Parent as MdParent } from "mdast";
import type { Root as HastRoot } from "hast";
import type { VFile } from "vfile";
import type { Diagnostic } from "../../core/errors.ts";
import type { Header } from "../../../shared/types.ts";
import { normalizeContainerSyntax } from "./containers.ts";
import { HighlightCache } from "../code/highlight.ts";
import type { SourceReader } from "../parts/source-files.ts";
import { walkMdast } from "./mdast-pass.ts";
import { tooDeep } from "./nesting.ts";
import { walkHast } from "./hast-pass.ts";
import { bodyMarkdown } from "./page-markdown.ts";
import { transformRawHtml } from "./raw-html.ts";
import { checkHeadingIds, slugHeadings, type HeadingId } from "./heading-ids.ts";
import { fillToc } from "./toc.ts";
import type { LinkRef } from "../../core/link-map.ts";
import type { ApiDescription } from "../../../shared/openapi/operations.ts";
import type { CliDescription } from "../../core/cli-description.ts";
import { collectSamples } from "../code/code-samples.ts";
import { collectClaims, type PageClaim } from "../claims.ts";
import type { CodeSample } from "../../examples/sample.ts";

export type { LinkRef };

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
  diagnostics: Diagnostic[];
  /** The body as Markdown for machines (page-markdown.ts), when asked for with `pageUrl`. */
  markdown?: string;
  /** Whether the page showed an operation of the REST API (`::operation`, api-operation.ts). */
  usedApi?: boolean;
  /** Whether the page showed a command of the CLI (`::cli-command`, cli-command.ts). */
  usedCli?: boolean;
  /** The code blocks, for the example checks (code-samples.ts). */
  samples: CodeSample[];
  /** What the prose states of error codes and exit codes, for the example checks (claims.ts). */
  claims: PageClaim[];
}

/** Per-page state of the Markdown chain, read and filled by the two passes. */
export interface RenderContext {
  file: string;
  base: string;
  lineOffset: number;
  diagnostics: Diagnostic[];
  links: LinkRef[];
  headers: Header[];
  sections: Section[];
  ids: string[];
  /** Highlighted blocks of this thread (and of earlier builds). */
  highlights: HighlightCache;
  /** Reads local images (and records them as dependencies); without it images keep no size. */
  reader?: SourceReader;
  /** The page's route, for images relative to it. */
  route?: string;
  /** The page's path in content/ (`guide/limits.md`), for `.md` links relative to it. */
  relativePath?: string;
  /** For a body with includes: the content path of the part a body line came from (`.md` links resolve from it). */
  linkBase?: (bodyLine: number) => string | undefined;
  /** The parents of the mdast's raw HTML nodes, for raw-html.ts (none on most pages). */
  htmlParents: MdParent[];
  /** Ids written with `{#id}` after headings. */
  headingIds: HeadingId[];
  /** Whether the page has `[[toc]]`. */
  toc?: boolean;
  /** The page's absolute URL: asks for the body as Markdown for machines, its links made absolute against it. */
  pageUrl?: string;
  markdown?: string;
  /** The REST API's description, for `::operation{id=…}` (api-operation.ts); set when the page used it. */
  api?: ApiDescription;
  usedApi?: boolean;
  /** The response objects the page's operations showed, by name, and where (api-operation.ts). */
  shownObjects?: Map<string, string>;
  /** The CLI's description, for `::cli-command{name=…}` (cli-command.ts); set when the page used it. */
  cli?: CliDescription;
  usedCli?: boolean;
  samples?: CodeSample[];
  claims?: PageClaim[];
}

let processor: Processor | undefined;

/** The unified chain, built once per thread; per-page state travels in `file.data.ctx`. */
function getProcessor(): Processor {
  processor ??= unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(() => (tree: MdRoot, file: VFile) => {
      const ctx = pageContext(file);
      ctx.samples = collectSamples(tree, ctx);
      ctx.claims = collectClaims(tree, ctx);
      walkMdast(tree, ctx, String(file.value));
      if (ctx.htmlParents.length) transformRawHtml(ctx.htmlParents, ctx);
      // Written from the same tree the HTML is made from next, raw HTML already rebuilt from its
      // allow-list: no page is parsed twice, and no tag the page removed comes back here.
      if (ctx.pageUrl !== undefined)
        ctx.markdown = bodyMarkdown(tree, ctx.pageUrl, String(file.value));
    })
    .use(remarkRehype)
    .use(() => slugHeadings)
    .use(() => (tree: HastRoot, file: VFile) => walkHast(tree, pageContext(file)))
    .use(() => (tree: HastRoot, file: VFile) => {
      const ctx = pageContext(file);
      checkHeadingIds(ctx.ids, ctx);
      if (ctx.toc) fillToc(tree, ctx.headers);
    })
    // The only raw HTML in the tree is the build's own highlighted code (Markdown's is rebuilt
    // from an allow-list by raw-html.ts, or dropped).
    .use(rehypeStringify, { allowDangerousHtml: true })
    .freeze() as unknown as Processor;
  return processor;
}

/** The page state a pass reads from the vfile. */
export function pageContext(file: VFile): RenderContext {
  return (file.data as { ctx: RenderContext }).ctx;
}

/** What renderMarkdown is told about the page. */
export interface RenderOptions {
  file: string;
  base: string;
  lineOffset: number;
  highlights?: HighlightCache;
  reader?: SourceReader;
  route?: string;
  relativePath?: string;
  linkBase?: (bodyLine: number) => string | undefined;
  pageUrl?: string;
  api?: ApiDescription;
  cli?: CliDescription;
}

/** A page's context before the passes fill it. */
export function renderContext(options: RenderOptions): RenderContext {
  return {
    ...options,
    highlights: options.highlights ?? new HighlightCache(),
    diagnostics: [],
    links: [],
    headers: [],
    sections: [],
    ids: [],
    htmlParents: [],
    headingIds: [],
  };
}

/** Renders one page body; `lineOffset` is added to body lines so diagnostics name file lines. */
export async function renderMarkdown(
  body: string,
  options: RenderOptions,
): Promise<MarkdownResult> {
  const ctx = renderContext(options);
  let html: string;
  try {
    html = String(
      await getProcessor().process({ value: normalizeContainerSyntax(body), data: { ctx } }),
    );
  } catch (e) {
    // micromark and mdast-util-from-markdown recurse: nesting that no line shows on its own
    // (emphasis in emphasis) can overflow the stack before walkMdast can look at the tree.
    if (!(e instanceof RangeError)) throw e;
    ctx.diagnostics.push(tooDeep(ctx));
    html = "";
  }
  return {
    html,
    headers: ctx.headers,
    links: ctx.links,
    sections: ctx.sections,
    ids: ctx.ids,
    diagnostics: ctx.diagnostics,
    markdown: ctx.markdown,
    usedApi: ctx.usedApi,
    usedCli: ctx.usedCli,
    samples: ctx.samples ?? [],
    claims: ctx.claims ?? [],
  };
}
