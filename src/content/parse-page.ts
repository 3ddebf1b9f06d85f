/** A page's Markdown body → its HTML and what the site model needs of it (on a build worker). */
import type { Diagnostic } from "../errors.ts";
import type { Header, PageSearchData } from "../shared/types.ts";
import type { HighlightCache } from "./highlight.ts";
import { renderMarkdown, type LinkRef } from "./markdown.ts";
import { MAX_PAGE_BYTES } from "./limits.ts";
import { searchData } from "./search-data.ts";
import { checkMarkerRuns } from "./markdown-guard.ts";
import { readPageSource, type PageSource } from "./page-source.ts";
import { replaceSiteValues } from "./site-values.ts";

/** Options that change how a body renders. */
export interface ParseOptions {
  base: string;
  siteValues: Record<string, string>;
}

/** What the Markdown of a page yields, besides its HTML: small, kept for every page of a build. */
export interface PageFacts {
  headers: Header[];
  links: LinkRef[];
  /** Headings and counted body terms for the search index (the section text itself is not kept). */
  search: PageSearchData;
  ids: string[];
  /** Non-fatal diagnostics, kept so that a page from the cache reports them again. */
  warnings: Diagnostic[];
  /** What else the body read, besides its file: part of its cache key (README, "How it works"). */
  deps: { siteValues: string[] };
}

/** The body parsed: its HTML and its facts, or the errors that stop it. */
export interface ParsedBody {
  html?: string;
  facts?: PageFacts;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/** Parses a page's body: limits, site values, Markdown. Never throws for content. */
export async function parseBody(source: PageSource, options: ParseOptions, highlights?: HighlightCache): Promise<ParsedBody> {
  const { file, body, bodyLine } = source;
  // Site values first: they come from the config, and what micromark sees is the page with them
  // (values are one line each, so lines stay where they were).
  const values = replaceSiteValues(body, options.siteValues, file, bodyLine - 1);
  if (values.body.length > body.length && Buffer.byteLength(values.body) > MAX_PAGE_BYTES) {
    return { errors: [{ file, rule: "file-size", message: `with its site values, the page is over the limit of ${MAX_PAGE_BYTES / 1024} KB`, hint: "split it into several pages" }], warnings: [] };
  }
  const runs = checkMarkerRuns(values.body, file, bodyLine - 1);
  if (runs.length) return { errors: runs, warnings: [] };
  const md = await renderMarkdown(values.body, { file, base: options.base, lineOffset: bodyLine - 1, highlights });
  const errors = [...values.diagnostics, ...md.diagnostics.filter((d) => d.rule !== "code-language")];
  const warnings = md.diagnostics.filter((d) => d.rule === "code-language");
  if (errors.length) return { errors, warnings };
  return {
    html: md.html,
    facts: { headers: md.headers, links: md.links, search: searchData(md.sections), ids: md.ids, warnings, deps: { siteValues: values.used } },
    errors,
    warnings,
  };
}

/** A whole file at once (tests and the fuzz test): read, then parse. */
export async function parsePage(
  bytes: Uint8Array,
  meta: { relativePath: string; file: string; route: string },
  options: ParseOptions,
): Promise<{ page?: PageSource & { html: string; facts: PageFacts }; errors: Diagnostic[]; warnings: Diagnostic[] }> {
  const read = readPageSource(bytes, meta);
  if (!read.source) return { errors: read.errors, warnings: [] };
  const parsed = await parseBody(read.source, options);
  if (parsed.html === undefined || !parsed.facts) return { errors: parsed.errors, warnings: parsed.warnings };
  return { page: { ...read.source, html: parsed.html, facts: parsed.facts }, errors: [], warnings: parsed.warnings };
}
