/**
 * Search over the index files' contents, for a caller that has them all (the `brook-docs mcp`
 * server, the relevance test and benchmark): the same parsing and ranking as the search box, no
 * DOM and no Node API. Read the head (the file the route manifest's `search` names) and every
 * shard it lists (`head.shards`), parse them as JSON, and pass them here.
 */
import type { SearchHead, SearchShard } from "./format.ts";
import { parseQuery } from "./query.ts";
import { rankPages } from "./rank.ts";
import { SearchReader } from "./reader.ts";

/** A page found: its route (as in the route manifest), title, description, and score (higher is better). */
export interface SearchHit {
  route: string;
  title: string;
  description: string;
  score: number;
}

/** A query function over loaded index files: `(query, limit = 8)` → pages, best first. */
export type SearchFn = (query: string, limit?: number) => SearchHit[];

/** Loads the index files once; the function it returns answers queries against them. */
export function openSearch(head: SearchHead, shards: SearchShard[] = []): SearchFn {
  const reader = new SearchReader(head);
  for (const s of shards) reader.add(s.postings);
  return (query, limit = 8) =>
    rankPages(reader, parseQuery(query, head.synonyms), limit).map(({ page, score }) => {
      const [route, title, description] = head.pages[page]!;
      return { route, title, description, score };
    });
}
