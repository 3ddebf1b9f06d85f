/** URL helpers shared by build and client: routes are `/x/y/`, paths are base + route. */

/** Joins the base (`/docs/v2/`) and a route (`/limits/`) into a path (`/docs/v2/limits/`). */
export function routeToPath(base: string, route: string): string {
  return base.replace(/\/$/, "") + route;
}

/** The route of a path under the base, or null when the path is outside it. */
export function pathToRoute(base: string, path: string): string | null {
  const trimmed = base.replace(/\/$/, "");
  if (path === trimmed) return "/";
  if (!path.startsWith(trimmed + "/")) return null;
  return path.slice(trimmed.length);
}

/** The canonical form of a route: a leading and a trailing slash, no `index.html` or `.html`. */
export function normalizeRoute(route: string): string {
  let r = route;
  if (r.endsWith("/index.html")) r = r.slice(0, -"index.html".length);
  else if (r.endsWith(".html")) r = r.slice(0, -".html".length) + "/";
  if (!r.startsWith("/")) r = "/" + r;
  if (!r.endsWith("/")) r += "/";
  return r;
}

/** Splits `route#hash` into its parts; hash without `#`, empty when absent. */
export function splitHash(target: string): { route: string; hash: string } {
  const i = target.indexOf("#");
  return i < 0
    ? { route: target, hash: "" }
    : { route: target.slice(0, i), hash: target.slice(i + 1) };
}

/** The page's `<title>`: `Title | Brook`, or the site title alone on the home page. */
export function documentTitle(siteTitle: string, pageTitle: string, route: string): string {
  return route === "/" || !pageTitle ? siteTitle : `${pageTitle} | ${siteTitle}`;
}

/**
 * The path of a page's Markdown for machines (docs/design.md §8): `/docs/v2/index.md` for the home
 * page, `/docs/v2/api/rest.md` for `/api/rest/`.
 */
export function markdownPath(base: string, route: string): string {
  return route === "/"
    ? base.replace(/\/?$/, "/") + "index.md"
    : routeToPath(base, route).replace(/\/$/, "") + ".md";
}
