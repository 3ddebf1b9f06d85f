/**
 * Builds a lunr index from the postings loaded so far (the head, and the shards fetched for the
 * words typed). lunr itself then expands prefixes and typos over its token set and scores with the
 * field vectors made here: BM25 as lunr's own builder computes it, from term frequencies and
 * field lengths, with the field boosts of our ranking model.
 */
import lunr from "lunr";
import { readPostings, SEARCH_FIELDS, type SearchHead, type SearchPostings } from "../../shared/search-format.ts";

/** How much a match in each field counts (SEARCH_FIELDS order): a title match outranks a page that only mentions the word. */
export const FIELD_BOOSTS = [10, 3, 5, 1];
const K1 = 1.2;
/**
 * BM25's length normalisation per field. Headings are a list of separate short titles: a page
 * with thirty sections should not have each heading count for less, so they are barely normalised.
 */
const B = [0.75, 0.75, 0.2, 0.75];

/** A lunr index over `postings` (each file's own term numbers); refs are page numbers in the head. */
export function toLunrIndex(head: SearchHead, postings: SearchPostings[]): lunr.Index {
  const fields = SEARCH_FIELDS as readonly string[];
  const pageCount = head.pages.length;
  const average = head.lengths.map((ls) => ls.reduce((a, b) => a + b, 0) / Math.max(1, pageCount));
  // term → [field, page, tf, …]; a term may come from the head (titles) and from a shard.
  const byTerm = new Map<string, number[]>();
  for (const p of postings) {
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
    const idf = Math.log(1 + Math.abs((pageCount - pages.size + 0.5) / (pages.size + 0.5)));
    for (let i = 0; i < list.length; i += 3) {
      const [field, page, tf] = [list[i]!, list[i + 1]!, list[i + 2]!];
      const name = fields[field]!;
      (posting[name] as Record<string, object>)[page] = {};
      const norm = K1 * (1 - B[field]! + (B[field]! * head.lengths[field]![page]!) / (average[field]! || 1));
      // Terms are visited in index order, so each vector's elements stay sorted as lunr needs.
      (vectors[`${name}/${page}`] ??= []).push(index, (idf * (K1 + 1) * tf * FIELD_BOOSTS[field]!) / (norm + tf));
    }
    invertedIndex[term] = posting;
  });
  const fieldVectors: Record<string, lunr.Vector> = {};
  for (const [ref, elements] of Object.entries(vectors)) fieldVectors[ref] = new lunr.Vector(elements);
  // lunr 2.3's constructor reads `fieldVectors`, and fromArray is static (its typings say otherwise).
  const tokenSet = (lunr.TokenSet as unknown as { fromArray(sorted: string[]): lunr.TokenSet }).fromArray(terms);
  const attrs = { invertedIndex, fieldVectors, tokenSet, fields: [...fields], pipeline: new lunr.Pipeline() };
  return new lunr.Index(attrs as unknown as lunr.Index.Attributes);
}
