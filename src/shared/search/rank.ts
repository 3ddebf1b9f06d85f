/**
 * The ranking: pages for a parsed query, best first, the same in the search box and in Node.
 * Per concept, its best term's BM25 in each field (each field saturating alone, weighted, idf
 * times match quality); a title, description or headings match counts by the share of the query
 * that field holds (a title sharing one word of five does not outweigh a body about all five);
 * the page's score is scaled by the share of the query it covers and by the most of it one short
 * field holds (docs/decisions.md, "Search ranking": BM25F was measured beside it and lost).
 */
import { BM25_B, BM25_K1 } from "./format.ts";
import { exactTerms, FUZZY_MIN_LENGTH, oneEditApart, truncations, type Concept } from "./query.ts";
import type { SearchReader } from "./reader.ts";

/** The ranking's constants (docs/decisions.md, "Search ranking", for the figures that chose them). */
export interface RankModel {
  /** How much a term's occurrence in each field counts (SEARCH_FIELDS order: title, description, headings, body). */
  fields: number[];
  /** BM25's term-frequency saturation. */
  k1: number;
  /** A page covering a share c of the query's weight is scaled by c^coverage. */
  coverage: number;
  /** A page one of whose short fields holds a share s of the query's weight is scaled by 1 + focus × s. */
  focus: number;
  /** A title, description or headings match counts by the share of the query the field holds, to this power. */
  fieldShare: number;
}

/** The model the search box and every caller use. */
export const RANK_MODEL: RankModel = {
  fields: [15, 5, 5, 1],
  k1: BM25_K1,
  coverage: 0.5,
  focus: 2,
  fieldShare: 1,
};

/** How much a term found each way counts against the word itself. */
export const MATCH_QUALITY = {
  exact: 1,
  part: 0.4,
  prefix: 0.3,
  family: 0.6,
  loose: 0.1,
  inWhole: 0.05,
} as const;

/** A ranked page: its number in the head's pages, and its score. */
export interface RankedPage {
  page: number;
  score: number;
}

const TITLE = 0;
/** BM25's length normalisation for a number, in every field (see rankPages). */
const NUMBER_B = 0;
/** A word on at least this share of the pages does not count towards coverage or a field's share. */
const UBIQUITOUS = 0.95;
const BODY = 3;

/** The terms a concept reaches in the index, each with how well it matches (MATCH_QUALITY). */
export function expand(reader: SearchReader, concept: Concept): Map<string, number> {
  const found = new Map<string, number>();
  const put = (term: string, q: number) => {
    if (reader.has(term) && (found.get(term) ?? 0) < q) found.set(term, q);
  };
  if (concept.letter) {
    for (const t of reader.withPrefix(concept.letter)) put(t, MATCH_QUALITY.prefix);
    return found;
  }
  for (const w of concept.words) {
    if (w.whole) put(w.whole, MATCH_QUALITY.exact);
    // A code-form word the docs use as written is found by it: its parts barely count then.
    const part = w.whole && reader.has(w.whole) ? MATCH_QUALITY.inWhole : MATCH_QUALITY.part;
    for (const s of w.stems) put(s, w.whole ? part : MATCH_QUALITY.exact);
    if (concept.prefix) {
      if (w.whole) for (const t of reader.withPrefix(w.whole)) put(t, MATCH_QUALITY.prefix);
      const q = part === MATCH_QUALITY.inWhole ? part : MATCH_QUALITY.prefix;
      for (const p of w.parts.length ? w.parts : [w.raw])
        if (p.length > 1) for (const t of reader.withPrefix(p)) put(t, q);
    }
    // The same word in another form the stemmer does not join: inspector/inspect, response/respond.
    for (const s of w.whole ? [] : w.stems)
      if (s.length >= FAMILY_MIN_LENGTH && !/\d/.test(s))
        for (const t of reader.withPrefix(s.slice(0, Math.max(FAMILY_MIN_LENGTH, s.length - 3))))
          if (t !== s && sameFamily(s, t)) put(t, MATCH_QUALITY.family);
    // A typo is a word the docs do not use: a word they use is not also looked up one edit away.
    for (const s of w.stems)
      if (s.length >= FUZZY_MIN_LENGTH && !/^\d+$/.test(s) && !reader.has(s))
        for (const t of reader.oneEditFrom(s, oneEditApart)) put(t, MATCH_QUALITY.loose);
    if (part !== MATCH_QUALITY.inWhole)
      for (const t of truncations(w))
        for (const x of reader.withPrefix(t)) put(x, MATCH_QUALITY.loose);
  }
  return found;
}

/** Stems shorter than this have too many relatives to join by form. */
const FAMILY_MIN_LENGTH = 5;

/**
 * Whether two stems are one word in two forms: plain letters, at most two letters apart in length,
 * alike but for at most their last three letters (inspector/inspect, respons/respond).
 */
function sameFamily(a: string, b: string): boolean {
  if (!/^\p{L}+$/u.test(b) || Math.abs(a.length - b.length) > 2) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i >= Math.max(FAMILY_MIN_LENGTH, Math.max(a.length, b.length) - 3);
}

/** The pages that match the query's concepts, best first, at most `limit`. */
export function rankPages(
  reader: SearchReader,
  query: Concept[],
  limit: number,
  model: RankModel = RANK_MODEL,
): RankedPage[] {
  // Concepts are bits of an int32 below.
  const concepts = query.slice(0, 30);
  const { head, average } = reader;
  const lengths = head.lengths;
  const weights = concepts.map((c) => conceptWeight(reader, c));
  const sum = weights.reduce((a, b) => a + b, 0);
  // Nothing counts (only common words): every page matched covers the query.
  const total = sum || 1;
  // Per page (flat, reused across queries, only touched entries cleared): one term's score per
  // field and in all; the concept's best term's; each field's sum over concepts; and per field
  // the concepts it holds (bits; BODY: the concepts matched anywhere).
  const { term, best, byField, matched, termPages, bestPages, pages } = scratchOf(reader);
  concepts.forEach((concept, c) => {
    const found = expand(reader, concept);
    // A word the docs use is what the reader meant: what merely looks like it (a truncation, a
    // neighbour one edit away) still scores but does not make a short field about the query.
    let least = MATCH_QUALITY.inWhole as number;
    for (const q of found.values()) if (q === MATCH_QUALITY.exact) least = MATCH_QUALITY.loose;
    for (const [t, quality] of found) {
      const list = reader.postings(t)!;
      const idf = quality * reader.idf(t);
      // A number (a status code, a limit) is explained where it recurs, on the long reference
      // pages (errors, limits) that length normalisation would put below an example holding it once.
      const numeric = /^\d+$/.test(t);
      for (let i = 0; i < list.length; i += 3) {
        const field = list[i]!;
        const page = list[i + 1]!;
        if (concept.letter && field !== TITLE) continue;
        const b = numeric ? NUMBER_B : BM25_B[field]!;
        const norm = 1 - b + (b * lengths[field]![page]!) / (average[field] || 1);
        const tf = list[i + 2]!;
        const w = (idf * model.fields[field]! * (model.k1 + 1) * tf) / (model.k1 * norm + tf);
        const at = page * 5;
        if (term[at + 4] === 0) termPages.add(page);
        term[at + field] = term[at + field]! + w;
        term[at + 4] = term[at + 4]! + w;
        // Nor does a part of a word the docs use whole (`respond` of `$respond`).
        if (field !== BODY && weights[c]! > 0 && quality > least) {
          pages.add(page);
          matched[page * 4 + field]! |= 1 << c;
        }
      }
      for (const page of termPages.list()) {
        const at = page * 5;
        if (term[at + 4]! > best[at + 4]!) {
          bestPages.add(page);
          for (let k = 0; k < 5; k++) best[at + k] = term[at + k]!;
        }
        for (let k = 0; k < 5; k++) term[at + k] = 0;
      }
      termPages.clear();
    }
    for (const page of bestPages.list()) {
      const at = page * 5;
      pages.add(page);
      for (let k = 0; k < 4; k++) byField[page * 4 + k] = byField[page * 4 + k]! + best[at + k]!;
      if (weights[c]! > 0) matched[page * 4 + BODY]! |= 1 << c;
      for (let k = 0; k < 5; k++) best[at + k] = 0;
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
    const at = page * 4;
    // A page with only a loose match in a short field and no score has nothing to rank by.
    const s0 = byField[at]! + byField[at + 1]! + byField[at + 2]! + byField[at + 3]!;
    if (s0 > 0) {
      // matched[BODY] holds every concept the page matched anywhere.
      const coverage = sum ? share(matched[at + BODY]!) : 1;
      const shares = [share(matched[at]!), share(matched[at + 1]!), share(matched[at + 2]!)];
      // A short field counts by how much of the query it holds: a title sharing one word of five
      // does not outweigh a body that is about all five.
      let s = byField[at + BODY]!;
      for (let k = 0; k < 3; k++)
        s += byField[at + k]! * (sum ? Math.pow(shares[k]!, model.fieldShare) : 1);
      ranked.push({
        page,
        score: s * Math.pow(coverage, model.coverage) * (1 + model.focus * Math.max(...shares)),
      });
    }
    for (let k = 0; k < 4; k++) byField[at + k] = matched[at + k] = 0;
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
      term: new Float64Array(n * 5),
      best: new Float64Array(n * 5),
      byField: new Float64Array(n * 4),
      matched: new Int32Array(n * 4),
      termPages: new PageSet(n),
      bestPages: new PageSet(n),
      pages: new PageSet(n),
    };
    scratches.set(reader, s);
  }
  return s;
}

/**
 * How much a concept counts towards coverage: 1, or 0 for one that does not (a trailing stop
 * word or letter being typed, unless alone; a word on more pages than the index lists).
 */
function conceptWeight(reader: SearchReader, concept: Concept): number {
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
    : 1;
}
