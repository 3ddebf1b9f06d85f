/**
 * `search_docs`: the site's own search, in Node. Pages are ranked by the shared ranking
 * (src/shared/search/: the same index files and query code as the search box, so both put the
 * same page first); each page's best section is chosen as the list chooses it, from its
 * Markdown for machines cut at the headings its data file lists (Node has no DOM to read the
 * article's HTML with), and answered with a passage of that Markdown as the page writes it
 * (./search-passage.ts): identifiers, code and figures intact.
 */
import type { SearchHead, SearchShard } from "../../shared/search/format.ts";
import { bestSections, wordTest, type PageSection } from "../../shared/search/present.ts";
import { parseQuery } from "../../shared/search/query.ts";
import { openSearch, type SearchFn } from "../../shared/search/search.ts";
import { parseJson, readPage, type Docs, type PageText } from "./docs.ts";
import { ASSETS_FOLDER } from "../../shared/output-layout.ts";
import { blocksOf } from "./page-sections.ts";
import { passageOf } from "./search-passage.ts";

/** One result: a page, with its best section when one matches, and a passage of it. */
export interface SearchHit {
  title: string;
  /** The section's heading, when a section of the page matches. */
  section?: string;
  url: string;
  /** Markdown from the page as written: the section's first paragraph, bounded. */
  passage: string;
}

const LINK_OR_MARK_RE = /\]\([^)]*\)|[*_`>#[]/g;
const MARK_RE = /[*_`>#[]/g;

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
        const page = await readPage(docs, p.route).catch(() => undefined);
        if (!page) return { title: p.title, url, passage: p.description };
        const [best] = bestSections(sectionsOf(page), test);
        const section = page.split.sections.find((s) => best && s.anchor === best.slug);
        const { lines } = page.split;
        if (!section || !best) {
          const intro = page.split.sections[0]!;
          const passage = passageOf(blocksOf(lines, intro.start, intro.ownEnd), test);
          return { title: p.title, url, passage: passage || p.description };
        }
        return {
          title: p.title,
          section: best.heading,
          url: `${url}#${best.slug}`,
          passage: passageOf(blocksOf(lines, section.start + 1, section.ownEnd), test),
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

/** A page's sections as the search box reads them from the article: the intro, then each `##`/`###` with its own text (code left out). */
function sectionsOf(page: PageText): PageSection[] {
  const { lines, sections } = page.split;
  return sections.map((s, i) => ({
    slug: s.anchor,
    heading: s.heading,
    text:
      i === 0
        ? ""
        : blocksOf(lines, s.start + 1, s.ownEnd)
            .filter((b) => b.kind !== "code")
            .map((b) => plainText(b.text.replace(/\s+/g, " ")))
            .join(" ")
            .trim(),
  }));
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
