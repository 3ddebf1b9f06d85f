/**
 * `## Limits {#limits-table}` (VitePress, Docusaurus, MkDocs): the heading's id is the one
 * written, its text what comes before. rehype-slug leaves a heading that has an id alone, so the
 * headers, the outline, the sidebar and search all read this id; a duplicate or a character that
 * is not URL-safe is an error.
 */
import type { Heading } from "mdast";
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

/** Takes a trailing `{#id}` off a heading and gives the heading that id. */
export function takeHeadingId(heading: Heading, ctx: IdContext): void {
  const last = heading.children.at(-1);
  if (last?.type !== "text") return;
  const m = TRAILING_ID_RE.exec(last.value);
  if (!m) return;
  const id = m[1]!;
  const place = placeOf(heading, ctx);
  last.value = last.value.slice(0, m.index);
  if (!last.value) heading.children.pop();
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
  heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } };
  ctx.headingIds.push({ id, ...place });
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
