/** What check-links learns from the build itself: its base, origin, pages and route manifests. */
import type { LinkTargets } from "../core/link-rules.ts";
import { pathToRoute } from "../../shared/url.ts";
import type { BuiltSite } from "./built-site.ts";

/** What checkLink (src/node/core/link-rules.ts) needs, from the build: page routes with their ids, redirects, files. */
export function linkTargets(site: BuiltSite, base: string): LinkTargets {
  const t: LinkTargets = { base, pages: new Map(), redirects: new Map(), files: new Set() };
  for (const [path, { scan }] of site.html) {
    const route = path.endsWith("/index.html")
      ? pathToRoute(base, path.slice(0, -"index.html".length))
      : null;
    if (route === null) continue;
    if (scan.refresh) {
      const to = pathToRoute(base, scan.refresh.url.split("#")[0]!);
      if (to !== null)
        t.redirects.set(
          route,
          to +
            (scan.refresh.url.includes("#")
              ? scan.refresh.url.slice(scan.refresh.url.indexOf("#"))
              : ""),
        );
    } else t.pages.set(route, scan.ids);
  }
  for (const f of site.files) {
    const route = pathToRoute(base, f);
    if (route !== null && !f.endsWith(".html")) t.files.add(route);
  }
  return t;
}

/** The route manifests the pages' boot data names that are in the build. */
export function manifestFiles(site: BuiltSite): string[] {
  const named = new Set<string>();
  for (const { scan } of site.html.values())
    if (scan.boot?.manifestFile) named.add(scan.boot.manifestFile);
  return [...named].filter((f) => site.files.has(f));
}

/** The base path, when the build left no link map: where the route manifest is. */
export function detectBase(site: BuiltSite): string {
  for (const f of site.files) {
    const m = /^(.*\/)routes\.json$/.exec(f);
    if (m && site.files.has(`${m[1]}404.html`)) return m[1]!;
  }
  return "/";
}

/** The site's origin, when no config is at hand: from the canonical links. */
export function detectSiteUrl(site: BuiltSite): string {
  for (const { scan } of site.html.values()) {
    const canonical = scan.urls.find((u) => u.rel === "canonical");
    if (canonical) {
      try {
        return new URL(canonical.value).origin;
      } catch {
        // try the next page
      }
    }
  }
  return "https://site.invalid";
}
