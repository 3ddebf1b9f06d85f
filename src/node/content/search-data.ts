/**
 * What the search index takes from a page: its headings, and its body text as counted index terms.
 * Counting happens here, per page (on worker threads, and cached with the parsed page), so the
 * index build only merges counts: at 4,000 pages it would otherwise tokenise 23 MB of text.
 */
import { countSearchTerms } from "../search/tally.ts";
import type { PageSearchData } from "../../shared/types.ts";
import type { Section } from "./markdown/markdown.ts";

/** The search data of a page's sections (the text before the first heading included). */
export function searchData(sections: Section[]): PageSearchData {
  return {
    headings: sections.map((s) => s.heading).filter(Boolean),
    body: countSearchTerms(sections.map((s) => s.text)),
  };
}
