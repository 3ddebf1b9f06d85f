/**
 * The one schema of a page's frontmatter (zod), its limits and the shape of a parsed block
 * (src/node/content/frontmatter/frontmatter.ts splits and checks it).
 */
import { z } from "zod";
import type { MetaTag } from "../../../shared/types.ts";
import { isRoute, isRouteWithFragment } from "../../../shared/url-policy.ts";
import { isOutlineSetting, type OutlineSetting } from "../../../shared/outline.ts";
import { hasSiteValue } from "../site-values.ts";

/** The longest description, counted with its site values in it (src/node/content/frontmatter/frontmatter-values.ts). */
export const MAX_DESCRIPTION = 160;

/** The most search keywords a page may have. */
export const MAX_KEYWORDS = 40;
/** The longest search keyword: a phrase, not a paragraph. */
export const MAX_KEYWORD_CHARS = 80;

/** The most pages a page may say its sections came from. */
export const MAX_MOVED_FROM = 20;

/** Layouts the templates register. */
export const LAYOUTS = ["doc", "reference", "home", "not-found"] as const;

const navOverride = z.union([z.literal(false), z.string().refine(isRoute)]);
/** A page this one took sections from, as written: `/api/rest/`, or `/api/rest/#workflows`. */
const movedFrom = z.string().trim().refine(isRouteWithFragment);
const metaTag = z.union([
  z.strictObject({ name: z.string().min(1), content: z.string() }),
  z.strictObject({ property: z.string().min(1), content: z.string() }),
]);

/** The one schema of a page's frontmatter; `Frontmatter` is its output. */
export const frontmatterSchema = z.strictObject({
  /** The page's only `<h1>`, its `<title>` and its sidebar label. */
  title: z.string().trim().min(1),
  /**
   * The meta description and search-result text: one sentence, at most 160 characters. One that
   * reads site values is measured once they are in it, when the site is planned.
   */
  description: z
    .string()
    .trim()
    .min(1)
    .refine((d) => hasSiteValue(d) || d.length <= MAX_DESCRIPTION),
  /** `false` hides the previous-page link; a route overrides it. @default the sidebar order */
  prev: navOverride.optional(),
  /** `false` hides the next-page link; a route overrides it. @default the sidebar order */
  next: navOverride.optional(),
  /** The layout templates/ registers. @default "doc" */
  layout: z.enum(LAYOUTS).default("doc"),
  /** Extra head tags. @example [{ name: "robots", content: "noindex" }] */
  meta: z.array(metaTag).default([]),
  /** Headings in "On this page": `false`, `2`, `3` or `[2, 3]`. @default the site's `outline` */
  outline: z.custom<OutlineSetting>(isOutlineSetting).optional(),
  /**
   * What a reader would type to find the page, in their words rather than its title's: searched
   * with a weight of their own, shown nowhere.
   */
  keywords: z.array(z.string().trim().min(1).max(MAX_KEYWORD_CHARS)).max(MAX_KEYWORDS).optional(),
  /**
   * What the page's search score is multiplied by, 0.1 to 2: below 1 for a page that answers
   * lookups (a resource's endpoints), so a question in prose finds the guide first. @default 1
   */
  search_weight: z.number().min(0.1).max(2).optional(),
  /**
   * The pages this page's sections came from: a link to one of its `#id`s there that the page no
   * longer has leads here (src/node/site/moved-anchors.ts). A `#section` names the old page's
   * section that became this whole page. @example [/api/rest/#workflows]
   */
  moved_from: z
    .union([movedFrom, z.array(movedFrom).min(1).max(MAX_MOVED_FROM)])
    .transform((v) => (typeof v === "string" ? [v] : v))
    .optional(),
});

/** Validated frontmatter of one page. */
export type Frontmatter = z.output<typeof frontmatterSchema> & { meta: MetaTag[] };

/** Where a frontmatter value starts in the file: 1-based line and column of its first character. */
export interface ValuePosition {
  line: number;
  column: number;
}

/** The keys whose text may read site values (`{{ site.limits.tmp }}`). */
export const VALUE_KEYS = ["title", "description"] as const;

/** The result: frontmatter, the body, and the 1-based line of the body's first line in the file. */
export interface ParsedFrontmatter {
  frontmatter: Frontmatter;
  body: string;
  bodyLine: number;
  /** Where the title and the description that read site values start, for their diagnostics. */
  valuesAt: Partial<Record<(typeof VALUE_KEYS)[number], ValuePosition>>;
  /** The line of `moved_from:`, when the page has one (the site's check reports its problems there). */
  movedFromLine?: number;
}
