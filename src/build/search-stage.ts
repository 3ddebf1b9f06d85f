/**
 * The search stage of a build session: the index from the cache while its documents are as they
 * were; else made on a worker, from counts taken while the pages were parsed when a build parses
 * only a few (`countEarly`), or from the documents; in the dev server, deferred until the pages
 * are out (`deferred`).
 */
import type { TransferListItem } from "node:worker_threads";
import type { PlannedPage, SitePlan } from "../site/model.ts";
import { searchPageOf } from "../site/check.ts";
import type { SearchFiles, SearchOptions, SearchTally } from "../site/search-index.ts";
import type { SearchPage } from "../shared/types.ts";
import type { PageTask, SearchTask, SearchWriteTask, WorkerTask } from "../workers/build-worker.ts";
import { generatorVersion, hashKey, type CachedPage, type CacheState } from "./cache.ts";

/** Runs a task on a worker (or on this thread when there are none). */
export type RunTask = <T>(task: WorkerTask, transferList?: TransferListItem[]) => Promise<T>;

export class SearchStage {
  /** Documents whose index was left for later (the dev server). */
  private later?: { pages: SearchPage[]; options: SearchOptions };
  /** Terms counted while the pages were parsed (see countEarly). */
  private early?: { known: (SearchPage | null)[]; counting: Promise<SearchTally | undefined> };

  constructor(
    /** The session's cache state: `search` holds the last index by the key of its documents. */
    private readonly state: CacheState,
    private readonly run: RunTask,
    /** Leave a changed index for `deferred()` and serve the last one meanwhile. */
    private readonly defer: boolean,
  ) {}

  /**
   * Counts the search terms of the pages `tasks` do not parse, in the next turn of the event loop
   * (the tasks are on their way to the workers by then, and this thread only waits for them);
   * `files` adds the parsed ones. A count that fails leaves the index to be made whole.
   */
  countEarly(plan: SitePlan, sources: Map<string, CachedPage>, tasks: PageTask[]): void {
    const pending = new Set(tasks.map((t) => t.shell.route));
    const known = searchable(plan).map((p) => {
      const facts = pending.has(p.regularPath) ? undefined : sources.get(p.relativePath)?.parse?.facts;
      return facts ? searchPageOf(p, facts) : null;
    });
    // The index's module is loaded here, not by builds that never count.
    const counting = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => import("../site/search-index.ts"))
      .then(({ SearchTally }) => {
        const tally = new SearchTally(known.length);
        known.forEach((page, i) => page && tally.add(i, page));
        return tally;
      })
      .catch(() => undefined);
    this.early = { known, counting };
  }

  /**
   * The index files of `pages`: from the cache when they did not change. Deferred (the dev
   * server): the last index, and even the key of the new one (a hash of every page's terms,
   * 100 ms at 4,000 pages) waits until the pages are out.
   */
  async files(pages: SearchPage[], options: SearchOptions): Promise<SearchFiles> {
    this.later = undefined;
    const early = this.early;
    this.early = undefined;
    const tally = early && (await early.counting);
    // Counted early, and the pages it counted are these: the parsed ones are added, and a worker
    // writes the files from the counts (their postings' buffer moved, not copied).
    if (early && tally && early.known.length === pages.length && early.known.every((k, i) => !k || sameSearchPage(k, pages[i]!))) {
      return this.cachedOr(pages, options, () => {
        pages.forEach((page, i) => early.known[i] || tally.add(i, page));
        const counted = tally.counted();
        const task: SearchWriteTask = { kind: "search-write", pages: pages.map((p) => ({ route: p.route, title: p.title, description: p.description })), counted, options };
        return this.run<SearchFiles>(task, [counted.postings.data.buffer]);
      });
    }
    if (this.defer && this.state.search.size) {
      this.later = { pages, options };
      return [...this.state.search.values()][0]!;
    }
    return this.cachedOr(pages, options, () => this.run<SearchFiles>({ kind: "search", pages, options } satisfies SearchTask));
  }

  /** Makes the index the last build left for later; undefined when there is none, or it did not change. */
  async deferred(): Promise<SearchFiles | undefined> {
    const later = this.later;
    this.later = undefined;
    if (!later) return undefined;
    const key = searchKey(later.pages, later.options);
    if (this.state.search.has(key)) return undefined;
    return this.made(key, await this.run<SearchFiles>({ kind: "search", ...later } satisfies SearchTask));
  }

  /** Forgets what a build that failed started. */
  drop(): void {
    this.early = undefined;
  }

  /**
   * The cached index of these documents, or `make`'s, which then replaces it. The key comes first:
   * a worker is never asked for an index the build then does not wait for (its workers may stop).
   */
  private async cachedOr(pages: SearchPage[], options: SearchOptions, make: () => Promise<SearchFiles>): Promise<SearchFiles> {
    const key = searchKey(pages, options);
    const cached = this.state.search.get(key);
    if (cached) return cached;
    return this.made(key, await make());
  }

  /** Keeps a new index as the cached one (only the last is kept). */
  private made(key: string, files: SearchFiles): SearchFiles {
    this.state.search = new Map([[key, files]]);
    return files;
  }
}

/** The pages the search index is made of, in its order: every page but the not-found layout. */
function searchable(plan: SitePlan): PlannedPage[] {
  return plan.pages.filter((p) => p.layout !== "not-found");
}

/** Whether two search pages are the same document (the same strings, as a reused page's are). */
function sameSearchPage(a: SearchPage, b: SearchPage): boolean {
  return a.route === b.route && a.title === b.title && a.description === b.description && a.body === b.body && a.headings.length === b.headings.length && a.headings.every((h, i) => h === b.headings[i]);
}

/** What the search index of a build depends on: its documents and options, and the generator. */
function searchKey(pages: SearchPage[], options: SearchOptions): string {
  return hashKey(generatorVersion(), JSON.stringify([pages, options]));
}
