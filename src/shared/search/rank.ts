/**
 * The ranking: pages for a parsed query, best first, the same in the search box and in Node.
 * Per concept, its best term's BM25 in each field (each field saturating alone, weighted, idf
 * times match quality); a title, description or headings match counts by the share of the query
 * that field holds (a title sharing one word of five does not outweigh a body about all five);
 * the page's score is scaled by the share of the query it covers and by the most of it one short
 * field holds (docs/decisions.md, "Search ranking": BM25F was measured beside it and lost), and
 * by the page's weight (frontmatter `search_weight`).
 * A phrase of the synonym table counts by the mean of its words' best terms on the page. A title
 * match's idf is partly the term's idf among titles: a word every body uses may name one page.
 */
import { BM25_B, SEARCH_FIELDS } from "./format.ts";
import { expand, joinPhrase, MATCH_QUALITY, phrasesOf } from "./expand.ts";
import { exactTerms, MAX_CONCEPTS, type Concept } from "./query.ts";
import type { SearchReader } from "./reader.ts";
import { RANK_MODEL, type RankModel } from "./rank-model.ts";

export { RANK_MODEL, type RankModel };

/** A ranked page: its number in the head's pages, and its score. */
export interface RankedPage {
  page: number;
  score: number;
}

const TITLE = 0;
/** Fields per page; the body is the last, every other one is short (title, description, headings, keywords). */
const FIELDS = SEARCH_FIELDS.length;
const BODY = FIELDS - 1;
/** Per page in `term` and `best`: each field's score, then their sum. */
const WIDTH = FIELDS + 1;
const TOTAL = FIELDS;
/** BM25's length normalisation for a number or an identifier typed as written (see rankPages). */
const NUMBER_B = 0;
/** A word on at least this share of the pages does not count towards coverage or a field's share. */
const UBIQUITOUS = 0.95;
/** A bit of `matched` no concept uses (concepts stop at 30): a term's short fields, while one word is scored. */
const FIELD_SCRATCH = 31;

/** The pages that match the query's concepts, best first, at most `limit`. */
export function rankPages(
  reader: SearchReader,
  query: Concept[],
  limit: number,
  model: RankModel = RANK_MODEL,
): RankedPage[] {
  // Concepts are bits of an int32 below.
  const concepts = query.slice(0, MAX_CONCEPTS);
  const { head, average } = reader;
  const lengths = head.lengths;
  const weights = concepts.map((c) => conceptWeight(reader, c, model));
  const sum = weights.reduce((a, b) => a + b, 0);
  // Nothing counts (only common words): every page matched covers the query.
  const total = sum || 1;
  // Per page (flat, reused across queries, only touched entries cleared): one term's score per
  // field and in all; the concept's best term's; each field's sum over concepts; and per field
  // the concepts it holds (bits; BODY: the concepts matched anywhere).
  const { term, best, byField, matched, termPages, bestPages, pages } = scratchOf(reader);
  // Each page's best term of some found terms: its score per field and in all, and the short
  // fields (bits) where a term the reader meant matched. With `c` (words any one of which will
  // do), straight into `best` and that concept's bits; without, per page (a word of a phrase).
  const bestTerms = (
    concept: Concept,
    found: Map<string, number>,
    counted: boolean,
    c?: number,
  ) => {
    const out = new Map<number, { score: Float64Array; fields: number }>();
    const bit = c === undefined ? FIELD_SCRATCH : c;
    // A word the docs use is what the reader meant: what merely looks like it (a truncation, a
    // neighbour one edit away) still scores but does not make a short field about the query.
    let least = MATCH_QUALITY.inWhole as number;
    for (const q of found.values()) if (q === MATCH_QUALITY.exact) least = MATCH_QUALITY.loose;
    for (const [t, quality] of found) {
      const list = reader.postings(t)!;
      const idf = quality * reader.idf(t);
      // A word rare among titles says what a page is about even when every body uses it
      // ("limit", on every page's "Limits and errors", is the title of one).
      const titleIdf =
        quality *
        ((1 - model.titleIdf) * reader.idf(t) + model.titleIdf * reader.fieldIdf(t, TITLE));
      // A number (a status code, a limit) or an identifier typed as written (`json_too_deep`,
      // `node.js`) is explained where it recurs, on the long reference pages (errors, limits)
      // that length normalisation would put below an example holding it once.
      const numeric = /^\d+$/.test(t) || concept.words.some((w) => w.whole === t);
      for (let i = 0; i < list.length; i += 3) {
        const field = list[i]!;
        const page = list[i + 1]!;
        if (concept.letter && field !== TITLE) continue;
        const b = numeric ? NUMBER_B : BM25_B[field]!;
        const norm = 1 - b + (b * lengths[field]![page]!) / (average[field] || 1);
        const tf = list[i + 2]!;
        const w =
          ((field === TITLE ? titleIdf : idf) * model.fields[field]! * (model.k1 + 1) * tf) /
          (model.k1 * norm + tf);
        const at = page * WIDTH;
        if (term[at + TOTAL] === 0) termPages.add(page);
        term[at + field] = term[at + field]! + w;
        term[at + TOTAL] = term[at + TOTAL]! + w;
        // Nor does a part of a word the docs use whole (`respond` of `$respond`).
        if (field !== BODY && counted && quality > least) {
          pages.add(page);
          matched[page * FIELDS + field]! |= 1 << bit;
        }
      }
      for (const page of termPages.list()) {
        const at = page * WIDTH;
        if (c !== undefined) {
          if (term[at + TOTAL]! > best[at + TOTAL]!) {
            bestPages.add(page);
            for (let k = 0; k < WIDTH; k++) best[at + k] = term[at + k]!;
          }
          for (let k = 0; k < WIDTH; k++) term[at + k] = 0;
          continue;
        }
        let entry = out.get(page);
        if (!entry) out.set(page, (entry = { score: new Float64Array(WIDTH), fields: 0 }));
        if (term[at + TOTAL]! > entry.score[TOTAL]!) entry.score.set(term.subarray(at, at + WIDTH));
        for (let k = 0; k < WIDTH; k++) term[at + k] = 0;
      }
      termPages.clear();
    }
    if (c === undefined)
      for (const page of pages.list())
        for (let k = 0; k < BODY; k++)
          if (matched[page * FIELDS + k]! & (1 << FIELD_SCRATCH)) {
            matched[page * FIELDS + k]! &= ~(1 << FIELD_SCRATCH);
            const entry = out.get(page);
            if (entry) entry.fields |= 1 << k;
          }
    return out;
  };
  concepts.forEach((concept, c) => {
    const counted = weights[c]! > 0;
    const phrases = phrasesOf(concept);
    const single = phrases.filter((p) => p.length === 1).flat();
    if (single.length)
      bestTerms(concept, expand(reader, { ...concept, words: single }), counted, c);
    for (const words of phrases.filter((p) => p.length > 1)) {
      // A phrase counts by the share of its words a page holds: "api key" is not found by "key" alone.
      const found = words.map((w) =>
        bestTerms(concept, expand(reader, { ...concept, words: [w] }), counted),
      );
      for (const [page, { score, fields }] of joinPhrase(found, WIDTH, BODY)) {
        const at = page * WIDTH;
        if (score[TOTAL]! > best[at + TOTAL]!) {
          bestPages.add(page);
          best.set(score, at);
        }
        for (let k = 0; k < BODY; k++) if (fields & (1 << k)) matched[page * FIELDS + k]! |= 1 << c;
        pages.add(page);
      }
    }
    for (const page of bestPages.list()) {
      const at = page * WIDTH;
      pages.add(page);
      for (let k = 0; k < FIELDS; k++)
        byField[page * FIELDS + k] = byField[page * FIELDS + k]! + best[at + k]!;
      if (counted) matched[page * FIELDS + BODY]! |= 1 << c;
      for (let k = 0; k < WIDTH; k++) best[at + k] = 0;
    }
    bestPages.clear();
  });
  const share = (bits: number) => {
    let w = 0;
    for (let c = 0; c < concepts.length; c++) if (bits & (1 << c)) w += weights[c]!;
    return w / total;
  };
  const ranked: RankedPage[] = [];
  for (const page of pages.list()) {
    const at = page * FIELDS;
    // A page with only a loose match in a short field and no score has nothing to rank by.
    let s0 = 0;
    for (let k = 0; k < FIELDS; k++) s0 += byField[at + k]!;
    if (s0 > 0) {
      // matched[BODY] holds every concept the page matched anywhere.
      const coverage = sum ? share(matched[at + BODY]!) : 1;
      const shares: number[] = [];
      for (let k = 0; k < BODY; k++) shares.push(share(matched[at + k]!));
      // A short field counts by how much of the query it holds: a title sharing one word of five
      // does not outweigh a body that is about all five.
      let s = byField[at + BODY]!;
      for (let k = 0; k < BODY; k++)
        s += byField[at + k]! * (sum ? Math.pow(shares[k]!, model.fieldShare) : 1);
      ranked.push({
        page,
        score:
          s *
          Math.pow(coverage, model.coverage) *
          (1 + model.focus * Math.max(...shares)) *
          reader.weight[page]!,
      });
    }
    for (let k = 0; k < FIELDS; k++) byField[at + k] = matched[at + k] = 0;
  }
  pages.clear();
  return ranked.sort((a, b) => b.score - a.score || a.page - b.page).slice(0, limit);
}

/** A set of page numbers below a bound, listed in the order added; cleared in time to its size. */
class PageSet {
  private readonly seen: Uint8Array;
  private readonly items: Int32Array;
  private size = 0;

  constructor(pageCount: number) {
    this.seen = new Uint8Array(pageCount);
    this.items = new Int32Array(pageCount);
  }

  add(page: number): void {
    if (this.seen[page]) return;
    this.seen[page] = 1;
    this.items[this.size++] = page;
  }

  list(): Int32Array {
    return this.items.subarray(0, this.size);
  }

  clear(): void {
    for (let i = 0; i < this.size; i++) this.seen[this.items[i]!] = 0;
    this.size = 0;
  }
}

/** Work arrays sized to a reader's pages, made once per reader: a query allocates per term, not per page. */
interface Scratch {
  term: Float64Array;
  best: Float64Array;
  byField: Float64Array;
  matched: Int32Array;
  termPages: PageSet;
  bestPages: PageSet;
  pages: PageSet;
}

const scratches = new WeakMap<SearchReader, Scratch>();

function scratchOf(reader: SearchReader): Scratch {
  let s = scratches.get(reader);
  if (!s) {
    const n = reader.pageCount;
    s = {
      term: new Float64Array(n * WIDTH),
      best: new Float64Array(n * WIDTH),
      byField: new Float64Array(n * FIELDS),
      matched: new Int32Array(n * FIELDS),
      termPages: new PageSet(n),
      bestPages: new PageSet(n),
      pages: new PageSet(n),
    };
    scratches.set(reader, s);
  }
  return s;
}

/**
 * How much a concept counts towards coverage: 1; `model.code` for an identifier typed as the
 * docs write it or a number (`workflow_paused`, `503`: the most specific thing a reader can type,
 * so a page without it covers less of the question); 0 for one that does not count (a trailing
 * stop word or letter being typed, unless alone; a word on more pages than the index lists).
 */
function conceptWeight(reader: SearchReader, concept: Concept, model: RankModel): number {
  if (!concept.required) return 0;
  const terms = concept.words.flatMap(exactTerms).filter((t) => reader.has(t));
  // A word on nearly every page (the site's name, its main nouns) says nothing about which page
  // is about the query, in coverage or in a title.
  return terms.length &&
    terms.every(
      (t) =>
        reader.isCommon(t) ||
        (reader.pageCount >= 20 && reader.df(t) >= UBIQUITOUS * reader.pageCount),
    )
    ? 0
    : terms.some((t) => /^\d+$/.test(t) || concept.words.some((w) => w.whole === t))
      ? model.code
      : 1;
}
