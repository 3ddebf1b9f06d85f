/**
 * The output's layout, named once: where the build puts each kind of file under the base, and
 * where the build, the servers, check-links and the reader's client look for it. Isomorphic (the
 * client reads it too): no node:, no DOM.
 *
 * ```
 * dist/                      the web root (404.html, _redirects, _headers, robots.txt)
 * dist/docs/v2/              the base: pages, routes.json, sitemap.xml, llms*.txt, values.json,
 *                            figures.json, openapi.yaml/.json
 * dist/docs/v2/assets/       content-hashed files: client, site data, search, pages/*.json
 * dist.links.json            the link map, beside the output folder
 * ```
 */

/** The folder of content-hashed files, under the base. */
export const ASSETS_FOLDER = "assets/";

/** The route manifest's name under the base: fixed, so that no page changes when another one does. */
export const MANIFEST_FILE = "routes.json";

/** The index of the pages' Markdown for machines, under the base; and all of it in one file. */
export const LLMS_INDEX_FILE = "llms.txt";
export const LLMS_FULL_FILE = "llms-full.txt";

/** The site's figures as the pages state them (config `values`), for tools, under the base. */
export const VALUES_FILE = "values.json";

/** Each figure with the sentence, page and section of the docs that state it, for tools, under the base. */
export const FIGURES_FILE = "figures.json";

/** The REST API's description as published, values resolved, under the base. */
export const OPENAPI_FILES = { yaml: "openapi.yaml", json: "openapi.json" } as const;

/** Each page's data file, under the assets folder. */
export const PAGE_DATA_FOLDER = "pages/";

/** What the link map's name adds to the output folder's: `dist` → `dist.links.json`. */
export const LINK_MAP_SUFFIX = ".links.json";

/** The assets folder as an output path: `/docs/v2/` → `docs/v2/assets/`. */
export function assetsPath(base: string): string {
  return base.slice(1) + ASSETS_FOLDER;
}

/** The URL of a file of the assets folder: `/docs/v2/assets/<file>`. */
export function assetUrl(base: string, file: string): string {
  return base + ASSETS_FOLDER + file;
}

/** The route manifest as an output path: `docs/v2/routes.json`. */
export function manifestPath(base: string): string {
  return base.slice(1) + MANIFEST_FILE;
}

/** The route manifest's URL: `/docs/v2/routes.json`. */
export function manifestUrl(base: string): string {
  return base + MANIFEST_FILE;
}

/** The site data file's name under the assets folder, by the hash of its content. */
export function siteDataName(hash: string): string {
  return `site.${hash}.json`;
}

/** Whether an output path is a site data file of this base (the dev server names it in an update). */
export function isSiteDataPath(base: string, path: string): boolean {
  const prefix = assetsPath(base) + "site.";
  return (
    path.startsWith(prefix) && path.endsWith(".json") && !path.slice(prefix.length).includes("/")
  );
}

/** A page's data file's name under the assets folder: `pages/<key>.<hash>.json`. */
export function pageDataName(key: string, hash: string): string {
  return `${PAGE_DATA_FOLDER}${key}.${hash}.json`;
}
