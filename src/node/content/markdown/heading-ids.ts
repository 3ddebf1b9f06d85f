/**
 * Heading ids. `## Limits {#limits-table}` (VitePress, Docusaurus, MkDocs): the heading's id is
 * the one written, its text what comes before; a duplicate, a character that is not URL-safe or
 * one of the site's own ids (src/shared/site-ids.ts) is an error. Every other heading gets its
 * slug from its text, as rehype-slug makes it (github-slugger), with the site's own ids taken
 * first: `## Main` is `main-1`, never the skip link's target. The headers, the outline, the
 * sidebar and search all read these ids.
 */
import type { Root as HastRoot } from "hast";
import { headingRank } from "hast-util-heading-rank";
import { toString } from "hast-util-to-string";
import type { Heading, Text } from "mdast";
import GithubSlugger from "github-slugger";
import { visit } from "unist-util-visit";
import { FIXED_SITE_IDS, isSiteId, siteIdsShown } from "../../../shared/site-ids.ts";
import { placeOf, type PassReport } from "./pass-report.ts";

/** `(?<![ \t])`: tried from the start of a run of spaces only (from inside it, time grew with its square). */
const TRAILING_ID_RE = /(?<![ \t])[ \t]*\{#([^{}]*)\}[ \t]*$/;
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** An id written after a heading, where it was written. */
export interface HeadingId {
  id: string;
  line: number;
  column?: number;
}

/** Where heading-id diagnostics go. */
interface IdContext extends PassReport {
  headingIds: HeadingId[];
}

/**
 * Takes a trailing `{#id}` off a heading and gives the heading that id. `source` is the Markdown
 * the heading was parsed from: an id that Markdown split into emphasis (`{#__proto__}`,
 * `{#a-_b_}`) is read from it, so it is never shown as text in silence.
 */
export function takeHeadingId(heading: Heading, ctx: IdContext, source = ""): void {
  if (escapedId(heading, source)) return;
  const id = cutTrailingId(heading) ?? cutSplitId(heading, source);
  if (id === undefined) return;
  const place = placeOf(heading, ctx);
  // Data marks a node the pass changed: the Markdown for machines writes it, not its source.
  heading.data ??= {};
  if (!ID_RE.test(id)) {
    ctx.diagnostics.push({
      ...place,
      rule: "heading-id",
      message: `heading id '{#${id.slice(0, 40)}}' is not a URL-safe id`,
      hint: "start with a letter or digit and use only letters A-Z and a-z, digits, '-' and '_': {#limits-table}",
    });
    return;
  }
  if (isSiteId(id)) {
    ctx.diagnostics.push({
      ...place,
      rule: "heading-id",
      message: `heading id '${id}' is one the site's own elements use`,
      hint: `choose another id; the site uses ${siteIdsShown()}`,
    });
    return;
  }
  heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } };
  ctx.headingIds.push({ id, ...place });
}

/** Whether the heading's source ends in `\{#…}`: written to be shown as it is. */
function escapedId(heading: Heading, source: string): boolean {
  const end = heading.position?.end.offset;
  if (end === undefined || !source) return false;
  const line = source.slice(heading.position!.start.offset, end);
  const m = TRAILING_ID_RE.exec(line);
  return Boolean(m && line[line.indexOf("{#", m.index) - 1] === "\\");
}

/** The id of a `{#id}` at the end of the heading's last text node, cut off it. */
function cutTrailingId(heading: Heading): string | undefined {
  const last = heading.children.at(-1);
  if (last?.type !== "text") return undefined;
  const m = TRAILING_ID_RE.exec(last.value);
  if (!m) return undefined;
  cutText(heading, last, m.index);
  return m[1]!;
}

/**
 * The id of a `{#id}` that ends the heading's source line but that inline Markdown split into
 * several nodes (`{#__proto__}` is `{#`, strong `proto`, `}`): the nodes from its `{#` on are cut.
 */
function cutSplitId(heading: Heading, source: string): string | undefined {
  const start = heading.position?.start.offset;
  const end = heading.position?.end.offset;
  if (start === undefined || end === undefined || !source.includes("{#", start)) return undefined;
  const m = TRAILING_ID_RE.exec(source.slice(start, end));
  if (!m) return undefined;
  const at = start + m.index;
  // The text node the `{#` stands in, and everything after it.
  const i = heading.children.findLastIndex((c) => (c.position?.start.offset ?? end) <= at);
  const holder = heading.children[i];
  if (holder?.type !== "text") return undefined;
  heading.children.length = i + 1;
  cutText(heading, holder, holder.value.lastIndexOf("{#"));
  return m[1]!;
}

/** Cuts `text` (a child of `heading`) at `index`, with the spaces before; its position follows. */
function cutText(heading: Heading, text: Text, index: number): void {
  const kept = text.value.slice(0, index).replace(/[ \t]+$/, "");
  const cut = text.value.length - kept.length;
  text.value = kept;
  // The text now ends before the id, in the source too: checks that read a text node's source
  // (literal-syntax.ts) must not see the `{#id}` it no longer holds.
  if (text.position) {
    const { end } = text.position;
    text.position = {
      ...text.position,
      end: { ...end, column: end.column - cut, offset: end.offset && end.offset - cut },
    };
  }
  if (!text.value) heading.children.pop();
}

/** A written id that another element of the page also has is an error at the heading that wrote it. */
export function checkHeadingIds(ids: string[], ctx: IdContext): void {
  if (!ctx.headingIds.length) return;
  const count = new Map<string, number>();
  for (const id of ids) count.set(id, (count.get(id) ?? 0) + 1);
  for (const h of ctx.headingIds) {
    if ((count.get(h.id) ?? 0) < 2) continue;
    ctx.diagnostics.push({
      file: ctx.file,
      line: h.line,
      column: h.column,
      rule: "heading-id",
      message: `heading id '${h.id}' is used twice on this page`,
      hint: "give each heading its own id (a heading without {#id} takes its text as its id)",
    });
  }
}

const slugs = new GithubSlugger();

/**
 * Gives each heading without an id its slug (rehype-slug's: github-slugger over its text, a
 * repeat numbered `-1`, `-2`), the site's own ids counted as taken, so a heading never takes one.
 */
export function slugHeadings(tree: HastRoot): void {
  slugs.reset();
  for (const id of FIXED_SITE_IDS) slugs.slug(id);
  visit(tree, "element", (node) => {
    if (!headingRank(node) || node.properties.id) return;
    const text = toString(node);
    let id = slugs.slug(text);
    // A numbered id of the site's (`## Search option 2`): the next repeat is not one.
    while (isSiteId(id)) id = slugs.slug(text);
    node.properties.id = id;
  });
}
