/**
 * Where a built link came from, read from the link map the build wrote beside the output
 * (src/node/core/link-map.ts): the Markdown file, line and column of each link, the config line of
 * each redirect. Neither content/ nor the build cache is read: the map is enough. A link the map
 * does not know came from a template and is reported against the built file.
 */
import type { LinkRef } from "../content/markdown/markdown.ts";
import { readLinkMap, type LinkMap } from "../core/link-map.ts";

/** A place to report a problem at. */
export interface Place {
  file: string;
  line?: number;
  column?: number;
  /** True when the place is a Markdown or config file (not the built output). */
  source: boolean;
  /** The link as written in the Markdown, when it differs from the built href. */
  written?: string;
}

/** The sources of a build's links. */
export class LinkSources {
  private readonly used = new Map<string, number>();
  // A page's links by the form a problem names them in, made once a page: filtering every link of
  // the page for each problem (and parsing each as a URL) grew with the square of its links
  // (2,000 broken anchors on one page: 7 s, 5,000: 44 s).
  private readonly indexes = new Map<string, Map<string, LinkRef[]>>();

  private constructor(private readonly map: LinkMap) {}

  /** The link map of the build in `dir`, if it wrote one. */
  static load(dir: string): LinkSources | undefined {
    const map = readLinkMap(dir);
    return map ? new LinkSources(map) : undefined;
  }

  /** The base path the build used. */
  get base(): string {
    return this.map.base;
  }

  /** The site's origin. */
  get siteUrl(): string {
    return this.map.siteUrl;
  }

  /**
   * The Markdown position of the `nth` (0-based) occurrence of `href` on the page of `route`: a
   * recorded link whose built form is `href`.
   */
  linkPlace(route: string, href: string): Place | undefined {
    const page = this.map.pages[route];
    if (!page) return undefined;
    const key = `${route}\0${href}`;
    const nth = this.used.get(key) ?? 0;
    this.used.set(key, nth + 1);
    const index = this.index(route, page.links, (l) => built(l, this.map.base));
    return nthPlace(page.file, index.get(href) ?? [], nth);
  }

  /**
   * The Markdown position of the `nth` occurrence of `url` in the `.md` of the page of `route`
   * (page-markdown.ts made its links absolute against `pageUrl`).
   */
  markdownLinkPlace(route: string, url: string, pageUrl: string): Place | undefined {
    const page = this.map.pages[route];
    if (!page) return undefined;
    const key = `md\0${route}\0${url}`;
    const nth = this.used.get(key) ?? 0;
    this.used.set(key, nth + 1);
    const absolute = (l: LinkRef) => {
      try {
        return new URL(built(l, this.map.base), pageUrl).href;
      } catch {
        return undefined;
      }
    };
    const index = this.index(`md\0${route}\0${pageUrl}`, page.links, absolute);
    return nthPlace(page.file, index.get(url) ?? [], nth);
  }

  /** The links under `key`, grouped by `form` (in the page's order), made on the first call. */
  private index(
    key: string,
    links: LinkRef[],
    form: (l: LinkRef) => string | undefined,
  ): Map<string, LinkRef[]> {
    let index = this.indexes.get(key);
    if (index) return index;
    index = new Map();
    for (const l of links) {
      const f = form(l);
      if (f === undefined) continue;
      const list = index.get(f);
      if (list) list.push(l);
      else index.set(f, [l]);
    }
    this.indexes.set(key, index);
    return index;
  }

  /** Where a redirect (`from` route, slash form) is configured. */
  redirectPlace(fromRoute: string): Place | undefined {
    const at = this.map.redirects[fromRoute];
    return at ? { ...at, source: true } : undefined;
  }
}

/** A recorded link as the build wrote it: site links carry the base. */
function built(link: LinkRef, base: string): string {
  if (link.scope !== "site" || link.url.startsWith(base)) return link.url;
  return base.replace(/\/$/, "") + link.url;
}

/** The place of the `nth` of the links that match (the last one when a page has fewer). */
function nthPlace(pageFile: string, matches: LinkRef[], nth: number): Place | undefined {
  const hit = matches[Math.min(nth, matches.length - 1)];
  return hit
    ? {
        file: hit.file ?? pageFile,
        line: hit.line,
        column: hit.column,
        source: true,
        written: hit.url,
      }
    : undefined;
}
