/**
 * The search stage of a build session: the index from the cache while its documents are as they
 * were; else made from the counts of the last index (kept in the build cache, see
 * ./task.ts) and the pages that changed since, counted. A build that parses a few
 * pages starts that tally on this thread while the workers parse (`countAhead`) and hands it to a
 * worker to write the files; others leave it all to the search task. In the dev server, deferred
 * until the pages are out (`deferred`).
 */
import type { TransferListItem } from "node:worker_threads";
import { createHash } from "node:crypto";
import { isListed, type SitePlan } from "../site/model.ts";
import { searchPageOf } from "../site/check.ts";
import type { SearchFiles, SearchOptions, SearchTally } from "./index-files.ts";
import type { SearchPage } from "../../shared/types.ts";
import type { PageTask, WorkerTask } from "../engine/build-worker.ts";
import type { SearchResult, SearchTask } from "./task.ts";
import { generatorVersion, hashKey, type CachedPage, type CacheState } from "../engine/cache.ts";

/**
 * What the search stage hands the next build: the last index by the key of its documents and what
 * its counts file holds (both saved in the build cache), the documents a deferred build left for
 * later, and the hashes of the last bodies (in memory only).
 */
export interface SearchSnapshot extends Partial<Pick<CacheState, "search" | "searchCounts">> {
  later?: { pages: SearchPage[]; options: SearchOptions };
  bodyPrints?: ReadonlyMap<string, string>;
}

/** Runs a task on a worker (or on this thread when there are none). */
export type RunTask = <T>(task: WorkerTask, transferList?: TransferListItem[]) => Promise<T>;

/** A tally started from the last index's counts while the pages were parsed: the pages it placed, with the prints it placed them by. */
interface EarlyTally {
  tally: SearchTally;
  prints: (string | undefined)[];
}

/** The search stage of one build: starts from the last build's snapshot, hands its own to the next (`snapshot()`). */
export class SearchStage {
  /** Documents whose index was left for later (the dev server). */
  private later?: { pages: SearchPage[]; options: SearchOptions };
  /** Hashes of page bodies (their counted terms), by the body: made by `countAhead`, or when first needed. */
  private bodyPrints: Map<string, string>;
  /** The tally `countAhead` started, once it has. */
  private early?: Promise<EarlyTally | undefined>;
  /** Whether this build made an index (else it kept the last one). */
  made = false;
  /** `search` holds the last index by the key of its documents, `searchCounts` what its counts file holds: this stage's own copy. */
  private readonly state: Pick<CacheState, "search" | "searchCounts">;

  constructor(
    previous: SearchSnapshot,
    private readonly run: RunTask,
    /** Leave a changed index for `deferred()` and serve the last one meanwhile. */
    private readonly defer: boolean,
    /** Where the counts of the last index are kept (the build cache), or undefined: every page is counted. */
    private readonly countsFile?: string,
  ) {
    this.state = { search: previous.search ?? new Map(), searchCounts: previous.searchCounts };
    this.later = previous.later;
    this.bodyPrints = new Map(previous.bodyPrints);
  }

  /** What the next build starts from. */
  snapshot(): SearchSnapshot {
    return { ...this.state, later: this.later, bodyPrints: this.bodyPrints };
  }

  /**
   * Starts the index's tally in the next turn of the event loop, when this thread waits for the
   * workers parsing `tasks`: the pages they do not parse, with the documents the last index
   * counted, keep their counts (read from the cache); `files` adds the others. Nothing is started
   * without such counts, and a tally that fails leaves the index to the search task.
   */
  countAhead(plan: SitePlan, sources: Map<string, CachedPage>, tasks: PageTask[]): void {
    const last = this.state.searchCounts;
    const file = this.countsFile;
    if (!last || !file) return;
    const pending = new Set(tasks.map((t) => t.shell.route));
    this.early = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => Promise.all([import("./task.ts"), import("./index-files.ts")]))
      .then(([{ readCounts }, { SearchTally }]) => {
        const pages = plan.pages.filter(isListed);
        const known = pages.map((p) => {
          const facts = pending.has(p.regularPath)
            ? undefined
            : sources.get(p.relativePath)?.parse?.facts;
          return facts && this.fingerprint(searchPageOf(p, facts), this.bodyPrints);
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
  async files(pages: SearchPage[], options: SearchOptions): Promise<SearchFiles> {
    this.later = undefined;
    const early = await this.early;
    this.early = undefined;
    if (this.defer && this.state.search.size) {
      this.later = { pages, options };
      return [...this.state.search.values()][0]!;
    }
    return this.cachedOr(pages, options, undefined, early);
  }

  /** Makes the index the last build left for later; undefined when there is none, or it did not change. */
  async deferred(): Promise<SearchFiles | undefined> {
    const later = this.later;
    this.later = undefined;
    if (!later) return undefined;
    const prints = this.fingerprints(later.pages);
    if (this.state.search.has(searchKey(prints, later.options))) return undefined;
    return this.cachedOr(later.pages, later.options, prints);
  }

  /**
   * The cached index of these documents, or a new one, which then replaces it. The key comes
   * first: a worker is never asked for an index the build then does not wait for (its workers may stop).
   */
  private async cachedOr(
    pages: SearchPage[],
    options: SearchOptions,
    prints = this.fingerprints(pages),
    early?: EarlyTally,
  ): Promise<SearchFiles> {
    const key = searchKey(prints, options);
    const cached = this.state.search.get(key);
    if (cached) return cached;
    const files =
      (early && (await this.fromEarly(early, pages, options, prints, key))) ??
      (await this.make(pages, options, prints, key));
    this.state.search = new Map([[key, files]]);
    this.made = true;
    this.state.searchCounts = this.countsFile
      ? { id: key, routes: pages.map((p) => p.route), prints }
      : undefined;
    return files;
  }

  /**
   * Makes the index from the tally `countAhead` started, when the pages it placed are these
   * documents still: the others are counted here, and a worker writes the files (the postings'
   * buffer moved, not copied). Undefined when the tally does not fit.
   */
  private async fromEarly(
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
      keep: { file: this.countsFile!, id: key },
      options,
    };
    const result = await this.run<SearchResult>(task, [counted.postings.data.buffer]);
    return "baseMissing" in result ? undefined : result;
  }

  /** Makes the index: from the last one's counts when they are kept, counting only the pages that changed since. */
  private async make(
    pages: SearchPage[],
    options: SearchOptions,
    prints: string[],
    key: string,
  ): Promise<SearchFiles> {
    const all = pages.map((p, i): [number, SearchPage] => [i, p]);
    const task: SearchTask = { kind: "search", pages: indexed(pages), count: all, options };
    const last = this.state.searchCounts;
    if (this.countsFile) {
      task.keep = { file: this.countsFile, id: key };
      if (last) {
        const { places, placed } = placesIn(
          last,
          pages.map((p) => p.route),
          prints,
        );
        task.base = { file: this.countsFile, id: last.id, places };
        task.count = all.filter(([i]) => !placed[i]);
      }
    }
    let result = await this.run<SearchResult>(task);
    // The counts file is gone or is not the one the state names: every page is counted.
    if ("baseMissing" in result)
      result = await this.run<SearchResult>({ ...task, base: undefined, count: all });
    if ("baseMissing" in result)
      throw new Error("a search task without counts to start from asked for them");
    return result;
  }

  /** What each page's document is, in 27 characters: two pages with the same print count the same. */
  private fingerprints(pages: SearchPage[]): string[] {
    const used = new Map<string, string>();
    const prints = pages.map((page) => this.fingerprint(page, used));
    // Only this build's bodies are kept: a session that runs all day does not gather every edit's.
    this.bodyPrints = used;
    return prints;
  }

  /** A page's print; its body's hash is taken from (and kept in) `bodies`, or from the last build's. */
  private fingerprint(page: SearchPage, bodies: Map<string, string>): string {
    const body = bodies.get(page.body) ?? this.bodyPrints.get(page.body) ?? hash(page.body);
    bodies.set(page.body, body);
    return hash(
      JSON.stringify([
        page.route,
        page.title,
        page.description,
        page.keywords,
        page.headings,
        body,
      ]),
    );
  }
}

/**
 * Where the pages of the last index go now: `places[old page]` is the new place of a page whose
 * route and print are the same (-1 for the others); `placed[new page]` says which were.
 */
function placesIn(
  last: NonNullable<CacheState["searchCounts"]>,
  routes: string[],
  prints: (string | undefined)[],
): { places: Int32Array; placed: boolean[] } {
  const at = new Map(last.routes.map((route, j) => [route, j]));
  const places = new Int32Array(last.routes.length).fill(-1);
  const placed = routes.map((route, i) => {
    const j = at.get(route);
    if (j === undefined || prints[i] === undefined || last.prints[j] !== prints[i]) return false;
    places[j] = i;
    return true;
  });
  return { places, placed };
}

/** What the index's files read of each page besides its counts. */
function indexed(pages: SearchPage[]): SearchTask["pages"] {
  return pages.map((p) => ({ route: p.route, title: p.title, description: p.description }));
}

function hash(text: string): string {
  return createHash("sha1").update(text).digest("base64");
}

/** What the search index of a build depends on: its documents and options, and the generator. */
function searchKey(prints: string[], options: SearchOptions): string {
  return hashKey(generatorVersion(), JSON.stringify(options), prints.join("\n"));
}
