/**
 * The search index of a site's pages: their terms counted page by page (SearchTally), from which
 * write-files.ts makes the files (src/shared/search/format.ts). A pure function of the pages'
 * search data (titles, descriptions and headings as text, bodies as terms the content stage
 * counted), so the build can run it on a worker thread and the dev server off its main thread.
 */
import { SEARCH_FIELDS } from "../../shared/search/format.ts";
import type { SearchPage } from "../../shared/types.ts";
import { TermDictionary, TermTally } from "./tally.ts";
import { PostingList } from "./postings.ts";
import {
  writeSearchFiles,
  type BaseCounts,
  type CountedPages,
  type SearchFiles,
  type SearchOptions,
} from "./write-files.ts";

export {
  SHARD_POSTINGS,
  SINGLE_FILE_MAX_POSTINGS,
  writeSearchFiles,
  type BaseCounts,
  type CountedPages,
  type SearchFiles,
  type SearchOptions,
} from "./write-files.ts";

const BODY = SEARCH_FIELDS.indexOf("body");

/** Builds the head file and, on a large site, the shards that hold every field but the title. */
export function buildSearchFiles(pages: SearchPage[], options: SearchOptions = {}): SearchFiles {
  const tally = new SearchTally(pages.length);
  pages.forEach((page, p) => tally.add(p, page));
  return tally.files(pages, options);
}

/**
 * The terms of a site's pages, counted page by page in any order (a build starts with the pages
 * it did not parse again, while the others are being parsed); `files` gives exactly what
 * buildSearchFiles gives for the same pages.
 */
export class SearchTally {
  private readonly dict = new TermDictionary();
  private readonly tally = new TermTally(this.dict);
  private readonly postings = new PostingList();
  private readonly lengths: number[][];
  private readonly pageCounts: number[] = [];
  private readonly lastPage: number[] = [];
  private readonly added: boolean[];

  constructor(pageCount: number) {
    this.lengths = SEARCH_FIELDS.map(() => new Array<number>(pageCount).fill(0));
    this.added = new Array<boolean>(pageCount).fill(false);
  }

  /**
   * A tally that starts from the counts of an earlier build (`base`, whose postings' buffer it
   * takes over): the pages `places` gives a place (`places[old page] = new page`, -1 for none)
   * keep their postings there; the others are added as usual. Its files are those of a tally of
   * every page. One pass over the postings, in place. Throws on counts that do not hold together
   * (a damaged cache file).
   */
  static from(base: BaseCounts, places: Int32Array, pageCount: number): SearchTally {
    const tally = new SearchTally(pageCount);
    const fieldCount = SEARCH_FIELDS.length;
    const { terms } = base;
    const { data, length } = base.postings;
    if (
      places.length !== base.lengths[0]?.length ||
      base.lengths.length !== fieldCount ||
      data.length < length * 4
    )
      throw new Error("the search counts are of other pages");
    // The same term numbers (a term only dropped pages held keeps its number, and no postings).
    terms.forEach((term, i) => {
      if (tally.dict.term(term) !== i) throw new Error("the search counts are damaged");
    });
    const lastPage = tally.lastPage;
    const pageCounts = tally.pageCounts;
    for (let i = 0; i < terms.length; i++) {
      lastPage[i] = -1;
      pageCounts[i] = 0;
    }
    let kept = 0;
    let ordered = true;
    let previous = -1;
    for (let k = 0; k < length; k++) {
      const at = k * 4;
      const term = data[at]!;
      const field = data[at + 1]!;
      const old = data[at + 2]!;
      const tf = data[at + 3]!;
      if (!(
        term >= 0 &&
        term < terms.length &&
        field >= 0 &&
        field < fieldCount &&
        old >= 0 &&
        old < places.length &&
        tf > 0
      ))
        throw new Error("the search counts are damaged");
      const page = places[old]!;
      if (page < 0) continue;
      if (page < previous) ordered = false;
      previous = page;
      const to = kept++ * 4;
      data[to] = term;
      data[to + 1] = field;
      data[to + 2] = page;
      data[to + 3] = tf;
      if (lastPage[term] !== page) {
        lastPage[term] = page;
        pageCounts[term]!++;
      }
    }
    tally.postings.adopt({ data, length: kept, ordered });
    places.forEach((page, old) => {
      if (page < 0) return;
      if (page >= pageCount || tally.added[page])
        throw new Error("the search counts are of other pages");
      tally.added[page] = true;
      for (let f = 0; f < fieldCount; f++) tally.lengths[f]![page] = base.lengths[f]![old]!;
    });
    return tally;
  }

  /** Counts page number `p` (its place in the site's pages), once. */
  add(p: number, page: SearchPage): void {
    if (this.added[p]) throw new Error(`search page ${p} counted twice`);
    this.added[p] = true;
    const headings = [...page.headings, sectionWords(page)];
    const short = [
      [page.title, slugWords(page)],
      [page.description],
      headings,
      page.keywords ?? [],
    ];
    short.forEach((texts, f) => {
      for (const t of texts) this.tally.add(t);
      this.tally.drain((term, tf) => this.post(term, f, p, tf));
    });
    // The body comes counted (PageSearchData.body): `term term:3 …`.
    this.dict.readCounted(page.body, (term, tf) => this.post(term, BODY, p, tf));
  }

  /** One posting; a page's come together (so a term's pages are counted by the last one seen). */
  private post(term: number, f: number, p: number, tf: number): void {
    this.postings.push(term, f, p, tf);
    this.lengths[f]![p]! += tf;
    if (this.lastPage[term] !== p) {
      this.lastPage[term] = p;
      this.pageCounts[term] = (this.pageCounts[term] ?? 0) + 1;
    }
  }

  /** The index files of `pages` (every one of them added). */
  files(pages: SearchPage[], options: SearchOptions = {}): SearchFiles {
    return writeSearchFiles(pages, this.counted(), options);
  }

  /**
   * What was counted, as plain data another thread can take (the postings' buffer is
   * transferable): writeSearchFiles makes the files from it there.
   */
  counted(): CountedPages {
    if (this.added.some((a) => !a))
      throw new Error("the search index was asked for before every page was counted");
    return {
      terms: this.dict.terms,
      postings: this.postings.toData(),
      lengths: this.lengths,
      pageCounts: this.pageCounts,
    };
  }
}

/**
 * The words of the sections a page's URL puts it in (/api/rest/workflow-errors/: api, rest): what
 * the page is about together with its title, so "errors of the api" finds the API's errors page.
 * Numbers left out as in slugWords. Counted with the headings (relevance set, top-1: half A
 * 92.2 → 92.8%, half B 90.6 → 91.1%).
 */
function sectionWords(page: SearchPage): string {
  return page.route
    .split("/")
    .filter(Boolean)
    .slice(0, -1)
    .flatMap((segment) => segment.split("-"))
    .filter((w) => !/^\d+$/.test(w))
    .join(" ");
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
