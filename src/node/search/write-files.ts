/**
 * The search index files of counted pages (src/shared/search/format.ts): the head, and on a large
 * site the shards, each term's postings cut to the pages it weighs most on where it is common.
 */
import { contentHash } from "../render/hash.ts";
import {
  bm25Weight,
  MAX_PAGES_PER_TERM,
  SEARCH_FIELDS,
  SEARCH_FORMAT,
  shardKey,
  writePostings,
  type SearchHead,
  type SearchPostings,
  type SearchShard,
} from "../../shared/search/format.ts";
import type { SearchPage } from "../../shared/types.ts";
import { PostingList, type PostingData } from "./postings.ts";

/** Up to this many postings (a page holding a term in a field) the index is one file: about 60 KB gzipped. */
export const SINGLE_FILE_MAX_POSTINGS = 60_000;
/** A shard closes once it holds this many postings (about 50 KB gzipped), unless one two-letter key alone is bigger. */
export const SHARD_POSTINGS = 40_000;

/** What the build may set: site.config.ts `search`. */
export interface SearchOptions {
  /** A word or phrase → what else a query for it looks for. */
  synonyms?: Record<string, string[]>;
  /** Overrides SINGLE_FILE_MAX_POSTINGS (tests). */
  singleFileMaxPostings?: number;
  /** Overrides SHARD_POSTINGS (tests). */
  shardPostings?: number;
}

/** The files to write under the assets folder; `entry` is the one the route manifest names. */
export interface SearchFiles {
  entry: string;
  files: { name: string; content: string }[];
}

/** What an earlier tally's counts must hold to start another (SearchTally.from): each term's pages are counted again. */
export type BaseCounts = Omit<CountedPages, "pageCounts">;

/** A site's pages counted (SearchTally.counted). */
export interface CountedPages {
  terms: string[];
  postings: PostingData;
  lengths: number[][];
  pageCounts: number[];
}

/** The files of counted pages; of `pages`, only routes, titles, descriptions and weights are read. */
export function writeSearchFiles(
  pages: Pick<SearchPage, "route" | "title" | "description" | "weight">[],
  counted: CountedPages,
  options: SearchOptions = {},
): SearchFiles {
  if (pages.length !== counted.lengths[0]!.length)
    throw new Error("the search index was asked for other pages than were counted");
  const fieldCount = SEARCH_FIELDS.length;
  const { terms, lengths, pageCounts } = counted;
  const postings = PostingList.fromData(counted.postings);
  const pagesOf = postings.byTerm(terms.length, fieldCount);
  const counts = postings.counts(terms.length, fieldCount);
  const size = (id: number, from: number, to: number) => {
    let n = 0;
    for (let f = from; f < to; f++) n += Math.min(counts[id * fieldCount + f]!, MAX_PAGES_PER_TERM);
    return n;
  };
  const average = lengths.map((l) => l.reduce((a, b) => a + b, 0) / Math.max(1, pages.length));
  const sharded = postings.length > (options.singleFileMaxPostings ?? SINGLE_FILE_MAX_POSTINGS);

  // Each file numbers its own terms in sorted order, for fields [from, to).
  const encode = (ids: number[], from: number, to: number): SearchPostings => {
    ids.sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
    const common = new Map<number, number>();
    const encoded = writePostings(
      ids.map((id) => terms[id]!),
      fieldCount,
      (t, f, add) => {
        const id = ids[t]!;
        if (f < from || f >= to) return;
        if (counts[id * fieldCount + f]! <= MAX_PAGES_PER_TERM) return pagesOf(id, f, add);
        keepHeaviest(id, f, add);
        if (!common.has(t)) common.set(t, pageCounts[id]!);
      },
    );
    if (common.size) encoded.common = [...common].sort((a, b) => a[0] - b[0]).flat();
    return encoded;
  };
  // A common term keeps the pages where it weighs most (ties: the first pages); the client is told how many hold it.
  let found = new Int32Array(2048);
  let weights = new Float64Array(1024);
  let sorted = new Float64Array(1024);
  const keepHeaviest = (id: number, f: number, add: (page: number, tf: number) => void) => {
    const n = counts[id * fieldCount + f]!;
    if (weights.length < n)
      [found, weights, sorted] = [new Int32Array(2 * n), new Float64Array(n), new Float64Array(n)];
    let i = 0;
    pagesOf(id, f, (page, tf) => {
      found[2 * i] = page;
      found[2 * i + 1] = tf;
      weights[i++] = bm25Weight(tf, f, lengths[f]![page]!, average[f]!);
    });
    sorted.set(weights.subarray(0, n));
    const threshold = nthSmallest(sorted, n, n - MAX_PAGES_PER_TERM);
    let ties = MAX_PAGES_PER_TERM;
    for (let k = 0; k < n; k++) if (weights[k]! > threshold) ties--;
    for (let k = 0; k < n; k++) {
      const w = weights[k]!;
      if (w > threshold || (w === threshold && ties-- > 0)) add(found[2 * k]!, found[2 * k + 1]!);
    }
  };

  const files: SearchFiles["files"] = [];
  const shards: [string, string][] = [];
  if (sharded) {
    // The title stays in the head: the first letter typed finds pages by title before any shard arrives.
    const ids = terms.map((_, id) => id).filter((id) => size(id, 1, fieldCount) > 0);
    for (const group of planShards(
      terms,
      ids,
      (id) => size(id, 1, fieldCount),
      options.shardPostings ?? SHARD_POSTINGS,
    )) {
      const content = JSON.stringify({
        v: SEARCH_FORMAT,
        postings: encode(group.ids, 1, fieldCount),
      } satisfies SearchShard);
      const name = `search.${shards.length}.${contentHash(content)}.json`;
      files.push({ name, content });
      shards.push([group.key, name]);
    }
  }
  const headFields = sharded ? 1 : fieldCount;
  const head: SearchHead = {
    v: SEARCH_FORMAT,
    fields: [...SEARCH_FIELDS],
    pages: pages.map((p) => [p.route, p.title, sharded ? "" : p.description]),
    lengths,
    synonyms: Object.entries(options.synonyms ?? {}).map(([from, to]) => [
      from.toLowerCase().trim(),
      to.map((t) => t.toLowerCase().trim()),
    ]),
    postings: encode(
      terms.map((_, id) => id).filter((id) => size(id, 0, headFields) > 0),
      0,
      headFields,
    ),
    shards,
  };
  const weighted = pages.flatMap((p, i): [number, number][] =>
    p.weight !== undefined && p.weight !== 1 ? [[i, p.weight]] : [],
  );
  if (weighted.length) head.weights = weighted;
  const content = JSON.stringify(head);
  const entry = `search.${contentHash(content)}.json`;
  files.unshift({ name: entry, content });
  return { entry, files };
}

/** Groups term numbers into shards by shardKey, in term order, each near `target` postings. */
function planShards(
  terms: string[],
  ids: number[],
  size: (id: number) => number,
  target: number,
): { key: string; ids: number[] }[] {
  ids.sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
  const groups: { key: string; ids: number[]; size: number }[] = [];
  let current: (typeof groups)[number] | undefined;
  let lastKey = "";
  for (const id of ids) {
    const key = shardKey(terms[id]!);
    // A key never spans two shards: a query word's prefix and its typos stay in one file.
    if (!current || (key !== lastKey && current.size >= target))
      groups.push((current = { key: groups.length ? key : "", ids: [], size: 0 }));
    current.ids.push(id);
    current.size += size(id);
    lastKey = key;
  }
  return groups;
}

/** The k-th smallest of the first n values (0-based), reordering them: quickselect, linear on average. */
function nthSmallest(values: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return values[k]!;
}
