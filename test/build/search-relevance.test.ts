/**
 * Relevance of the shared ranking on a build of the real docs, in Node: the queries of
 * bench/search-relevance.json, each with the pages that answer it (`npm run bench` prints the
 * same figures with the latency and the bytes).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchHead, SearchShard } from "../../src/shared/search/format.ts";
import { openSearch, type SearchFn } from "../../src/shared/search/search.ts";
import type { RouteManifest } from "../../src/shared/types.ts";
import { buildRealDocs, ROOT } from "../helpers/site.ts";
import { within } from "../helpers/time.ts";

/**
 * The first result's page is a right one for at least this share of the queries. The issue's
 * target is 0.95; the ranking was at 0.916 on the 594 queries (0.923 on half A, the even places,
 * which its rules were chosen on; 0.909 on half B; 0.80 on the 40 from place 554, written across
 * the site before a fourth round of ranking tries saw them) and is at 0.914 since issue 35's
 * pages, so this floor catches a regression without claiming the target.
 */
const TOP1_FLOOR = 0.91;
/**
 * A right page among the first three distinct pages. The target, 0.975, was met (0.976)
 * until the REST reference took a page per resource (issue 35): seven pages without the word
 * "step" made it count in a query (it was on 96% of the pages, a word the ranking ignores, and
 * is on 91%), and one query fell to fourth (0.9747). The floor is a query below the target.
 */
const TOP3_FLOOR = 0.974;

const queries = (
  JSON.parse(readFileSync(join(ROOT, "bench", "search-relevance.json"), "utf8")) as {
    queries: { q: string; pages: string[] }[];
  }
).queries;

let search: SearchFn;
beforeAll(() => {
  const tmp = mkdtempSync(join(tmpdir(), "brook-relevance-"));
  try {
    buildRealDocs(tmp);
    const text = (file: string) => readFileSync(join(tmp, "docs", "v2", file), "utf8");
    const manifest = JSON.parse(text("routes.json")) as RouteManifest;
    const read = <T>(file: string) => JSON.parse(text(`assets/${file}`)) as T;
    const head = read<SearchHead>(manifest.search);
    search = openSearch(
      head,
      head.shards.map(([, file]) => read<SearchShard>(file)),
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}, within(120_000));

describe("search relevance on the docs", () => {
  it(`finds a right page first for ${TOP1_FLOOR * 100}% of the relevance set, and among the first three for ${TOP3_FLOOR * 100}%`, () => {
    expect(queries.length).toBeGreaterThanOrEqual(200);
    const ranks = queries.map(({ q, pages }) =>
      search(q, 8).findIndex((hit) => pages.includes(hit.route)),
    );
    const share = (ok: (rank: number) => boolean) => ranks.filter(ok).length / ranks.length;
    const misses = queries.filter((_, i) => ranks[i] !== 0).map((r) => r.q);
    expect(
      share((r) => r === 0),
      `not first: ${misses.join(" | ")}`,
    ).toBeGreaterThanOrEqual(TOP1_FLOOR);
    expect(share((r) => r >= 0 && r < 3)).toBeGreaterThanOrEqual(TOP3_FLOOR);
    expect(queries.filter(({ q }) => search(q).length === 0).map((r) => r.q)).toEqual([]);
  });
});
