/**
 * Relative URLs of the build resolved to site paths (`pathname?search#hash`), each distinct one
 * once: every page repeats the same header and sidebar links, so a build of a hundred pages has a
 * few thousand distinct URLs among its tens of thousands.
 */
const ORIGIN = "http://site.invalid";

export class SitePaths {
  private readonly absolute = new Map<string, string>();
  private readonly relative = new Map<string, string>();

  /** The site path `value` (no scheme, not `//`) names on the page at site path `page`. */
  resolve(value: string, page: string): string {
    // An absolute path resolves the same way on every page; a relative one (`#x` too) against the page.
    const absolute = value.startsWith("/");
    const key = absolute ? value : `${page}\0${value}`;
    const cache = absolute ? this.absolute : this.relative;
    let path = cache.get(key);
    if (path === undefined) {
      const url = new URL(value, ORIGIN + page);
      path = url.pathname + url.search + url.hash;
      cache.set(key, path);
    }
    return path;
  }
}
