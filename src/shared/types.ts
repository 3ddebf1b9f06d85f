/** Data shared by the build, the templates and the browser client. No node:, no DOM. */
import type { OutlineLevels } from "./outline.ts";
import type { MovedAnchors } from "./moved-anchors.ts";

/** A `##` or `###` heading of a page (spec §3). */
export interface Header {
  level: 2 | 3;
  title: string;
  slug: string;
}

/** A `meta` entry from frontmatter or config. */
export interface MetaTag {
  name?: string;
  property?: string;
  content: string;
}

/** A link in the sidebar or the pagination. */
export interface NavLink {
  text: string;
  route: string;
}

/** A node of the resolved sidebar: a page link or a group. */
export type SidebarNode =
  | { kind: "page"; text: string; route: string }
  | { kind: "group"; text: string; route?: string; items: SidebarNode[] };

/** What the client needs to show one page: the content of its hashed data file. */
export interface PageData {
  route: string;
  title: string;
  description: string;
  layout: string;
  headers: Header[];
  prev: NavLink | null;
  next: NavLink | null;
  editUrl: string;
  meta: MetaTag[];
  /** Heading levels of the "On this page" outline (frontmatter `outline`, else the site's), null for none. */
  outline: OutlineLevels | null;
  /** When the page's source file last changed (its last commit), when git knows it. */
  lastUpdated?: { iso: string; text: string };
  /** The article body as HTML, built from the page's Markdown. */
  html: string;
}

/** A version offered by the version menu. */
export interface VersionLink {
  text: string;
  link: string;
  badge?: string;
}

/** The announcement above the header (config `banner`): text, an optional link, an id to remember dismissal by. */
export interface Banner {
  id: string;
  text: string;
  link?: { text: string; href: string };
}

/** Site-wide data for templates and client (one hashed file; embedded nowhere twice). */
export interface SiteData {
  title: string;
  description: string;
  base: string;
  siteUrl: string;
  sidebar: SidebarNode[];
  /** Render every sidebar link on every page (small sites), or only the current branch. */
  sidebarComplete: boolean;
  versions: VersionLink[];
  navigation: { chunkTimeoutMs: number; progressDelayMs: number; scrollSpyThrottleMs: number };
  gtmId: string;
  /** The announcement, or null. */
  banner: Banner | null;
}

/** Where the client finds hashed files: written as `manifest.<hash>.json`. */
export interface RouteManifest {
  /** route → file name under the assets folder of its page data. */
  pages: Record<string, string>;
  /** redirect source route → target (route plus optional #hash). */
  redirects: Record<string, string>;
  /** file name of the search index's head (src/shared/search/format.ts) under the assets folder. */
  search: string;
  /** route of a page that lost sections → where each of its old `#id`s went (src/shared/moved-anchors.ts). */
  moved?: Record<string, MovedAnchors>;
}

/** What the search index takes from a page's body (the content stage makes it: src/node/content/search-data.ts). */
export interface PageSearchData {
  /** The `##`/`###` headings, as written. */
  headings: string[];
  /** The body's index terms, counted: `term term:3 …` (src/node/search/tally.ts, countSearchTerms). */
  body: string;
}

/** What the search index is built from: one page. Plain data: the build may hand it to a worker. */
export interface SearchPage extends PageSearchData {
  route: string;
  title: string;
  description: string;
  /** The frontmatter's `keywords`: what readers type for the page, in their words. */
  keywords?: string[];
  /** The frontmatter's `search_weight`: what the page's score is multiplied by (1 when absent). */
  weight?: number;
}

/** Data embedded in every page for hydration (the page minus its HTML, which the DOM holds). */
export interface BootData {
  page: Omit<PageData, "html">;
  siteFile: string;
  manifestFile: string;
  /** The assets folder's URL (`/docs/v2/assets/`): the client names no folder of the output itself. */
  assetsUrl: string;
  /** analytics.gtmId ("" for none): the first page view is sent before React loads. */
  gtmId: string;
  /** navigation.scrollSpyThrottleMs: the page script's scroll-spy runs before React loads. */
  scrollSpyThrottleMs: number;
}
