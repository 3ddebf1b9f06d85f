/**
 * Builds a lunr index from the postings loaded so far (the head, and the shards fetched for the
 * words typed). lunr itself then expands prefixes and typos over its token set and scores with the
 * field vectors made here: BM25 as lunr's own builder computes it, from term frequencies and
 * field lengths, with the field boosts of our ranking model.
 */
import lunr from "lunr";
import {
  bm25Weight,
  readPostings,
  SEARCH_FIELDS,
  type SearchHead,
  type SearchPostings,
} from "../../shared/search-format.ts";

/** How much a match in each field counts (SEARCH_FIELDS order): a title match outranks a page that only mentions the word. */
export const FIELD_BOOSTS = [10, 3, 5, 1];

/** A lunr index over `postings` (each file's own term numbers; refs are page numbers in the head), and its common terms. */
export function toLunrIndex(
  head: SearchHead,
  postings: SearchPostings[],
): { index: lunr.Index; common: Set<string> } {
  const fields = SEARCH_FIELDS as readonly string[];
  const pageCount = head.pages.length;
  const average = head.lengths.map((ls) => ls.reduce((a, b) => a + b, 0) / Math.max(1, pageCount));
  // term → [field, page, tf, …]; a term may come from the head (titles) and from a shard.
  const byTerm = new Map<string, number[]>();
  // Common terms: how many pages hold them, their postings having been cut (MAX_PAGES_PER_TERM).
  const df = new Map<string, number>();
  for (const p of postings) {
    for (let i = 0; i < (p.common?.length ?? 0); i += 2)
      df.set(p.terms[p.common![i]!]!, p.common![i + 1]!);
    readPostings(p, (t, field, page, tf) => {
      const term = p.terms[t]!;
      let list = byTerm.get(term);
      if (!list) byTerm.set(term, (list = []));
      list.push(field, page, tf);
    });
  }
  const terms = [...byTerm.keys()].sort();
  const invertedIndex: Record<string, Record<string, unknown>> = {};
  const vectors: Record<string, number[]> = {};
  const pages = new Set<number>();
  terms.forEach((term, index) => {
    const list = byTerm.get(term)!;
    const posting: Record<string, unknown> = { _index: index };
    for (const f of fields) posting[f] = {};
    pages.clear();
    for (let i = 0; i < list.length; i += 3) pages.add(list[i + 1]!);
    const n = Math.max(pages.size, df.get(term) ?? 0);
    const idf = Math.log(1 + Math.abs((pageCount - n + 0.5) / (n + 0.5)));
    for (let i = 0; i < list.length; i += 3) {
      const [field, page, tf] = [list[i]!, list[i + 1]!, list[i + 2]!];
      const name = fields[field]!;
      (posting[name] as Record<string, object>)[page] = {};
      // Terms are visited in index order, so each vector's elements stay sorted as lunr needs.
      (vectors[`${name}/${page}`] ??= []).push(
        index,
        idf *
          bm25Weight(tf, field, head.lengths[field]![page]!, average[field]!) *
          FIELD_BOOSTS[field]!,
      );
    }
    invertedIndex[term] = posting;
  });
  const fieldVectors: Record<string, lunr.Vector> = {};
  for (const [ref, elements] of Object.entries(vectors))
    fieldVectors[ref] = new lunr.Vector(elements);
  // lunr 2.3's constructor reads `fieldVectors`, and fromArray is static (its typings say otherwise).
  const tokenSet = (
    lunr.TokenSet as unknown as { fromArray(sorted: string[]): lunr.TokenSet }
  ).fromArray(terms);
  const attrs = {
    invertedIndex,
    fieldVectors,
    tokenSet,
    fields: [...fields],
    pipeline: new lunr.Pipeline(),
  };
  return {
    index: new lunr.Index(attrs as unknown as lunr.Index.Attributes),
    common: new Set(df.keys()),
  };
}
