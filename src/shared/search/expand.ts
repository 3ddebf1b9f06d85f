/**
 * A query word to the index's terms: the word itself, its parts, prefixes while it is typed, its
 * other forms (inspector/inspect), one typo away; each term with how well it matches. And a
 * synonym phrase's words, scored together (the mean of their best terms).
 */
import { FUZZY_MIN_LENGTH, oneEditApart, truncations, type Concept, type Word } from "./query.ts";
import type { SearchReader } from "./reader.ts";

/** How much a term found each way counts against the word itself. */
export const MATCH_QUALITY = {
  exact: 1,
  part: 0.4,
  prefix: 0.3,
  family: 0.6,
  loose: 0.1,
  inWhole: 0.05,
} as const;

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
    // A `$` global the docs never name (`$steps`) is one of the removed dollar variables: the
    // pages about those globals hold the others.
    if (w.whole?.startsWith("$") && !reader.has(w.whole))
      for (const t of reader.withPrefix("$")) put(t, MATCH_QUALITY.part);
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

/** A concept's words by phrase (Word.group): the words typed, and each alternative. */
export function phrasesOf(concept: Concept): Word[][] {
  const groups = new Map<number, Word[]>();
  for (const w of concept.words) {
    const g = w.group ?? 0;
    const list = groups.get(g);
    if (list) list.push(w);
    else groups.set(g, [w]);
  }
  return [...groups.values()];
}

/**
 * A phrase's best terms from its words' (bestTerms): the mean of their scores (`width` per page),
 * and the short fields (bits below `shortFields`) all of them hold.
 */
export function joinPhrase(
  found: Map<number, { score: Float64Array; fields: number }>[],
  width: number,
  shortFields: number,
): Map<number, { score: Float64Array; fields: number }> {
  const out = new Map<number, { score: Float64Array; fields: number }>();
  for (const word of found)
    for (const [page, { score }] of word) {
      let entry = out.get(page);
      if (!entry) {
        let fields = (1 << shortFields) - 1;
        for (const other of found) fields &= other.get(page)?.fields ?? 0;
        out.set(page, (entry = { score: new Float64Array(width), fields }));
      }
      for (let k = 0; k < width; k++) entry.score[k] = entry.score[k]! + score[k]! / found.length;
    }
  return out;
}

/** Stems shorter than this have too many relatives to join by form. */
const FAMILY_MIN_LENGTH = 5;

/**
 * What a stem may end with after the part two forms of a word share: English endings as the
 * stemmer leaves them (inspect-or, respon-d/respon-s, serial-is/serial-iz, subscri-b/subscri-pt).
 * Anything else is another word that happens to start alike: start/startup, config/confirm,
 * content/context, intern/internet, checkbox/checksum.
 */
const FAMILY_ENDINGS = new Set(
  (
    "|e|i|y|s|d|t|r|or|er|ar|ion|iv|ive|al|ment|ing|ed|en|abl|ibl|ic|is|iz|ist|ism|ant|ent|anc|enc|" +
    "li|ur|ri|at|ati|it|ss|pt|b|ul|ous"
  ).split("|"),
);

/**
 * Whether two stems are one word in two forms: plain letters, at most two letters apart in length,
 * alike but for at most their last three letters, each ending in a word ending after the letters
 * they share (inspector/inspect, respons/respond; not startup/start).
 */
function sameFamily(a: string, b: string): boolean {
  if (!/^\p{L}+$/u.test(b) || Math.abs(a.length - b.length) > 2) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i < Math.max(FAMILY_MIN_LENGTH, Math.max(a.length, b.length) - 3)) return false;
  return FAMILY_ENDINGS.has(a.slice(i)) && FAMILY_ENDINGS.has(b.slice(i));
}
