/**
 * `search_docs`: the site's own search, in Node. Pages are ranked by the shared ranking
 * (src/shared/search/: the same index files and query code as the search box, so both put the
 * same page first); each page's best section and snippet are chosen as the list does, from its
 * Markdown for machines cut at the headings its data file lists (Node has no DOM to read the
 * article's HTML with).
 */
import type { SearchHead, SearchShard } from "../../shared/search/format.ts";
import { bestSections, snippet, wordTest, type PageSection } from "../../shared/search/present.ts";
import { parseQuery } from "../../shared/search/query.ts";
import { openSearch, type SearchFn } from "../../shared/search/search.ts";
import { markdownPath } from "../../shared/url.ts";
import { parseJson, readPageData, type Docs } from "./docs.ts";
import { ASSETS_FOLDER } from "../../shared/output-layout.ts";

/** One result: a page, with its best section when one matches. */
export interface SearchHit {
  title: string;
  /** The section's heading, when a section of the page matches. */
  section?: string;
  url: string;
  snippet: string;
}

// Trimmed after the match: a lazy `(.*?)\s*$` rescanned a long run of spaces from every point.
const HEADING_RE = /^(#{2,3})\s+([^\n]*)$/;
const LINK_OR_MARK_RE = /\]\([^)]*\)|[*_`>#[]/g;
const MARK_RE = /[*_`>#[]/g;
const FENCE_RE = /^\s*(```|~~~)/;

/** A search over the docs; the index (head and every shard) is loaded on the first query. */
export function docsSearch(docs: Docs): (query: string, limit: number) => Promise<SearchHit[]> {
  let loaded: Promise<{ search: SearchFn; head: SearchHead }> | undefined;
  const load = async () => {
    const read = async <T>(file: string): Promise<T> => {
      const value = parseJson<T>(await docs.source.read(ASSETS_FOLDER + file));
      if (!value) throw new Error(`the search index file ${file} is missing or unreadable`);
      return value;
    };
    const head = await read<SearchHead>(docs.manifest.search);
    if (!Array.isArray(head.shards)) throw notAnIndex(docs, new Error("no list of shards"));
    // A site's head could list thousands of 8 MB shards: read a few at a time, within a budget.
    const shards: SearchShard[] = [];
    let bytes = 0;
    for (let i = 0; i < head.shards.length; i += SHARDS_AT_ONCE) {
      const batch = head.shards.slice(i, i + SHARDS_AT_ONCE).map(([, file]) => file);
      const texts = await Promise.all(batch.map((f) => docs.source.read(ASSETS_FOLDER + f)));
      for (const [k, text] of texts.entries()) {
        bytes += text?.length ?? 0;
        if (bytes > MAX_INDEX_CHARS)
          throw notAnIndex(
            docs,
            new Error(`its shards hold more than ${MAX_INDEX_CHARS} characters`),
          );
        const shard = parseJson<SearchShard>(text);
        if (!shard) throw new Error(`the search index file ${batch[k]} is missing or unreadable`);
        shards.push(shard);
      }
    }
    try {
      return { search: openSearch(head, shards), head };
    } catch (e) {
      throw notAnIndex(docs, e);
    }
  };
  return async (query, limit) => {
    const { search, head } = await (loaded ??= load().catch((e: unknown) => {
      loaded = undefined;
      throw e;
    }));
    let test: ReturnType<typeof wordTest>;
    let pages: ReturnType<SearchFn>;
    try {
      test = wordTest(parseQuery(query, head.synonyms));
      pages = search(query, limit);
    } catch (e) {
      // A head of the wrong shape (a site's, not a build's) fails here, not as our bug.
      throw notAnIndex(docs, e);
    }
    return Promise.all(
      pages.map(async (p): Promise<SearchHit> => {
        const url = docs.byRoute.get(p.route)?.url ?? p.route;
        const sections = await sectionsOf(docs, p.route).catch(() => []);
        const [best] = bestSections(sections, test);
        if (!best) return { title: p.title, url, snippet: p.description };
        return {
          title: p.title,
          section: best.heading,
          url: `${url}#${best.slug}`,
          snippet: snippet(best.text, test),
        };
      }),
    );
  };
}

/** Characters of search files read at most: a build writes far less (the real docs: 58 KB gzipped). */
const MAX_INDEX_CHARS = 64 * 1024 * 1024;
const SHARDS_AT_ONCE = 8;

/** The error for index files no build of brook-docs writes. */
function notAnIndex(docs: Docs, e: unknown): Error {
  return new Error(
    `the search index of ${docs.source.name} (${docs.manifest.search}) is not one brook-docs writes (${(e as Error).message}); rebuild the docs with this version of brook-docs`,
  );
}

/** A page's sections, as the search box reads them from the article: the intro, then each `##`/`###`. */
async function sectionsOf(docs: Docs, route: string): Promise<PageSection[]> {
  const base = docs.source.base;
  const [data, markdown] = await Promise.all([
    readPageData(docs, route),
    docs.source.read(markdownPath(base, route).slice(base.length)),
  ]);
  if (!data || markdown === undefined) return [];
  const slugs = data.headers.map((h) => h.slug);
  const sections: PageSection[] = [{ slug: "", heading: data.title, text: "" }];
  let inFence = false;
  let lines: string[] = [];
  const end = () => {
    sections[sections.length - 1]!.text = lines.join(" ").replace(/\s+/g, " ").trim();
    lines = [];
  };
  for (const line of markdown.split("\n")) {
    if (FENCE_RE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const h = HEADING_RE.exec(line);
    if (h && sections.length - 1 < slugs.length) {
      end();
      sections.push({ slug: slugs[sections.length - 1]!, heading: h[2]!.trimEnd(), text: "" });
    } else lines.push(plainText(line));
  }
  end();
  return sections;
}

/**
 * A line without its link targets and Markdown marks. A `](` with no `)` after it never starts a
 * link, and trying it scanned the rest of the line each time (quadratic on a line of them): only
 * the part up to the last `)` can hold one.
 */
function plainText(line: string): string {
  const end = line.lastIndexOf(")") + 1;
  return line.slice(0, end).replace(LINK_OR_MARK_RE, "") + line.slice(end).replace(MARK_RE, "");
}
