import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  searchStage,
  startTally,
  type EarlyTally,
  type SearchSnapshot,
} from "../../../../src/node/search/search-stage.ts";
import { emptyState } from "../../../../src/node/engine/build-cache.ts";
import { type CachedPage } from "../../../../src/node/content/page-record.ts";
import { searchData } from "../../../../src/node/content/search-data.ts";
import {
  buildSearchFiles,
  SearchTally,
  type SearchOptions,
} from "../../../../src/node/search/index-files.ts";
import {
  readCounts,
  runSearchTask,
  writeCounts,
  type SearchTask,
} from "../../../../src/node/search/task.ts";
import type { SitePlan } from "../../../../src/node/site/model.ts";
import type { SearchPage } from "../../../../src/shared/types.ts";

const dir = mkdtempSync(join(tmpdir(), "brook-search-stage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 80 pages of words from a small vocabulary (seeded): common terms pass MAX_PAGES_PER_TERM, and the index is sharded. */
function site(seed: number): SearchPage[] {
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const words = Array.from(
    { length: 30 },
    (_, i) => `term${String.fromCharCode(97 + (i % 26))}${i}`,
  );
  const text = (n: number) =>
    Array.from({ length: n }, () => words[Math.floor(next() * words.length)]).join(" ");
  return Array.from({ length: 80 }, (_, i) =>
    page(`/s/page-${i}/`, `Page ${text(2)}`, text(5), text(30)),
  );
}

function page(route: string, title: string, description: string, text: string): SearchPage {
  return { route, title, description, ...searchData([{ slug: "", heading: "Part", text }]) };
}

const options: SearchOptions = { singleFileMaxPostings: 400, shardPostings: 250 };

/**
 * Builds one after another over a fresh state, the way the pipeline threads the search stage's
 * snapshot from each build to the next; tasks run on this thread, recorded.
 */
function stage(countsFile: string | undefined) {
  const tasks: SearchTask[] = [];
  const state = emptyState();
  const run = async (task: SearchTask) => {
    tasks.push(task);
    // The task as a worker would get it: a copy (the postings' buffer is copied here, not moved).
    return runSearchTask(structuredClone(task));
  };
  let snapshot: SearchSnapshot = { search: state.search, searchCounts: state.searchCounts };
  let early: Promise<EarlyTally | undefined> | undefined;
  let made = false;
  const builds = {
    /** The search stage of the next build: the index files of `pages`. */
    async files(pages: SearchPage[], options: SearchOptions) {
      const out = await searchStage(
        { previous: snapshot, run, countsFile, generator: "test", defer: false, early },
        pages,
        options,
      );
      early = undefined;
      snapshot = out.next;
      made = out.made;
      return out.files;
    },
    /** The tally the next build starts while the workers parse the pages of `pending`. */
    countAhead(plan: SitePlan, sources: Map<string, CachedPage>, pending: string[]) {
      early = startTally(
        { previous: snapshot, run, countsFile, generator: "test" },
        plan,
        sources,
        new Set(pending),
      );
    },
    snapshot: () => snapshot,
    made: () => made,
  };
  return { tasks, state, stage: builds };
}

/** The plan and the cached sources a build of `pages` would have (only what the search stage reads). */
function planOf(pages: SearchPage[]): { plan: SitePlan; sources: Map<string, CachedPage> } {
  const planned = pages.map((p) => ({
    regularPath: p.route,
    relativePath: p.route.slice(1, -1) + ".md",
    title: p.title,
    description: p.description,
    layout: "doc",
    frontmatter: {},
  }));
  const sources = new Map(
    pages.map((p, i) => [
      planned[i]!.relativePath,
      {
        parse: { facts: { search: { headings: p.headings, body: p.body } } },
      } as unknown as CachedPage,
    ]),
  );
  return { plan: { pages: planned } as unknown as SitePlan, sources };
}

describe("the search stage", () => {
  it("counts only the pages that changed, from the last index's counts, and makes the files a whole index makes", async () => {
    const { tasks, stage: s } = stage(join(dir, "counts-1.bin"));
    const first = site(3);
    expect(await s.files(first, options)).toEqual(buildSearchFiles(first, options));
    expect(tasks[0]!.count).toHaveLength(80);
    expect(tasks[0]!.base).toBeUndefined();

    // One body edited, one page gone, one new page first: two pages counted.
    const second = [
      page("/s/new/", "A new page", "Fresh.", "termb1 termc2 unheard"),
      ...first.filter((_, i) => i !== 40),
    ];
    second[10] = {
      ...second[10]!,
      ...searchData([{ slug: "", heading: "Part", text: "termd3 rewritten entirely" }]),
    };
    expect(await s.files(second, options)).toEqual(buildSearchFiles(second, options));
    expect(tasks[1]!.base).toBeDefined();
    expect(tasks[1]!.count.map(([i]) => i)).toEqual([0, 10]);

    // The same documents again: the index from the cache, no task.
    expect(
      await s.files(
        second.map((p) => ({ ...p })),
        options,
      ),
    ).toEqual(buildSearchFiles(second, options));
    expect(tasks).toHaveLength(2);
  });

  it("starts the tally while the pages are parsed, and adds the parsed ones after", async () => {
    const { tasks, stage: s } = stage(join(dir, "counts-2.bin"));
    const first = site(5);
    await s.files(first, options);
    const second = first.map((p) => ({ ...p }));
    second[7] = {
      ...second[7]!,
      ...searchData([{ slug: "", heading: "New part", text: "terme4 edited" }]),
    };
    // The build is parsing page 7: the tally starts from the others' cached facts.
    const { plan, sources } = planOf(first);
    s.countAhead(plan, sources, ["/s/page-7/"]);
    expect(await s.files(second, options)).toEqual(buildSearchFiles(second, options));
    expect(tasks[1]!.counted).toBeDefined();
    expect(tasks[1]!.count).toEqual([]);
    // A tally started from facts the check then does not confirm (a title changed meanwhile) is not used.
    const third = second.map((p) => ({ ...p }));
    third[3] = { ...third[3]!, title: "Renamed" };
    s.countAhead(plan, sources, []);
    expect(await s.files(third, options)).toEqual(buildSearchFiles(third, options));
    expect(tasks[2]!.counted).toBeUndefined();
    expect(tasks[2]!.count.map(([i]) => i)).toEqual([3]);
  });

  it("counts every page again when the counts file is gone or damaged", async () => {
    const file = join(dir, "counts-3.bin");
    const { tasks, stage: s } = stage(file);
    const first = site(7);
    await s.files(first, options);
    const second = first.slice(1);
    writeFileSync(file, "not counts");
    expect(await s.files(second, options)).toEqual(buildSearchFiles(second, options));
    // The task with the counts file answered that it is missing; the next counted every page.
    expect(tasks.slice(1).map((t) => [t.base !== undefined, t.count.length])).toEqual([
      [true, 0],
      [false, 79],
    ]);
    rmSync(file);
    const third = second.slice(1);
    expect(await s.files(third, options)).toEqual(buildSearchFiles(third, options));
  });

  it("keeps no counts without a cache", async () => {
    const { tasks, state, stage: s } = stage(undefined);
    await s.files(site(9), options);
    await s.files(site(9).slice(2), options);
    expect(tasks.map((t) => [t.base, t.keep, t.count.length])).toEqual([
      [undefined, undefined, 80],
      [undefined, undefined, 78],
    ]);
    // The next snapshot holds the new index and no counts; the previous one is left as it was.
    expect(s.snapshot().searchCounts).toBeUndefined();
    expect(s.snapshot().search?.size).toBe(1);
    expect(state.search.size).toBe(0);
  });

  it("hands the next build its index without writing the previous snapshot", async () => {
    const { state, stage: s } = stage(join(dir, "counts-next.bin"));
    await s.files(site(11), options);
    const next = s.snapshot();
    expect(next.search?.size).toBe(1);
    expect(next.searchCounts?.routes).toHaveLength(80);
    expect(state.search.size).toBe(0);
    expect(state.searchCounts).toBeUndefined();
    // A stage started from that snapshot finds the same documents' index there: no task runs.
    const tasks: SearchTask[] = [];
    const again = await searchStage(
      {
        previous: next,
        run: async (task) => {
          tasks.push(task);
          throw new Error("no task expected");
        },
        countsFile: join(dir, "counts-next.bin"),
        generator: "test",
        defer: false,
      },
      site(11),
      options,
    );
    expect(again.files).toEqual(buildSearchFiles(site(11), options));
    expect(tasks).toEqual([]);
    expect(again.made).toBe(false);
  });
});

describe("the search counts file", () => {
  it("gives back what was written under its id, and nothing under another or when damaged", () => {
    const file = join(dir, "round-trip.bin");
    const tally = new SearchTally(80);
    site(11).forEach((p, i) => tally.add(i, p));
    const counted = tally.counted();
    writeCounts(file, "id-1", counted);
    const back = readCounts(file, "id-1")!;
    expect(back.terms).toEqual(counted.terms);
    expect(back.lengths).toEqual(counted.lengths);
    expect(back.postings.length).toBe(counted.postings.length);
    expect([...back.postings.data.subarray(0, back.postings.length * 4)]).toEqual([
      ...counted.postings.data.subarray(0, counted.postings.length * 4),
    ]);
    expect(readCounts(file, "id-2")).toBeUndefined();
    expect(readCounts(join(dir, "missing.bin"), "id-1")).toBeUndefined();
    writeFileSync(file, Buffer.from([1, 0, 0]));
    expect(readCounts(file, "id-1")).toBeUndefined();
  });
});
