/** The site model: plain data from which every output file is rendered. */
import type { ParsedPage } from "../content/parse-page.ts";
import type { OutlineLevels } from "../shared/outline.ts";
import type { Header, NavLink, SearchDoc, SidebarNode } from "../shared/types.ts";

/** A page record with the fields of spec §3 plus what rendering needs. */
export interface Page {
  title: string;
  description: string;
  frontmatter: ParsedPage["frontmatter"];
  /** The route: `/limits/`. */
  regularPath: string;
  /** Path relative to the content folder: `limits.md`. */
  relativePath: string;
  /** A stable id derived from the route. */
  key: string;
  /** The full URL path: `/docs/v2/limits/`. */
  path: string;
  headers: Header[];
  /** Heading levels of the outline (frontmatter, else the site default); null for none. */
  outline: OutlineLevels | null;
  layout: string;
  prev: NavLink | null;
  next: NavLink | null;
  editUrl: string;
  html: string;
  file: string;
}

/** A redirect: from a route (slash form) to a page route plus optional `#hash`. */
export interface Redirect {
  from: string;
  to: string;
}

/** Everything the render and write stages need. */
export interface SiteModel {
  pages: Page[];
  sidebar: SidebarNode[];
  sidebarComplete: boolean;
  redirects: Redirect[];
  searchDocs: SearchDoc[];
}
