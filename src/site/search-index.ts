/** The lunr index: one document per page section, built and serialised at build time. */
import lunr from "lunr";
import type { SearchDoc, SearchIndexFile } from "../shared/types.ts";

/** Up to this many sections, the whole text of each is indexed; above it, titles and headings only. */
export const FULL_TEXT_MAX_SECTIONS = 2500;
/** Characters of section text kept for result snippets. */
export const SNIPPET_CHARS = 240;

/**
 * Builds the index. Refs are short numbers (the index repeats them for every term), and the
 * result data (page title, heading, snippet text, target) lives beside the index.
 */
export function buildSearchIndex(docs: SearchDoc[]): SearchIndexFile & { fullText: boolean } {
  const fullText = docs.length <= FULL_TEXT_MAX_SECTIONS;
  const index = lunr(function () {
    this.ref("r");
    this.field("title", { boost: 8 });
    this.field("heading", { boost: 4 });
    if (fullText) this.field("text");
    this.metadataWhitelist = [];
    docs.forEach((d, i) => this.add({ r: String(i), title: d.title, heading: d.heading, text: d.text }));
  });
  const store: SearchIndexFile["docs"] = docs.map((d) => [d.id, d.title, d.heading, d.text.slice(0, SNIPPET_CHARS)]);
  return { index: index.toJSON(), docs: store, fullText };
}
