/**
 * The search box's engine, loaded on first use (its own chunk). Pages are ranked by the shared
 * ranking (src/shared/search/rank.ts), the same a Node caller gets. Shards of a large site's index are fetched for the words
 * typed; each listed page's sections come from its page data, fetched once the typing pauses.
 */
import { shardFor, type SearchHead, type SearchShard } from "../../shared/search/format.ts";
import type { SearchOption, SearchResultGroup } from "../../../templates/SearchResults.tsx";
import { parseQuery, lookupTerms, type Concept } from "../../shared/search/query.ts";
import { rankPages } from "../../shared/search/rank.ts";
import { SearchReader } from "../../shared/search/reader.ts";
import {
  type PageSection,
  bestSections,
  firstMatch,
  mark,
  snippet,
  wordTest,
} from "../../shared/search/present.ts";
import { searchGroupId, searchOptionId } from "../../shared/site-ids.ts";

/** Most pages a result list shows, and most options in all. */
export const MAX_PAGES = 8;
const MAX_OPTIONS = 20;
/** Page data for the listed pages is fetched once the query has been still this long. */
const SECTIONS_DELAY_MS = 120;
/** Pages whose sections are kept for the session (the oldest go first). */
const PAGES_KEPT = 64;

/** What the engine fetches: shards by file name, a page's description and sections by route. */
export interface SearchSources {
  shard(file: string): Promise<SearchShard>;
  page(route: string): Promise<{ description: string; sections: PageSection[] }>;
  /** The link of a page (`slug` "") or of one of its sections. */
  href(route: string, slug: string): string;
}

/** A loaded index: `search(query)` → results grouped by page, best first. */
export type Search = (query: string) => SearchResultGroup[];

/** Creates the engine over a head file; `onUpdate` runs when a shard or page data arrives (search again). */
export function createSearch(
  head: SearchHead,
  sources: SearchSources,
  onUpdate: () => void = () => {},
): Search {
  const reader = new SearchReader(head);
  const shards = new Map<string, "loading" | "done">();
  const pages = new Map<string, { description: string; sections: PageSection[] } | "loading">();
  let wanted: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: { query: string; version: number; ranked: number[] } | null = null;

  const fetchShards = (concepts: Concept[]) => {
    for (const term of lookupTerms(concepts)) {
      const file = shardFor(head, term);
      if (!file || shards.has(file)) continue;
      shards.set(file, "loading");
      sources.shard(file).then(
        (s) => {
          reader.add(s.postings);
          shards.set(file, "done");
          onUpdate();
        },
        // Left "loading": not fetched again on every key; results come from what did load.
        (e: unknown) => console.error("docs: search shard failed to load", file, e),
      );
    }
  };

  const fetchPages = () => {
    for (const route of wanted) {
      if (pages.has(route)) continue;
      pages.set(route, "loading");
      sources.page(route).then(
        (p) => {
          pages.set(route, p);
          for (const [old, v] of pages) {
            if (pages.size <= PAGES_KEPT) break;
            if (v !== "loading") pages.delete(old);
          }
          onUpdate();
        },
        () => pages.delete(route),
      );
    }
  };

  const rank = (query: string, concepts: Concept[]) => {
    if (last?.query === query && last.version === reader.version) return last.ranked;
    const ranked = rankPages(reader, concepts, MAX_PAGES).map((r) => r.page);
    last = { query, version: reader.version, ranked };
    return ranked;
  };

  return (query) => {
    const concepts = parseQuery(query, head.synonyms);
    if (!concepts.length) return [];
    fetchShards(concepts);
    const ranked = rank(query, concepts);
    const test = wordTest(concepts);
    const routes: string[] = [];
    let n = 0;
    const groups = ranked.map((page) => {
      const [route, title, description] = head.pages[page]!;
      const data = pages.get(route);
      const loaded = data && data !== "loading" ? data : undefined;
      if (!loaded) routes.push(route);
      // The page's own line: its description, or where its opening text matches when that does
      // not; when neither does, the page's best section (the option then leads to it).
      const about = description || loaded?.description || "";
      const intro = loaded?.sections[0];
      const sections = loaded ? bestSections(loaded.sections, test) : [];
      const introMatches = intro !== undefined && firstMatch(intro.text, test) >= 0;
      const lead =
        firstMatch(about, test) < 0 && !introMatches && loaded ? sections.shift() : undefined;
      const text = firstMatch(about, test) < 0 && introMatches ? snippet(intro.text, test) : about;
      const options: SearchOption[] = [
        {
          id: "",
          kind: "page",
          href: sources.href(route, lead?.slug ?? ""),
          heading: mark(title, test, true),
          snippet: lead
            ? [...mark(lead.heading, test), " — ", ...mark(snippet(lead.text, test), test)]
            : mark(text, test),
        },
      ];
      for (const s of sections) {
        options.push({
          id: "",
          kind: "section",
          href: sources.href(route, s.slug),
          heading: mark(s.heading, test, true),
          snippet: mark(snippet(s.text, test), test),
        });
      }
      return { id: searchGroupId(page), options };
    });
    // Fewer options when many pages match: every page keeps its own option first.
    let budget = MAX_OPTIONS - groups.length;
    for (const g of groups) {
      const extra = Math.min(g.options.length - 1, Math.max(0, budget));
      budget -= extra;
      g.options.length = 1 + extra;
      for (const o of g.options) o.id = searchOptionId(n++);
    }
    wanted = routes;
    clearTimeout(timer);
    if (routes.length) timer = setTimeout(fetchPages, SECTIONS_DELAY_MS);
    return groups;
  };
}
