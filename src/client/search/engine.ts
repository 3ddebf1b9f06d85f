/**
 * The search engine, loaded on first use (its own chunk, with lunr). Ranks pages, not sections:
 * lunr's BM25 score (a title or heading match outweighs body text), scaled by how many of the
 * query's concepts the page matches. Shards of a large site's index are fetched for the words
 * typed; each listed page's sections come from its page data, fetched once the typing pauses.
 */
import type lunr from "lunr";
import {
  shardFor,
  type SearchHead,
  type SearchPostings,
  type SearchShard,
} from "../../shared/search-format.ts";
import type { SearchOption, SearchResultGroup } from "../../../templates/SearchResults.tsx";
import { toLunrIndex } from "./lunr-index.ts";
import type { PageSection } from "./page-sections.ts";
import { bestSections, firstMatch, mark, snippet, wordTest } from "./present.ts";
import {
  addClauses,
  conceptMatcher,
  exactTerms,
  lookupTerms,
  parseQuery,
  type Concept,
} from "./query.ts";

/** Most pages a result list shows, and most options in all. */
export const MAX_PAGES = 8;
const MAX_OPTIONS = 20;
/**
 * The ranking model on top of lunr's score: a page matching fewer of the query's concepts is
 * scaled down by (matched / all)^COVERAGE_POWER, and one whose title, description or headings
 * alone hold more of them is scaled up by up to 1 + FOCUS_WEIGHT (measured on the relevance set of
 * bench/search.mjs: top-1 and top-3 hold for powers 1-3 and weights 2-4).
 */
const COVERAGE_POWER = 2;
const FOCUS_WEIGHT = 2;
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
  const postings: SearchPostings[] = [head.postings];
  const shards = new Map<string, "loading" | "done">();
  let index: { index: lunr.Index; common: Set<string> } | null = null;
  const pages = new Map<string, { description: string; sections: PageSection[] } | "loading">();
  let wanted: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: { query: string; index: object; ranked: number[] } | null = null;

  const fetchShards = (concepts: Concept[]) => {
    for (const term of lookupTerms(concepts)) {
      const file = shardFor(head, term);
      if (!file || shards.has(file)) continue;
      shards.set(file, "loading");
      sources.shard(file).then(
        (s) => {
          postings.push(s.postings);
          index = null;
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
    const built = (index ??= toLunrIndex(head, postings));
    if (last?.query === query && last.index === built) return last.ranked;
    const inverted = (built.index as unknown as { invertedIndex: object }).invertedIndex;
    const known = (term: string) => Object.prototype.hasOwnProperty.call(inverted, term);
    const hits = built.index.query((q) => concepts.forEach((c) => addClauses(q, c, known)));
    const matchers = concepts.map(conceptMatcher);
    // A word on more pages than the index lists (common) cannot tell pages apart: it does not count.
    const required = concepts.map(
      (c) => c.required && !c.words.every((w) => exactTerms(w).every((t) => built.common.has(t))),
    );
    // Per matched term: which required concepts it stands for (a term may match by prefix or typo).
    const standsFor = new Map<string, number[]>();
    const conceptsOf = (term: string) => {
      let hits = standsFor.get(term);
      if (!hits)
        standsFor.set(
          term,
          (hits = matchers.flatMap((m, i) => (required[i] && m(term) > 0 ? [i] : []))),
        );
      return hits;
    };
    const total = Math.max(1, required.filter(Boolean).length);
    const ranked = hits
      .map((h) => {
        // How many concepts the page matches anywhere, and the most that one of its short fields
        // (title, description, headings) matches on its own: "api key" is about API keys, not a PGP key.
        const all = new Set<number>();
        const byField = new Map<string, Set<number>>();
        for (const [term, fields] of Object.entries(h.matchData.metadata)) {
          for (const i of conceptsOf(term)) {
            all.add(i);
            for (const f of Object.keys(fields))
              if (f !== "body") (byField.get(f) ?? byField.set(f, new Set()).get(f)!).add(i);
          }
        }
        const focus = Math.max(0, ...[...byField.values()].map((s) => s.size));
        return {
          page: Number(h.ref),
          rank:
            h.score *
            Math.pow(all.size / total, COVERAGE_POWER) *
            (1 + (FOCUS_WEIGHT * focus) / total),
        };
      })
      .sort((a, b) => b.rank - a.rank)
      .slice(0, MAX_PAGES)
      .map((r) => r.page);
    last = { query, index: built, ranked };
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
      // The page's own line: its description, or where its opening text matches when that does not.
      const about = description || loaded?.description || "";
      const intro = loaded?.sections[0];
      const text =
        firstMatch(about, test) < 0 && intro && firstMatch(intro.text, test) >= 0
          ? snippet(intro.text, test)
          : about;
      const options: SearchOption[] = [
        {
          id: "",
          kind: "page",
          href: sources.href(route, ""),
          heading: mark(title, test, true),
          snippet: mark(text, test),
        },
      ];
      for (const s of loaded ? bestSections(loaded.sections, test) : []) {
        options.push({
          id: "",
          kind: "section",
          href: sources.href(route, s.slug),
          heading: mark(s.heading, test, true),
          snippet: mark(snippet(s.text, test), test),
        });
      }
      return { id: `search-group-${page}`, options };
    });
    // Fewer options when many pages match: every page keeps its own option first.
    let budget = MAX_OPTIONS - groups.length;
    for (const g of groups) {
      const extra = Math.min(g.options.length - 1, Math.max(0, budget));
      budget -= extra;
      g.options.length = 1 + extra;
      for (const o of g.options) o.id = `search-option-${n++}`;
    }
    wanted = routes;
    clearTimeout(timer);
    if (routes.length) timer = setTimeout(fetchPages, SECTIONS_DELAY_MS);
    return groups;
  };
}
