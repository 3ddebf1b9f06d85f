/** Turning ranked pages into what the list shows: matched words marked, the best sections, snippets around a match. */
import { chunks, WORD_RE } from "./tokens.ts";
import type { TextPart } from "../../../templates/SearchResults.tsx";
import { conceptMatcher, type Concept } from "./query.ts";

/** A section of a page: the text before the first heading (slug ""), then each `##`/`###`. */
export interface PageSection {
  slug: string;
  heading: string;
  text: string;
}

/** Sections listed under a page, besides the page itself. */
export const SECTIONS_PER_PAGE = 2;
/** Characters of a snippet, and how many of them come before the first match. */
const SNIPPET_CHARS = 150;
const SNIPPET_LEAD = 40;

/** Tells, for a word of a text, how well it matches each concept (0-1, conceptMatcher). */
export type WordTest = (word: string, title?: boolean) => number[];

const formsCache = new Map<string, string[]>();

/** A word as the index sees it: lowercased, whole, its parts and their stems (cached: pages repeat their words). */
function formsOf(word: string): string[] {
  let forms = formsCache.get(word);
  if (!forms) {
    const c = chunks(word)[0];
    forms = [
      word.toLowerCase(),
      ...(c ? [...(c.whole ? [c.whole] : []), ...c.stems, ...c.parts] : []),
    ];
    if (formsCache.size > 50_000) formsCache.clear();
    formsCache.set(word, forms);
  }
  return forms;
}

/** A WordTest for these concepts; single letters being typed mark titles only. */
export function wordTest(concepts: Concept[]): WordTest {
  const matchers = concepts.map(conceptMatcher);
  const cache = new Map<string, number[]>();
  return (word, title = false) => {
    const key = (title ? "t:" : "b:") + word;
    let quality = cache.get(key);
    if (!quality) {
      const forms = formsOf(word);
      // A loop, not Math.max(...forms): a page's dotted word of 150,000 parts overflowed the stack.
      quality = matchers.map((m, i) => {
        let best = 0;
        if (title || !concepts[i]!.letter) for (const f of forms) best = Math.max(best, m(f));
        return best;
      });
      cache.set(key, quality);
    }
    return quality;
  };
}

const matched = (quality: number[]) => quality.some((q) => q > 0);

/** The text with its matched words as `{ mark }` parts; the rest stays plain text (React escapes it). */
export function mark(text: string, test: WordTest, title = false): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(WORD_RE)) {
    if (!matched(test(m[0], title))) continue;
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push({ mark: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The sections (not the intro) that match the concepts best, headings counting triple; best first. */
export function bestSections(sections: PageSection[], test: WordTest): PageSection[] {
  // Per concept, the best match in the text; summed over concepts.
  const covered = (text: string, title: boolean) => {
    let best: number[] = [];
    for (const m of text.matchAll(WORD_RE))
      best = test(m[0], title).map((q, i) => Math.max(q, best[i] ?? 0));
    return best.reduce((a, b) => a + b, 0);
  };
  return sections
    .slice(1)
    .map((s, order) => ({ s, order, score: 3 * covered(s.heading, true) + covered(s.text, false) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, SECTIONS_PER_PAGE)
    .map((x) => x.s);
}

/** Where the first matched word of the text starts, or -1. */
export function firstMatch(text: string, test: WordTest): number {
  for (const m of text.matchAll(WORD_RE)) if (matched(test(m[0]))) return m.index;
  return -1;
}

/** About SNIPPET_CHARS of the text, starting a little before its first matched word. */
export function snippet(text: string, test: WordTest): string {
  const first = firstMatch(text, test);
  let start = first > SNIPPET_LEAD ? first - SNIPPET_LEAD : 0;
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length)
    end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  return (start > 0 ? "…" : "") + text.slice(start, end) + (end < text.length ? "…" : "");
}
