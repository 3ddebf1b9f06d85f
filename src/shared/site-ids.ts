/**
 * The ids of the site's own elements, in one place for the templates, the client and the
 * Markdown pass. A page's content lives in the same document, so its ids (heading slugs, `{#id}`)
 * must never take one of these: the first element with an id is the one `getElementById` finds,
 * and the skip link, the sidebar toggle, the search box and the client's boot data are found by
 * id. A `{#id}` that names one is an error; a heading whose text makes one gets the next free
 * `-1`, `-2` (src/node/content/markdown/heading-ids.ts).
 */

/** The site's elements that have an id. */
export const SITE_ID = {
  /** The element React hydrates. */
  app: "app",
  /** The page's boot data: `<script type="application/json">` (the client finds it by place too). */
  boot: "brook-boot",
  /** The skip link's target (docs/design.md §4). */
  main: "main",
  sidebar: "sidebar",
  searchInput: "search-input",
  searchResults: "search-results",
  versionList: "version-list",
  feedbackTitle: "feedback-title",
  /** The dev server's error overlay. */
  devOverlay: "brook-dev-overlay",
} as const;

/** The label of the sidebar's group `i`. */
export const sidebarGroupId = (i: number): string => `sidebar-group-${i}`;
/** A search result's group (`page`: the page's place in the index). */
export const searchGroupId = (page: number): string => `search-group-${page}`;
/** Search option `n`; its title is `${id}-title`. */
export const searchOptionId = (n: number): string => `search-option-${n}`;

// What follows is the build's, never the client's: marked pure (or a function), so the client's
// bundles, which read only the ids above, leave it out.

/** The fixed ids, for a slugger to treat as taken. */
export const FIXED_SITE_IDS: readonly string[] = /* @__PURE__ */ Object.values(SITE_ID);
const NUMBERED_RE = /^(?:sidebar-group|search-group|search-option)-\d+$|^search-option-\d+-title$/;

/** The reserved ids as a writer reads them in a message. */
export function siteIdsShown(): string {
  return `${FIXED_SITE_IDS.join(", ")}, sidebar-group-N, search-group-N, search-option-N`;
}

/** Whether `id` is one the site's own elements use or may use. */
export function isSiteId(id: string): boolean {
  return FIXED_SITE_IDS.includes(id) || NUMBERED_RE.test(id);
}
