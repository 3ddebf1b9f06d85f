/**
 * Badges (docs/design.md §8): `:badge[New]` and `:badge[Beta]{type=warning}` → `span.badge.badge-<type>`,
 * inline anywhere. The span reaches the heading slugs empty, its text kept in `data-badge` until the
 * hast pass writes it in: a badge in a heading is never part of the heading's slug (or of its
 * title in the outline and the search index).
 */
import type { Heading, PhrasingContent } from "mdast";
import type { TextDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import type { Element } from "hast";
import { placeOf, type PassReport } from "./pass-report.ts";

/** Badge types, each with its colours in templates/theme.css. */
export const BADGE_TYPES = ["tip", "info", "warning", "danger"] as const;

/** Turns a `:badge` directive into the badge's (empty) span, or reports what is wrong with it. */
export function transformBadge(d: TextDirective, ctx: PassReport): void {
  const place = placeOf(d, ctx);
  const text = toString(d).trim();
  const attributes = d.attributes ?? {};
  const type = attributes.type ?? "tip";
  const other = Object.keys(attributes).filter((k) => k !== "type");
  if (!text)
    ctx.diagnostics.push({
      ...place,
      rule: "badge",
      message: "the badge has no text",
      hint: "write its text in brackets: :badge[New]",
    });
  if (!(BADGE_TYPES as readonly string[]).includes(type)) {
    ctx.diagnostics.push({
      ...place,
      rule: "badge",
      message: `badge type '${String(type).slice(0, 30)}' is not one of ${BADGE_TYPES.join(", ")}`,
      hint: `write :badge[${text || "Text"}]{type=warning}`,
    });
  } else if (other.length) {
    ctx.diagnostics.push({
      ...place,
      rule: "badge",
      message: `a badge takes only a type, not ${other.map((k) => `'${k.slice(0, 20)}'`).join(", ")}`,
      hint: `write :badge[${text || "Text"}]{type=${type}}`,
    });
  }
  d.data = {
    hName: "span",
    hProperties: { className: ["badge", `badge-${type}`], dataBadge: text },
    hChildren: [],
  };
  // Its text is all it shows: links or images in the brackets are not part of the page.
  d.children = [];
}

/**
 * In a heading, the text beside a badge loses the space that would otherwise end up in its slug
 * (`Triggers :badge[New]` → `triggers`, not `triggers-`); the stylesheet spaces the badge.
 */
export function tidyHeadingBadges(heading: Heading): void {
  const kids = heading.children as (PhrasingContent | TextDirective)[];
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i]!;
    if (k.type !== "textDirective" || k.name !== "badge") continue;
    const before = kids[i - 1];
    const after = kids[i + 1];
    if (before?.type === "text") before.value = before.value.trimEnd();
    if (after?.type === "text") after.value = (before ? " " : "") + after.value.trimStart();
  }
}

/** Writes a badge's text into its span (after the heading slugs); true when `node` was a badge. */
export function fillBadge(node: Element): boolean {
  const text = node.properties.dataBadge;
  if (node.tagName !== "span" || typeof text !== "string") return false;
  delete node.properties.dataBadge;
  node.children = [{ type: "text", value: text }];
  return true;
}

/**
 * Gives back, after the heading slugs, the spaces tidyHeadingBadges took from beside a heading's
 * badges, so the heading reads "Replay New", not "ReplayNew", to a screen reader.
 */
export function spaceHeadingBadges(heading: Element): void {
  const kids = heading.children;
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i]!;
    if (k.type !== "element" || k.tagName !== "span" || typeof k.properties.dataBadge !== "string")
      continue;
    const before = kids[i - 1];
    if (before && !(before.type === "text" && /\s$/.test(before.value))) {
      kids.splice(i, 0, { type: "text", value: " " });
      i++;
    }
    const after = kids[i + 1];
    if (after && !(after.type === "text" && /^\s/.test(after.value)))
      kids.splice(i + 1, 0, { type: "text", value: " " });
  }
}
