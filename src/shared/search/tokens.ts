/**
 * The search index's words, the same at build time and in the browser: prose words stemmed with
 * lunr's stemmer, and code-form words (`ctx.respond`, `X-Brook-Signature`, `interval_seconds`,
 * `BrookHttpError`) kept whole as well as split into their parts.
 */
import lunr from "lunr";

/**
 * A word as the index and the query see it: a scoped package name (`@brook/axios`), or a run of
 * word characters possibly joined by `.` or `-` (`ctx.respond`, `x-brook-signature`, `1.17.1`,
 * `$steps`). Every module that cuts text into words uses this one (the query, the marking).
 */
export const WORD_RE =
  /@[\p{L}\p{N}_.-]+\/[\p{L}\p{N}_.-]*[\p{L}\p{N}_]|[\p{L}\p{N}_$]+(?:[.-][\p{L}\p{N}_$]+)*/gu;
/** camelCase humps (`BrookHttpError`, `512KB`, `XMLHttp`); no lookbehind, which Safari 15 lacks. */
const HUMP_RE = /(\p{Ll}|\p{N})(\p{Lu})/gu;
const CAPS_HUMP_RE = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
/** Where a code-form word splits once its humps are marked. */
const PART_SPLIT_RE = /[\s.\-_$@/]+/;
/** Longer tokens are hashes, keys and signatures: nobody types them, and they only cost bytes. */
const MAX_TOKEN_LENGTH = 32;

/** One word of a text: its stemmed parts, and the whole lowercased form when it has several parts. */
export interface Chunk {
  /** The word as written. */
  raw: string;
  /** Lowercased, unstemmed; set only for code-form words (more than one part). */
  whole?: string;
  /** Lowercased parts, stop words and single characters removed. */
  parts: string[];
  /** The parts, stemmed (same order as `parts`). */
  stems: string[];
}

const stemCache = new Map<string, string>();

/** lunr's Porter stemmer, memoised: the same few thousand words recur on every page. */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = lunr.stemmer(new lunr.Token(word, {})).toString();
    if (stemCache.size < 200_000) stemCache.set(word, s);
  }
  return s;
}

/** Whether lunr's English stop-word list holds the word (`the`, `how`, `to`…). */
export function isStopWord(word: string): boolean {
  return !lunr.stopWordFilter(new lunr.Token(word, {}));
}

/** Splits text into chunks (see Chunk); the index and the query use the same rules. */
export function chunks(text: string): Chunk[] {
  const out: Chunk[] = [];
  for (const m of text.matchAll(WORD_RE)) {
    const raw = m[0];
    const pieces = raw
      .replace(HUMP_RE, "$1 $2")
      .replace(CAPS_HUMP_RE, "$1 $2")
      .split(PART_SPLIT_RE)
      .filter(Boolean)
      .map((p) => p.toLowerCase());
    const parts = pieces.filter(
      (p) => p.length > 1 && p.length <= MAX_TOKEN_LENGTH && !isStopWord(p),
    );
    // Whole when written as code: several parts, or a sigil (`$steps`, `@brook/axios`).
    const whole =
      (pieces.length > 1 || /^[$@]/.test(raw)) && raw.length <= MAX_TOKEN_LENGTH
        ? raw.toLowerCase()
        : undefined;
    if (!parts.length && !whole) continue;
    out.push({ raw, whole, parts, stems: parts.map(stem) });
  }
  return out;
}

/** The index terms of a text in order, repeats included: stems of every part, plus whole code-form words. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const c of chunks(text)) {
    if (c.whole) out.push(c.whole);
    // One by one: a dotted word of 170,000 parts fits in a page, not in push's arguments.
    for (const s of c.stems) out.push(s);
  }
  return out;
}
