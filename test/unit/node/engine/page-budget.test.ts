/**
 * Issue 38: a page's budget counts the work of its worker thread (src/node/engine/run-tasks.ts,
 * src/node/core/work-budget.ts), not the wall time a busy machine takes from it: a page whose
 * thread waits for a core builds, one that works past its budget is stopped and named, and one
 * that waits without end still meets the wall-clock ceiling. The worker is a stand-in for the
 * build's (test/fixtures/workers/pages.mjs) whose pages wait or work as each test says.
 */
import { afterAll, describe, expect, it } from "vitest";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { WALL_CEILING } from "../../../../src/node/core/work-budget.ts";
import type { PageTask } from "../../../../src/node/engine/build-worker.ts";
import { runPageTasks } from "../../../../src/node/engine/run-tasks.ts";
import { WorkerPool } from "../../../../src/node/engine/worker-pool.ts";
import { ROOT } from "../../../helpers/site.ts";

const pool = new WorkerPool(1, pathToFileURL(join(ROOT, "test/fixtures/workers/pages.mjs")));
afterAll(() => pool.close());

/** A page of `file` that waits `wait` ms without working, or works without end. */
const page = (file: string, does: { wait?: number; work?: true } = {}) =>
  ({ source: { file }, ...does }) as unknown as PageTask;

const built = { errors: [], warnings: [] };
const overBudget = (file: string, budgetMs: number) => ({
  errors: [
    expect.objectContaining({
      file,
      rule: "page-time",
      message: `the page took longer than ${budgetMs / 1000} s to build, its time budget`,
    }),
  ],
  warnings: [],
});

describe("a page's budget of work", () => {
  it("a page whose thread gets no core for four budgets of wall time builds: it did no work", async () => {
    const results = await runPageTasks([page("content/a.md", { wait: 1_200 })], pool, 300);
    expect(results).toEqual([built]);
  });

  it("a page that works past its budget is stopped and named; the pages around it build", async () => {
    const tasks = [
      page("content/a.md"),
      page("content/b.md", { work: true }),
      page("content/c.md"),
    ];
    const results = await runPageTasks(tasks, pool, 300);
    expect(results).toEqual([built, overBudget("content/b.md", 300), built]);
  });

  it(`a page that waits without end is stopped at ${WALL_CEILING} budgets of wall time`, async () => {
    const results = await runPageTasks([page("content/a.md", { wait: 60_000 })], pool, 100);
    expect(results).toEqual([overBudget("content/a.md", 100)]);
  });
});
