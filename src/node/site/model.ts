/** The site model: plain data from which every output file is rendered. */
import type { Frontmatter } from "../content/frontmatter/frontmatter-schema.ts";
import type { OutlineLevels } from "../../shared/outline.ts";
import type { LastUpdated } from "../content/git-dates.ts";
import type { NavLink, SidebarNode } from "../../shared/types.ts";

/** A page record with the fields of spec §3 (headers come with its parse) plus what rendering needs. */
export interface PlannedPage {
  title: string;
  description: string;
  frontmatter: Frontmatter;
  /** The route: `/limits/`. */
  regularPath: string;
  /** Path relative to the content folder: `limits.md`. */
  relativePath: string;
  /** A stable id derived from the route (names the page's data file). */
  key: string;
  /** The full URL path: `/docs/v2/limits/`. */
  path: string;
  /** Heading levels of the outline (frontmatter, else the site default); null for none. */
  outline: OutlineLevels | null;
  /** The last commit of the page's source file, when git knows it. */
  lastUpdated?: LastUpdated;
  layout: string;
  prev: NavLink | null;
  next: NavLink | null;
  editUrl: string;
  /** The source file as diagnostics name it. */
  file: string;
  /** The line of its frontmatter's `moved_from:` (src/node/site/moved-anchors.ts reports there). */
  movedFromLine?: number;
}

/** A redirect: from a route (slash form) to a page route plus optional `#hash`. */
export interface Redirect {
  from: string;
  to: string;
}

/** What the site is before any body is parsed: its pages in order, the sidebar and the redirects. */
export interface SitePlan {
  pages: PlannedPage[];
  sidebar: SidebarNode[];
  /** Render every sidebar link on every page (small sites), or only the current branch. */
  sidebarComplete: boolean;
  redirects: Redirect[];
}

/** Whether the site lists a page (its sitemap, llms.txt, the search index): every page but the not-found layout. */
export function isListed(page: PlannedPage): boolean {
  return page.layout !== "not-found";
}
