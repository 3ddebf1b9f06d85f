/**
 * A worker takes several pages in one task when a build has many (src/node/engine/run-tasks.ts), yet
 * each page keeps its own time budget: a page that parses too slowly in the middle of a task is
 * the one named, and every other page of its task is built. Runs the CLI, so the build's worker
 * threads are the ones tested.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../helpers/site.ts";
import { within } from "../helpers/time.ts";

/** Pages enough that each of the (at most two) workers' tasks carries several. */
const PAGES = 96;
/** In the middle of its task: pages before and after it in the same task. */
const SLOW = 39;
/**
 * A page the parser works on for a minute of CPU here (480 KB, under the size limit), so no
 * machine builds it within the 1.5 s budget, which counts the worker's CPU time: neither a fast
 * machine nor a busy one changes which page is over it.
 */
const SLOW_BODY = "[a](".repeat(120_000) + "\n";
const page = (n: number, body: string) =>
  `---\ntitle: Page ${n}\ndescription: Page number ${n}.\n---\n\n${body}`;
const name = (n: number) => `page-${String(n).padStart(3, "0")}`;

let dir: string;

function build(slow: boolean) {
  rmSync(join(dir, "content"), { recursive: true, force: true });
  mkdirSync(join(dir, "content"), { recursive: true });
  writeFileSync(join(dir, "content", "index.md"), page(0, "Home.\n"));
  for (let n = 1; n <= PAGES; n++) {
    const body =
      slow && n === SLOW
        ? SLOW_BODY
        : `Text of page ${n}, see [the next](/${name(n + 1)}/).\n\n## Part\n\nMore.\n`;
    writeFileSync(join(dir, "content", `${name(n)}.md`), page(n, body));
  }
  const r = spawnSync(
    process.execPath,
    [join(ROOT, "bin", "brook-docs.js"), "build", "--no-cache"],
    {
      cwd: dir,
      encoding: "utf8",
      timeout: within(120_000),
      env: {
        ...process.env,
        NO_COLOR: "1",
        BROOK_DOCS_QUIET: "",
        BROOK_DOCS_PAGE_BUDGET_MS: "1500",
        BROOK_DOCS_WORKERS: "2",
      },
    },
  );
  return { code: r.status, stderr: r.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "brook-batches-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("pages handed to the workers several at a time", () => {
  it("builds every page", () => {
    const r = build(false);
    expect(r.stderr).toContain(`built ${PAGES + 1} pages`);
    expect(r.code).toBe(0);
    for (let n = 1; n <= PAGES; n++)
      expect(existsSync(join(dir, "dist", "docs", "v2", name(n), "index.html"))).toBe(true);
  });

  it("names the one page over its budget, and only it", () => {
    const r = build(true);
    expect(r.code).toBe(1);
    // Every other page built: no error but this one (a page lost would break its neighbour's link).
    const errors = r.stderr.split("\n").filter((l) => l.startsWith("error:"));
    expect(errors).toEqual([
      `error: content/${name(SLOW)}.md: the page took longer than 1.5 s to build, its time budget [page-time]`,
    ]);
  });
});
