/** The search index: one lunr document per page section, built and serialised at build time. */
import lunr from "lunr";
import type { SearchDoc, SearchIndexFile } from "../shared/types.ts";
import { splitHash } from "../shared/url.ts";

/**
 * Up to this many sections, section text is indexed; above it, titles and headings only, which
 * keeps the build linear on very large sites. With text an indexed section costs about 140 B
 * gzipped, without about 60 B (docs/decisions.md: why the docs keep body text).
 */
export const FULL_TEXT_MAX_SECTIONS = 2500;
/** Characters of a section's text that are indexed. */
export const INDEXED_TEXT_CHARS = 480;
/** Characters of section text kept for result snippets. */
export const SNIPPET_CHARS = 120;
/** Scores are stored as integers of 1/SCORE_SCALE: plenty to rank, far fewer bytes. */
export const SCORE_SCALE = 10;

const FIELDS = [
  { name: "title", boost: 8 },
  { name: "heading", boost: 4 },
  { name: "text", boost: 1 },
];

/** Builds the lunr index and writes it in the compact form of SearchIndexFile. */
export function buildSearchIndex(docs: SearchDoc[]): SearchIndexFile {
  const fullText = docs.length <= FULL_TEXT_MAX_SECTIONS;
  const index = lunr(function () {
    this.ref("r");
    for (const f of FIELDS) if (f.name !== "text" || fullText) this.field(f.name, { boost: f.boost });
    this.metadataWhitelist = [];
    docs.forEach((d, i) => this.add({ r: String(i), title: d.title, heading: d.heading, text: d.text.slice(0, INDEXED_TEXT_CHARS) }));
  });
  const json = index.toJSON() as unknown as {
    fields: string[];
    fieldVectors: [string, number[]][];
    invertedIndex: [string, { _index: number }][];
  };
  const terms = json.invertedIndex.map(([term]) => term);
  const termNumber = new Map(json.invertedIndex.map(([, posting], i) => [posting._index, i]));
  const vectors: number[][][] = docs.map(() => json.fields.map(() => []));
  for (const [key, elements] of json.fieldVectors) {
    const slash = key.indexOf("/");
    const field = json.fields.indexOf(key.slice(0, slash));
    const ref = Number(key.slice(slash + 1));
    const pairs: [number, number][] = [];
    for (let i = 0; i < elements.length; i += 2) pairs.push([termNumber.get(elements[i]!)!, Math.max(1, Math.round(elements[i + 1]! * SCORE_SCALE))]);
    pairs.sort((a, b) => a[0] - b[0]);
    let prev = 0;
    vectors[ref]![field] = pairs.flatMap(([t, s]) => {
      const delta = t - prev;
      prev = t;
      return [delta, s];
    });
  }
  const pageNumbers = new Map<string, number>();
  const pages: [string, string][] = [];
  const out: SearchIndexFile["docs"] = docs.map((d) => {
    const { route, hash } = splitHash(d.id);
    let n = pageNumbers.get(route);
    if (n === undefined) {
      n = pages.push([route, d.title]) - 1;
      pageNumbers.set(route, n);
    }
    return [n, hash, d.heading, d.text.slice(0, SNIPPET_CHARS)];
  });
  return { v: 2, lunr: lunr.version, fields: json.fields, terms, vectors, scale: SCORE_SCALE, pages, docs: out };
}

/** Moved to src/shared (the browser client uses it too); re-exported for existing callers. */
export { toLunrJson } from "../shared/search-format.ts";
