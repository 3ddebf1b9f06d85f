/**
 * The search index files, shared by the build that writes them and the browser that reads them
 * (docs/decisions.md, "Search"). One document per page; fields title, description, headings,
 * keywords (the frontmatter's) and body; postings hold term frequencies, which the ranking
 * (rank.ts) scores.
 */

/** Bumped whenever the files change shape. */
export const SEARCH_FORMAT = 4;

/**
 * Characters of a section's text that are indexed: all of it on our docs (the longest section has
 * 3,345), a bound for pathological pages. The content stage counts the terms (search-data.ts) and
 * keeps only the counts, so the text costs no memory after parsing.
 */
export const SEARCH_SECTION_CHARS = 4000;

/** The fields of a page, in the order of every per-field array in the files. */
export const SEARCH_FIELDS = ["title", "description", "headings", "keywords", "body"] as const;

/** BM25's term-frequency saturation (lunr's default). */
export const BM25_K1 = 1.2;
/**
 * BM25's length normalisation per field (SEARCH_FIELDS order). Headings are a list of separate
 * short titles: a page with thirty sections should not have each heading count for less; keywords
 * a list of phrases likewise, a little more normalised so that a long list does not win by length.
 */
export const BM25_B = [0.75, 0.75, 0.2, 0.3, 0.75];

/**
 * In each field, a term keeps the postings of at most this many pages, those where it weighs most
 * (BM25 without idf); the rest of its pages are only counted (`common`). A word on thousands of
 * pages ranks little, and scoring thousands of pages per keystroke is what makes lunr slow
 * (docs/decisions.md: the figures at 4,000 pages).
 */
export const MAX_PAGES_PER_TERM = 200;

/** A term's BM25 weight in a field, without idf: what the postings kept for a common term are chosen by. */
export function bm25Weight(tf: number, field: number, length: number, average: number): number {
  const b = BM25_B[field]!;
  return ((BM25_K1 + 1) * tf) / (BM25_K1 * (1 - b + (b * length) / (average || 1)) + tf);
}

/** The postings of some terms: which pages hold each term, in which field, how often. */
export interface SearchPostings {
  /** Sorted terms (JavaScript string order); a term's number is its position here. */
  terms: string[];
  /**
   * Per field (SEARCH_FIELDS order), runs of `termDelta, pageCount, pageDelta…`: the term's
   * number minus the previous run's (from -1), how many pages follow, then each page number minus
   * the previous one (from -1), followed by `-tf` when the page holds the term more than once.
   */
  fields: number[][];
  /** Terms whose postings were cut to MAX_PAGES_PER_TERM in some field: `[term number, pages holding it], …` flat. */
  common?: number[];
}

/** The file the route manifest names (`search.<hash>.json`): pages, synonyms, postings or shards. */
export interface SearchHead {
  v: typeof SEARCH_FORMAT;
  fields: string[];
  /** Pages in index order: route, title, description ("" when the site is sharded: page data has it). */
  pages: [string, string, string][];
  /** Per field, each page's length in terms (for BM25's length normalisation). */
  lengths: number[][];
  /** Query-time synonyms: a word or phrase, and what else to look for. */
  synonyms: [string, string[]][];
  /** Every field's postings on a small site; the titles' alone on a sharded one. */
  postings: SearchPostings;
  /**
   * Sharded sites: `[key, file]` sorted by key, where a shard holds the other fields' postings of
   * every term whose shardKey is at least its key and below the next one. Empty: no shards.
   */
  shards: [string, string][];
  /** `[page, weight]` of the pages whose score is multiplied by other than 1 (frontmatter `search_weight`). */
  weights?: [number, number][];
}

/** A shard file (`search.<n>.<hash>.json`). */
export interface SearchShard {
  v: typeof SEARCH_FORMAT;
  postings: SearchPostings;
}

/** Which shard a term belongs to: its first two characters, so a prefix of two or more never spans shards. */
export function shardKey(term: string): string {
  return term.slice(0, 2);
}

/** The file of the shard that holds `term`, or undefined on a site without shards. */
export function shardFor(head: SearchHead, term: string): string | undefined {
  const key = shardKey(term);
  let found: string | undefined;
  for (const [k, file] of head.shards) {
    if (k > key) break;
    found = file;
  }
  return found;
}

/** Calls `visit` for every (term, field, page, tf) of the postings, terms in order. */
export function readPostings(
  p: SearchPostings,
  visit: (term: number, field: number, page: number, tf: number) => void,
): void {
  p.fields.forEach((runs, field) => {
    let term = -1;
    let i = 0;
    while (i < runs.length) {
      term += runs[i++]!;
      const count = runs[i++]!;
      let page = -1;
      for (let n = 0; n < count; n++) {
        page += runs[i++]!;
        let tf = 1;
        if (i < runs.length && runs[i]! < 0) tf = -runs[i++]!;
        visit(term, field, page, tf);
      }
    }
  });
}

/**
 * Encodes postings of `terms` (sorted) for `fieldCount` fields: `pagesOf(term, field, add)` calls
 * `add(page, tf)` for each page holding that term (by its number here) in that field, pages ascending.
 */
export function writePostings(
  terms: string[],
  fieldCount: number,
  pagesOf: (term: number, field: number, add: (page: number, tf: number) => void) => void,
): SearchPostings {
  const fields: number[][] = [];
  const run: number[] = [];
  for (let field = 0; field < fieldCount; field++) {
    const out: number[] = [];
    let prevTerm = -1;
    for (let term = 0; term < terms.length; term++) {
      run.length = 0;
      let prevPage = -1;
      let count = 0;
      pagesOf(term, field, (page, tf) => {
        run.push(page - prevPage);
        if (tf > 1) run.push(-tf);
        prevPage = page;
        count++;
      });
      if (!count) continue;
      out.push(term - prevTerm, count);
      for (const v of run) out.push(v);
      prevTerm = term;
    }
    fields.push(out);
  }
  return { terms, fields };
}
