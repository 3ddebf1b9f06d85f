/**
 * The search stage: the index from the cache while its documents are as they were; else made from
 * the counts of the last index (kept in the build cache, see ./task.ts) and the pages that changed
 * since, counted. Functions of the last build's search snapshot to the next:
 * - `startTally`: a build that parses a few pages starts the tally on this thread while the
 *   workers parse, from the other pages' cached facts;
 * - `searchStage`: the index files of the site's documents (deferred: the last index, the new one
 *   left for later);
 * - `deferredSearch`: the index a deferred build left for later (the dev server, after the pages
 *   went out).
 */
import type { TransferListItem } from "node:worker_threads";
import { isListed, type SitePlan } from "../site/model.ts";
import { searchPageOf } from "../site/check.ts";
import type { SearchFiles, SearchOptions, SearchTally } from "./index-files.ts";
import type { SearchPage } from "../../shared/types.ts";
import type { SearchResult, SearchTask } from "./task.ts";
import { fingerprint, indexed, placesIn, searchKey } from "./search-keys.ts";
import type { CachedPage } from "../content/page-record.ts";

/** The last index by the key of its documents (one entry), as the build cache keeps it. */
export type SearchIndexCache = Map<string, SearchFiles>;

/** What the search counts file holds: its id, and each page's route and print, in index order. */
export interface SearchCounts {
  id: string;
  routes: string[];
  prints: string[];
}

/**
 * What the search stage hands the next build: the last index by the key of its documents and what
 * its counts file holds (both saved in the build cache), the documents a deferred build left for
 * later, and the hashes of the last bodies (in memory only).
 */
export interface SearchSnapshot {
  search?: SearchIndexCache;
  searchCounts?: SearchCounts;
  later?: { pages: SearchPage[]; options: SearchOptions };
  bodyPrints?: ReadonlyMap<string, string>;
}

/** Runs a search task on a worker (or on this thread when there are none). */
export type RunSearchTask = (
  task: SearchTask,
  transferList?: TransferListItem[],
) => Promise<SearchResult>;

/** What every function of the stage reads: the last snapshot, where tasks run, where counts are kept. */
export interface SearchSetup {
  previous: SearchSnapshot;
  run: RunSearchTask;
  /** Where the counts of the last index are kept (the build cache), or undefined: every page is counted. */
  countsFile?: string;
  /** The generator's version: an index made by other code is made again. */
  generator: string;
}

/** A tally started from the last index's counts while the pages were parsed. */
export interface EarlyTally {
  tally: SearchTally;
  /** The print each page was placed by, undefined for the pages left to count. */
  prints: (string | undefined)[];
  /** The body hashes it made, for the stage to reuse. */
  bodyPrints: Map<string, string>;
}

/** What the stage made: the index files, the next snapshot, whether it made a new index. */
export interface SearchOutcome {
  files: SearchFiles;
  next: SearchSnapshot;
  made: boolean;
}

/**
 * Starts the index's tally in the next turn of the event loop, when this thread waits for the
 * workers parsing the pages of `pending` (their routes): the other pages, with the documents the
 * last index counted, keep their counts (read from the cache); the stage adds the rest. Undefined
 * without such counts; a tally that fails resolves to undefined and leaves the index to the task.
 */
export function startTally(
  setup: SearchSetup,
  plan: SitePlan,
  sources: ReadonlyMap<string, CachedPage>,
  pending: ReadonlySet<string>,
): Promise<EarlyTally | undefined> | undefined {
  const last = setup.previous.searchCounts;
  const file = setup.countsFile;
  if (!last || !file) return undefined;
  const bodyPrints = new Map(setup.previous.bodyPrints);
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => Promise.all([import("./task.ts"), import("./index-files.ts")]))
    .then(([{ readCounts }, { SearchTally }]) => {
      const pages = plan.pages.filter(isListed);
      const known = pages.map((p) => {
        const facts = pending.has(p.regularPath)
          ? undefined
          : sources.get(p.relativePath)?.parse?.facts;
        return facts && fingerprint(searchPageOf(p, facts), bodyPrints, bodyPrints);
      });
      const { places, placed } = placesIn(
        last,
        pages.map((p) => p.regularPath),
        known,
      );
      const base = readCounts(file, last.id);
      return (
        base && {
          tally: SearchTally.from(base, places, pages.length),
          prints: known.map((print, i) => (placed[i] ? print : undefined)),
          bodyPrints,
        }
      );
    })
    .catch(() => undefined);
}

/**
 * The index files of `pages`: from the cache when they did not change. Deferred (the dev
 * server): the last index, and even the key of the new one (a hash of every page's terms,
 * 100 ms at 4,000 pages) waits until the pages are out.
 */
export async function searchStage(
  setup: SearchSetup & { defer: boolean; early?: Promise<EarlyTally | undefined> },
  pages: SearchPage[],
  options: SearchOptions,
): Promise<SearchOutcome> {
  const early = await setup.early;
  const last = setup.previous.search ?? new Map();
  if (setup.defer && last.size) {
    const next = { ...setup.previous, later: { pages, options } };
    return { files: [...last.values()][0]!, next, made: false };
  }
  const bodies = new Map([...(setup.previous.bodyPrints ?? []), ...(early?.bodyPrints ?? [])]);
  return cachedOr(
    { ...setup, previous: { ...setup.previous, later: undefined } },
    pages,
    options,
    bodies,
    early,
  );
}

/** Makes the index a deferred build left for later; `files` undefined when there is none, or it did not change. */
export async function deferredSearch(
  setup: SearchSetup,
): Promise<{ files?: SearchFiles; next: SearchSnapshot }> {
  const later = setup.previous.later;
  const previous = { ...setup.previous, later: undefined };
  if (!later) return { next: previous };
  const used = new Map<string, string>();
  const last = setup.previous.bodyPrints ?? new Map();
  const prints = later.pages.map((page) => fingerprint(page, used, last));
  if (previous.search?.has(searchKey(prints, later.options, setup.generator)))
    return { next: { ...previous, bodyPrints: used } };
  const made = await cachedOr({ ...setup, previous }, later.pages, later.options, last);
  return { files: made.files, next: made.next };
}

/**
 * The cached index of these documents, or a new one, which then replaces it. The key comes
 * first: a worker is never asked for an index the build then does not wait for (its workers may stop).
 */
async function cachedOr(
  setup: SearchSetup,
  pages: SearchPage[],
  options: SearchOptions,
  lastBodies: ReadonlyMap<string, string>,
  early?: EarlyTally,
): Promise<SearchOutcome> {
  // Only this build's bodies are kept: a session that runs all day does not gather every edit's.
  const used = new Map<string, string>();
  const prints = pages.map((page) => fingerprint(page, used, lastBodies));
  const key = searchKey(prints, options, setup.generator);
  const { previous, countsFile } = setup;
  const cached = previous.search?.get(key);
  if (cached) return { files: cached, next: { ...previous, bodyPrints: used }, made: false };
  const files =
    (early && (await fromEarly(setup, early, pages, options, prints, key))) ??
    (await make(setup, pages, options, prints, key));
  const next: SearchSnapshot = {
    ...previous,
    search: new Map([[key, files]]),
    searchCounts: countsFile ? { id: key, routes: pages.map((p) => p.route), prints } : undefined,
    bodyPrints: used,
  };
  return { files, next, made: true };
}

/**
 * Makes the index from the tally `startTally` started, when the pages it placed are these
 * documents still: the others are counted here, and a worker writes the files (the postings'
 * buffer moved, not copied). Undefined when the tally does not fit.
 */
async function fromEarly(
  setup: SearchSetup,
  early: EarlyTally,
  pages: SearchPage[],
  options: SearchOptions,
  prints: string[],
  key: string,
): Promise<SearchFiles | undefined> {
  if (
    early.prints.length !== pages.length ||
    early.prints.some((p, i) => p !== undefined && p !== prints[i])
  )
    return undefined;
  pages.forEach((page, i) => early.prints[i] === undefined && early.tally.add(i, page));
  const counted = early.tally.counted();
  const task: SearchTask = {
    kind: "search",
    pages: indexed(pages),
    counted,
    count: [],
    keep: { file: setup.countsFile!, id: key },
    options,
  };
  const result = await setup.run(task, [counted.postings.data.buffer]);
  return "baseMissing" in result ? undefined : result;
}

/** Makes the index: from the last one's counts when they are kept, counting only the pages that changed since. */
async function make(
  setup: SearchSetup,
  pages: SearchPage[],
  options: SearchOptions,
  prints: string[],
  key: string,
): Promise<SearchFiles> {
  const all = pages.map((p, i): [number, SearchPage] => [i, p]);
  const task: SearchTask = { kind: "search", pages: indexed(pages), count: all, options };
  const last = setup.previous.searchCounts;
  if (setup.countsFile) {
    task.keep = { file: setup.countsFile, id: key };
    if (last) {
      const { places, placed } = placesIn(
        last,
        pages.map((p) => p.route),
        prints,
      );
      task.base = { file: setup.countsFile, id: last.id, places };
      task.count = all.filter(([i]) => !placed[i]);
    }
  }
  let result = await setup.run(task);
  // The counts file is gone or is not the one the state names: every page is counted.
  if ("baseMissing" in result) result = await setup.run({ ...task, base: undefined, count: all });
  if ("baseMissing" in result)
    throw new Error("a search task without counts to start from asked for them");
  return result;
}
