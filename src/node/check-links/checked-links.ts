/** The list of links check-links looked at, for `--format json`: each distinct target once, with a count. */
import { pathToRoute } from "../../shared/url.ts";

/** What a checked link points at. */
export type LinkKind = "page" | "anchor" | "asset" | "external" | "redirect" | "sitemap";

/** One distinct link target of the build. */
export interface CheckedLink {
  /** A site path with its #hash for links into the build (`/docs/v2/limits/#http`), the URL as written for external ones. */
  url: string;
  kind: LinkKind;
  /** How many times the build links it. */
  count: number;
  /** With `--external`: the server's final HTTP status, or null when none came. */
  status?: number | null;
}

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;

/** Collects checked links; `total` counts every occurrence (the report's `checked`). */
export class CheckedLinks {
  private readonly byKey = new Map<string, CheckedLink>();
  total = 0;

  /** Records one occurrence. */
  add(url: string, kind: LinkKind): void {
    this.total++;
    const key = `${kind}\0${url}`;
    const hit = this.byKey.get(key);
    if (hit) hit.count++;
    else this.byKey.set(key, { url, kind, count: 1 });
  }

  /**
   * Records a URL found in a built HTML file, classified as check-links treats it; `resolve`
   * gives a relative URL's site path (pathname, search and hash) against the file's.
   */
  addFromHtml(
    value: string,
    resolve: (value: string) => string,
    isPageLink: boolean,
    site: { origin: string; base: string },
  ): void {
    if (value.startsWith("//")) return this.add(value, "external");
    if (SCHEME_RE.test(value)) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(value);
      } catch {
        parsed = undefined;
      }
      // The site's own origin under the base is a link into the build, as check-links treats it.
      if (
        parsed &&
        parsed.origin === site.origin &&
        pathToRoute(site.base, parsed.pathname) !== null
      )
        return this.add(
          parsed.pathname + parsed.search + parsed.hash,
          isPageLink ? "page" : "asset",
        );
      return this.add(value, "external");
    }
    const path = resolve(value);
    if (value.startsWith("#")) return this.add(path.replace(/index\.html(?=#)/, ""), "anchor");
    this.add(path, isPageLink ? "page" : "asset");
  }

  /** Sets the network status of external links (`--external`). */
  setStatus(url: string, status: number | null): void {
    const hit = this.byKey.get(`external\0${url}`);
    if (hit) hit.status = status;
  }

  /** Every distinct link, sorted by kind then URL. */
  list(): CheckedLink[] {
    return [...this.byKey.values()].sort(
      (a, b) => a.kind.localeCompare(b.kind) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0),
    );
  }
}
