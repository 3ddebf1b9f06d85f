/**
 * The search index files (src/shared/search-format.ts): a pure function of the pages' text, so the
 * build can run it on a worker thread and the dev server off its main thread.
 */
import { createHash } from "node:crypto";
import { SEARCH_FIELDS, SEARCH_FORMAT, SEARCH_SECTION_CHARS, shardKey, writePostings, type SearchHead, type SearchShard } from "../shared/search-format.ts";
import type { SearchPage } from "../shared/types.ts";
import { PostingList, TermDictionary, TermTally } from "./search-terms.ts";

/** Up to this many postings (a page holding a term in a field) the index is one file: about 60 KB gzipped. */
export const SINGLE_FILE_MAX_POSTINGS = 60_000;
/** A shard closes once it holds this many postings (about 50 KB gzipped), unless one two-letter key alone is bigger. */
export const SHARD_POSTINGS = 40_000;

/** What the build may set: site.config.ts `search`. */
export interface SearchOptions {
  /** A word or phrase → what else a query for it looks for. */
  synonyms?: Record<string, string[]>;
  /** Overrides SINGLE_FILE_MAX_POSTINGS (tests). */
  singleFileMaxPostings?: number;
  /** Overrides SHARD_POSTINGS (tests). */
  shardPostings?: number;
}

/** The files to write under the assets folder; `entry` is the one the route manifest names. */
export interface SearchFiles {
  entry: string;
  files: { name: string; content: string }[];
}

/** Builds the head file and, on a large site, the shards that hold every field but the title. */
export function buildSearchFiles(pages: SearchPage[], options: SearchOptions = {}): SearchFiles {
  const { terms, postings, lengths } = tallyPages(pages);
  const pagesOf = postings.byTerm(terms.length);
  const sharded = postings.length > (options.singleFileMaxPostings ?? SINGLE_FILE_MAX_POSTINGS);
  // Each file numbers its own terms in sorted order; encode() maps them back to the site's numbers.
  const encode = (ids: number[], fields: number) => {
    ids.sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
    return writePostings(ids.map((id) => terms[id]!), SEARCH_FIELDS.length, (t, f, add) => f < fields && pagesOf(ids[t]!, f, add));
  };
  const files: SearchFiles["files"] = [];
  const shards: [string, string][] = [];
  if (sharded) {
    // The title stays in the head: the first letter typed finds pages by title before any shard arrives.
    const bodySizes = postings.sizes(terms.length, 1, SEARCH_FIELDS.length);
    for (const group of planShards(terms, bodySizes, options.shardPostings ?? SHARD_POSTINGS)) {
      const postingsOfShard = encode(group.ids, SEARCH_FIELDS.length);
      postingsOfShard.fields[0] = [];
      const content = JSON.stringify({ v: SEARCH_FORMAT, postings: postingsOfShard } satisfies SearchShard);
      const name = `search.${shards.length}.${hash(content)}.json`;
      files.push({ name, content });
      shards.push([group.key, name]);
    }
  }
  const titleSizes = postings.sizes(terms.length, 0, sharded ? 1 : SEARCH_FIELDS.length);
  const head: SearchHead = {
    v: SEARCH_FORMAT,
    fields: [...SEARCH_FIELDS],
    pages: pages.map((p) => [p.route, p.title, sharded ? "" : p.description]),
    lengths,
    synonyms: Object.entries(options.synonyms ?? {}).map(([from, to]) => [from.toLowerCase().trim(), to.map((t) => t.toLowerCase().trim())]),
    postings: encode(
      terms.map((_, id) => id).filter((id) => titleSizes[id]! > 0),
      sharded ? 1 : SEARCH_FIELDS.length,
    ),
    shards,
  };
  const content = JSON.stringify(head);
  const entry = `search.${hash(content)}.json`;
  files.unshift({ name: entry, content });
  return { entry, files };
}

/** Tokenises every page: the site's terms, every posting, and each page's length per field. */
function tallyPages(pages: SearchPage[]): { terms: string[]; postings: PostingList; lengths: number[][] } {
  const dict = new TermDictionary();
  const tally = new TermTally(dict);
  const postings = new PostingList();
  const lengths: number[][] = SEARCH_FIELDS.map(() => new Array<number>(pages.length).fill(0));
  pages.forEach((page, p) => {
    const fields = [[page.title, slugWords(page)], [page.description], page.sections.map((s) => s.heading), page.sections.map((s) => s.text.slice(0, SEARCH_SECTION_CHARS))];
    fields.forEach((texts, f) => {
      for (const t of texts) tally.add(t);
      let length = 0;
      tally.drain((term, tf) => {
        postings.push(term, f, p, tf);
        length += tf;
      });
      lengths[f]![p] = length;
    });
  });
  return { terms: dict.terms, postings, lengths };
}

/**
 * The words of a page's own URL segment that its title does not use: a slug is a writer's chosen
 * keyword ("Log in to the CLI" is /cli/login/, "The step context" /notebook/dollar-context/).
 * Numbers are left out: in a slug they number pages (page-0073) more often than they name things.
 */
function slugWords(page: SearchPage): string {
  const inTitle = new Set(page.title.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  const slug = page.route.split("/").filter(Boolean).pop() ?? "";
  return slug
    .split("-")
    .filter((w) => !inTitle.has(w) && !/^\d+$/.test(w))
    .join(" ");
}

/** Groups term numbers into shards by shardKey, in term order, each near `target` postings. */
function planShards(terms: string[], sizes: Int32Array, target: number): { key: string; ids: number[] }[] {
  const ids = terms.map((_, id) => id).filter((id) => sizes[id]! > 0);
  ids.sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
  const groups: { key: string; ids: number[]; size: number }[] = [];
  let current: (typeof groups)[number] | undefined;
  let lastKey = "";
  for (const id of ids) {
    const key = shardKey(terms[id]!);
    // A key never spans two shards: a query word's prefix and its typos stay in one file.
    if (!current || (key !== lastKey && current.size >= target)) groups.push((current = { key: groups.length ? key : "", ids: [], size: 0 }));
    current.ids.push(id);
    current.size += sizes[id]!;
    lastKey = key;
  }
  return groups;
}

function hash(content: string): string {
  return createHash("sha256").update(content).digest("base64url").replace(/[-_]/g, "").slice(0, 10).toLowerCase();
}
