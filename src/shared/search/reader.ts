/**
 * The index files read into memory, for the ranking (rank.ts): each term's postings, its page
 * count, and the sorted terms that prefixes and typos are looked up in. Our own structure, not
 * lunr's: the ranking is BM25F (a term's frequencies in every field combined before they
 * saturate), which lunr's per-field vectors cannot express, and it needs each page's matched
 * terms per field, which lunr only hands back as metadata keyed by strings.
 */
import { readPostings, type SearchHead, type SearchPostings } from "./format.ts";

/** A term's postings: `[field, page, tf, …]` flat, in the order the files list them. */
export type TermPostings = number[];

/** The postings loaded so far (the head, and any shards fetched since), read for queries. */
export class SearchReader {
  /** How many pages the site has (idf's N). */
  readonly pageCount: number;
  /** Per field, the average length in terms over the pages (BM25's length normalisation). */
  readonly average: number[];
  private readonly byTerm = new Map<string, TermPostings>();
  /** Terms whose postings were cut: how many pages hold them. */
  private readonly common = new Map<string, number>();
  private sorted: string[] | null = null;
  private readonly dfCache = new Map<string, number>();
  /** Bumped whenever postings are added, so a caller can tell its cached results are stale. */
  version = 0;

  /** Per page, what its score is multiplied by (the head's `weights`, else 1). */
  readonly weight: Float64Array;

  constructor(readonly head: SearchHead) {
    this.pageCount = head.pages.length;
    this.weight = new Float64Array(this.pageCount).fill(1);
    for (const [page, w] of head.weights ?? [])
      if (page >= 0 && page < this.pageCount && w > 0) this.weight[page] = w;
    this.average = head.lengths.map(
      (ls) => ls.reduce((a, b) => a + b, 0) / Math.max(1, this.pageCount),
    );
    this.add(head.postings);
  }

  /** Adds the postings of a file (the head's, or a shard's). */
  add(p: SearchPostings): void {
    for (let i = 0; i < (p.common?.length ?? 0); i += 2)
      this.common.set(p.terms[p.common![i]!]!, p.common![i + 1]!);
    readPostings(p, (t, field, page, tf) => {
      const term = p.terms[t]!;
      let list = this.byTerm.get(term);
      if (!list) this.byTerm.set(term, (list = []));
      list.push(field, page, tf);
    });
    this.sorted = null;
    this.dfCache.clear();
    this.version++;
  }

  /** The postings of a term, or undefined when no loaded file holds it. */
  postings(term: string): TermPostings | undefined {
    return this.byTerm.get(term);
  }

  /** Whether a loaded file holds the term. */
  has(term: string): boolean {
    return this.byTerm.has(term);
  }

  /** Whether the term's postings were cut to the pages it weighs most on (it is on very many pages). */
  isCommon(term: string): boolean {
    return this.common.has(term);
  }

  /** How many pages hold the term, in any field. */
  df(term: string): number {
    let n = this.dfCache.get(term);
    if (n === undefined) {
      const list = this.byTerm.get(term) ?? [];
      const pages = new Set<number>();
      for (let i = 1; i < list.length; i += 3) pages.add(list[i]!);
      n = Math.max(pages.size, this.common.get(term) ?? 0);
      this.dfCache.set(term, n);
    }
    return n;
  }

  /** Inverse document frequency (BM25's, never negative). */
  idf(term: string): number {
    const n = this.df(term);
    return Math.log(1 + (this.pageCount - n + 0.5) / (n + 0.5));
  }

  /** How many pages hold the term in one field (a cut term: at least the pages kept). */
  fieldDf(term: string, field: number): number {
    const key = `${field}:${term}`;
    let n = this.dfCache.get(key);
    if (n === undefined) {
      const list = this.byTerm.get(term) ?? [];
      n = 0;
      for (let i = 0; i < list.length; i += 3) if (list[i] === field) n++;
      this.dfCache.set(key, n);
    }
    return n;
  }

  /** The idf of a term among one field's pages. */
  fieldIdf(term: string, field: number): number {
    const n = Math.max(this.fieldDf(term, field), 1);
    return Math.log(1 + (this.pageCount - n + 0.5) / (n + 0.5));
  }

  /** Every term that starts with `prefix` (the term itself included). */
  withPrefix(prefix: string): string[] {
    const terms = this.terms();
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < terms.length && terms[i]!.startsWith(prefix); i++) out.push(terms[i]!);
    return out;
  }

  /** Every term one insertion, deletion or substitution away from `word` (not the word itself). */
  oneEditFrom(word: string, apart: (a: string, b: string) => boolean): string[] {
    const out: string[] = [];
    for (const t of this.terms())
      if (Math.abs(t.length - word.length) <= 1 && t !== word && apart(t, word)) out.push(t);
    return out;
  }

  private terms(): string[] {
    return (this.sorted ??= [...this.byTerm.keys()].sort());
  }
}
