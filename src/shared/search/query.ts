/**
 * What a query asks for: its concepts (a word, or a phrase the synonym table knows, with its
 * alternatives), and which index terms and page words each concept matches (for ranking by how
 * many concepts a page covers, and for marking). No DOM, no Node: the search box and a Node
 * caller share it.
 */
import { chunks, stem, WORD_RE } from "./tokens.ts";
import { expandContractions, verbOf } from "./word-forms.ts";

/** A word of the query as the index sees it. */
export interface Word {
  /** Lowercased, as typed. */
  raw: string;
  /** Code-form words whole (`ctx.respond`). */
  whole?: string;
  /** Stems of its parts (stop words and single letters left out). */
  stems: string[];
  /** Lowercased parts, for prefix matching while the word is being typed. */
  parts: string[];
  /**
   * The words of one phrase (the words typed for a synonym key, or one of its alternatives) share
   * a group number: a page matches a phrase by how many of its words it holds.
   */
  group?: number;
}

/** One thing the reader asked for: found if any of its words is. */
export interface Concept {
  words: Word[];
  /** The last word, still being typed: matched by prefix as well. */
  prefix: boolean;
  /** Counts towards coverage (a trailing stop word or single letter does not, unless alone). */
  required: boolean;
  /** A single letter being typed: titles only, by prefix. */
  letter?: string;
}

/** Concepts a query is read for: the ranking keeps each as a bit of an int32. */
export const MAX_CONCEPTS = 30;
/**
 * Characters of a query read: a paragraph pasted whole. Past it a single word of thousands of
 * parts, each looked up one typo away among every term, took seconds (a query must take ms).
 */
export const MAX_QUERY_CHARS = 1000;

/** Words of a synonym phrase looked up at most: the config's 60-character keys hold no more. */
const MAX_PHRASE_WORDS = 30;

/** Words shorter than this are not matched one typo away (too many neighbours). */
export const FUZZY_MIN_LENGTH = 4;
/**
 * Longer words also match whatever starts like them without their last two letters, where the
 * stemmer stops short: "inspector" finds "inspect", "publicly" finds "public".
 */
const TRUNCATE_MIN_LENGTH = 7;

/** The prefixes a long word's parts also match by (see TRUNCATE_MIN_LENGTH). */
export function truncations(w: Word): string[] {
  return w.parts
    .filter((p) => p.length >= TRUNCATE_MIN_LENGTH && !/\d/.test(p))
    .map((p) => p.slice(0, -2));
}

const keyOf = (words: string[]) => words.map((w) => stem(w)).join(" ");
const tables = new WeakMap<
  [string, string[]][],
  { table: Map<string, string[]>; longest: number }
>();

/** The synonym table keyed by stems, made once per head file. */
function synonymTable(synonyms: [string, string[]][]) {
  let t = tables.get(synonyms);
  if (!t) {
    const table = new Map(
      synonyms.map(([from, to]) => [keyOf(expandContractions(from).match(WORD_RE) ?? []), to]),
    );
    // A loop, not Math.max(...keys): a head of a few hundred thousand synonyms overflowed the
    // stack. And no longer phrase than a config can write: each query word tries every length.
    let longest = 0;
    for (const k of table.keys()) longest = Math.max(longest, k.split(" ").length);
    tables.set(synonyms, (t = { table, longest: Math.min(longest, MAX_PHRASE_WORDS) }));
  }
  return t;
}

/** Parses a query: words, synonyms (phrase keys match by stem, longest first) and the word being typed. */
export function parseQuery(whole: string, synonyms: [string, string[]][]): Concept[] {
  const query = whole.slice(0, MAX_QUERY_CHARS);
  const raws = (expandContractions(query).match(WORD_RE) ?? []).map((w) => w.toLowerCase());
  // A query cut short ends where the reader did not: its last word is not being typed.
  const typing = raws.length > 0 && query === whole && /[\p{L}\p{N}_$]$/u.test(query);
  const { table, longest } = synonymTable(synonyms);
  const concepts: Concept[] = [];
  // Concepts past MAX_CONCEPTS never rank; marked or fetched for, thousands cost seconds.
  for (let i = 0; i < raws.length && concepts.length < MAX_CONCEPTS;) {
    let span = 1;
    let alternatives: string[] = [];
    for (let n = Math.min(longest, raws.length - i); n >= 1; n--) {
      const to = table.get(keyOf(raws.slice(i, i + n)));
      if (to) {
        span = n;
        alternatives = to;
        break;
      }
    }
    const own = raws.slice(i, i + span);
    const last = i + span === raws.length;
    const phrases = [own, ...alternatives.map((a) => a.match(WORD_RE) ?? [])];
    const words = phrases
      .flatMap((phrase, group) => phrase.map((raw) => ({ ...toWord(raw), group })))
      .filter((w) => w.whole || w.stems.length);
    const prefix = typing && last && !alternatives.length;
    if (words.length) concepts.push({ words, prefix, required: true });
    else if (prefix && own.length === 1) {
      // A stop word or a single letter being typed: "to" may become "token". Titles only for one letter.
      const raw = own[0]!;
      concepts.push({
        words: [{ raw, stems: [], parts: [raw] }],
        prefix,
        required: false,
        letter: raw.length === 1 ? raw : undefined,
      });
    }
    i += span;
  }
  if (concepts.length === 1) concepts[0]!.required = true;
  return concepts;
}

function toWord(raw: string): Word {
  const c = chunks(raw);
  const stems = c.flatMap((x) => x.stems);
  // "ran" also looks up "run": the stemmer does not join irregular forms to their verb.
  const verb = verbOf(raw);
  if (verb && !stems.includes(stem(verb))) stems.push(stem(verb));
  return { raw, whole: c[0]?.whole, stems, parts: c.flatMap((x) => x.parts) };
}

/** The index terms a word matches exactly: a code-form word whole, else its stems. */
export function exactTerms(w: Word): string[] {
  return w.whole ? [w.whole] : w.stems;
}

/** The index terms a query may look up, for fetching the shards that hold them. */
export function lookupTerms(concepts: Concept[]): string[] {
  return concepts.flatMap((c) =>
    c.letter
      ? []
      : c.words.flatMap((w) => [
          ...(w.whole ? [w.whole] : []),
          ...w.stems,
          ...(c.prefix ? w.parts : []),
        ]),
  );
}

/**
 * How well an index term or a page's word (lowercased, or one of its stems) matches the concept:
 * 1 for the word itself (or a whole code-form word), 0.5 for a part of a code-form word or a word
 * being completed, 0.3 for one typo away or a truncation; 0 for no match.
 */
export function conceptMatcher(concept: Concept): (term: string) => number {
  const exact = new Set(concept.words.flatMap(exactTerms));
  const parts = new Set(concept.words.flatMap((w) => (w.whole ? w.stems : [])));
  const typed = concept.prefix
    ? concept.words.flatMap((w) => [
        ...(w.whole ? [w.whole] : []),
        ...(w.parts.length ? w.parts : [w.raw]),
      ])
    : [];
  const loose = concept.words.flatMap(truncations);
  const fuzzy = concept.words
    .flatMap((w) => w.stems)
    .filter((s) => s.length >= FUZZY_MIN_LENGTH && !/^\d+$/.test(s));
  return (term) => {
    if (exact.has(term)) return 1;
    if (parts.has(term) || typed.some((p) => term.startsWith(p))) return 0.5;
    if (loose.some((p) => term.startsWith(p)) || fuzzy.some((f) => oneEditApart(term, f)))
      return 0.3;
    return 0;
  };
}

/** Whether two words are at most one insertion, deletion or substitution apart. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i === a.length && a.length === b.length) return true;
  return (
    a.slice(i + (a.length >= b.length ? 1 : 0)) === b.slice(i + (b.length >= a.length ? 1 : 0))
  );
}
