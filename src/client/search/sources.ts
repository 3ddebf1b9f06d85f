/** Where the engine's files come from in the browser: shards beside the head, sections from page data. */
import type { SearchShard } from "../../shared/search/format.ts";
import type { PageData, RouteManifest } from "../../shared/types.ts";
import { routeToPath } from "../../shared/url.ts";
import type { SearchSources } from "./engine.ts";
import { pageSections } from "./page-sections.ts";

/** Fetches from the assets folder (`assets`, its URL); page data files are named by the route manifest. */
export function fetchSources(
  base: string,
  assets: string,
  manifest: Promise<RouteManifest>,
): SearchSources {
  const json = async <T>(file: string): Promise<T> => {
    const r = await fetch(assets + file);
    if (!r.ok) throw new Error(`HTTP ${r.status}: ${file}`);
    return (await r.json()) as T;
  };
  return {
    shard: (file) => json<SearchShard>(file),
    async page(route) {
      const file = (await manifest).pages[route];
      if (!file) throw new Error(`no page data for ${route}`);
      const data = await json<PageData>(file);
      return { description: data.description, sections: pageSections(data) };
    },
    href: (route, slug) => routeToPath(base, route) + (slug && "#" + slug),
  };
}
