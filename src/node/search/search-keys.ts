/**
 * What the search stage knows a page's document and an index by: a page's print (two pages with
 * the same print count the same), where the last index's pages go now, and an index's key.
 */
import { createHash } from "node:crypto";
import type { SearchOptions } from "./index-files.ts";
import type { SearchPage } from "../../shared/types.ts";
import type { SearchTask } from "./task.ts";
import { hashKey } from "../core/cache-keys.ts";
import type { SearchCounts } from "./search-stage.ts";

/**
 * What a page's document is, in 27 characters: two pages with the same print count the same. Its
 * body's hash is taken from `used` or `last` (the last build's), else made, and kept in `used`.
 */
export function fingerprint(
  page: SearchPage,
  used: Map<string, string>,
  last: ReadonlyMap<string, string>,
): string {
  const body = used.get(page.body) ?? last.get(page.body) ?? hash(page.body);
  used.set(page.body, body);
  return hash(
    JSON.stringify([
      page.route,
      page.title,
      page.description,
      page.keywords,
      page.headings,
      body,
      page.weight ?? 1,
    ]),
  );
}

/**
 * Where the pages of the last index go now: `places[old page]` is the new place of a page whose
 * route and print are the same (-1 for the others); `placed[new page]` says which were.
 */
export function placesIn(
  last: SearchCounts,
  routes: string[],
  prints: (string | undefined)[],
): { places: Int32Array; placed: boolean[] } {
  const at = new Map(last.routes.map((route, j) => [route, j]));
  const places = new Int32Array(last.routes.length).fill(-1);
  const placed = routes.map((route, i) => {
    const j = at.get(route);
    if (j === undefined || prints[i] === undefined || last.prints[j] !== prints[i]) return false;
    places[j] = i;
    return true;
  });
  return { places, placed };
}

/** What the index's files read of each page besides its counts. */
export function indexed(pages: SearchPage[]): SearchTask["pages"] {
  return pages.map((p) => ({
    route: p.route,
    title: p.title,
    description: p.description,
    ...(p.weight !== undefined && { weight: p.weight }),
  }));
}

function hash(text: string): string {
  return createHash("sha1").update(text).digest("base64");
}

/** What the search index of a build depends on: its documents and options, and the generator. */
export function searchKey(prints: string[], options: SearchOptions, generator: string): string {
  return hashKey(generator, JSON.stringify(options), prints.join("\n"));
}
