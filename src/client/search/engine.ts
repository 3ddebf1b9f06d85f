/**
 * The search engine, loaded on first use (its own chunk, with lunr): queries the prebuilt index
 * with prefix and typo tolerance and turns hits into result groups with the matches marked.
 */
import lunr from "lunr";
import { toLunrJson } from "../../shared/search-format.ts";
import type { SearchIndexFile } from "../../shared/types.ts";
import type { SearchResultGroup, TextPart } from "../../../templates/SearchResults.tsx";

/** Most pages, and most sections in all, a result list shows. */
const MAX_PAGES = 8;
const MAX_OPTIONS = 20;
const MAX_PER_PAGE = 4;
const WORD_RE = /[\p{L}\p{N}_]+/gu;

/** A loaded index: `search(query)` → results grouped by page, best first. */
export type Search = (query: string) => SearchResultGroup[];

/** Loads the serialised index (lunr refs are indexes into `file.docs`); `href` makes a result's link. */
export function createSearch(file: SearchIndexFile, href: (route: string, slug: string) => string): Search {
  const index = lunr.Index.load(toLunrJson(file));
  return (query) => {
    const terms = (query.toLowerCase().match(WORD_RE) ?? []).filter((t) => lunr.stopWordFilter(t as unknown as lunr.Token));
    if (!terms.length) return [];
    const hits = index.query((q) => {
      for (const t of terms) {
        // Exact (stemmed) words first, then words it starts, then one typo away (4+ letters).
        q.term(t, { boost: 10 });
        q.term(t, { boost: 3, usePipeline: false, wildcard: lunr.Query.wildcard.TRAILING });
        if (t.length >= 4) q.term(t, { boost: 1, editDistance: 1 });
      }
    });
    const mark = marker(terms);
    const pages = new Map<number, { title: string; sections: [string, string, string][] }>();
    let count = 0;
    for (const { ref } of hits) {
      const doc = file.docs[Number(ref)];
      const pageEntry = doc && file.pages[doc[0]];
      if (!doc || !pageEntry) continue;
      const [n, slug, heading, snippet] = doc;
      const [route, title] = pageEntry;
      let page = pages.get(n);
      if (!page) {
        if (pages.size === MAX_PAGES) continue;
        pages.set(n, (page = { title, sections: [] }));
      }
      if (page.sections.length === MAX_PER_PAGE) continue;
      page.sections.push([href(route, slug), heading || title, snippet]);
      if (++count === MAX_OPTIONS) break;
    }
    let n = 0;
    return [...pages.values()].map((p, g) => ({
      id: `search-group-${g}`,
      title: mark(p.title),
      options: p.sections.map(([href, heading, snippet]) => ({ id: `search-option-${n++}`, href, heading: mark(heading), snippet: mark(snippet) })),
    }));
  };
}

/** Marks the words of a text that the query terms match: by prefix, by stem, or one typo away. */
function marker(terms: string[]): (text: string) => TextPart[] {
  const stems = terms.map((t) => lunr.stemmer(new lunr.Token(t, {})).toString());
  const matches = (word: string) =>
    terms.some((t, i) => word.startsWith(t) || (stems[i]!.length > 2 && word.startsWith(stems[i]!)) || (t.length >= 4 && [-1, 0, 1].some((d) => oneEditApart(word.slice(0, t.length + d), t))));
  return (text) => {
    const parts: TextPart[] = [];
    let at = 0;
    for (const m of text.matchAll(WORD_RE)) {
      if (!matches(m[0].toLowerCase())) continue;
      if (m.index > at) parts.push(text.slice(at, m.index));
      parts.push({ mark: m[0] });
      at = m.index + m[0].length;
    }
    if (at < text.length) parts.push(text.slice(at));
    return parts;
  };
}

/** Whether two words are at most one insertion, deletion or substitution apart. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i === a.length && a.length === b.length) return true;
  return a.slice(i + (a.length >= b.length ? 1 : 0)) === b.slice(i + (b.length >= a.length ? 1 : 0));
}
