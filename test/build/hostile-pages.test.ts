/**
 * Pages just under the size limit that made the page pipeline fail or stall: a line of 130,000
 * removed tags (an internal error: too many warnings to hand on), an HTML block of 100,000 lines
 * and one of `<a x<a x…` (each ran past the page's 10 s budget). Builds run in-process, on the
 * build's workers, as the CLI builds.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSite, type BuildResult } from "../../src/node/build-site.ts";
import { formatDiagnostic, formatError } from "../../src/node/core/errors.ts";
import { MemoryWriter } from "../../src/node/write/memory-writer.ts";
import {
  MAX_BLOCK_QUOTES,
  MAX_FOLDER_DEPTH,
  MAX_PAGE_DIAGNOSTICS,
} from "../../src/node/content/limits.ts";
import { tempSite } from "../helpers/site.ts";

const PAGE = (body: string) =>
  `---\ntitle: Limits\ndescription: Every limit.\n---\n\n${body}\n## One\n\nText.\n`;

let dir: string;
beforeEach(() => {
  dir = tempSite("basic");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function build(body: string): Promise<BuildResult> {
  writeFileSync(join(dir, "content", "limits.md"), PAGE(body));
  try {
    return await buildSite({ cwd: dir, contentDir: "content", writer: new MemoryWriter() });
  } catch (e) {
    // The message, not a stack: what the CLI would have printed.
    throw new Error(formatError(e));
  }
}

const onPage = (r: BuildResult) => r.warnings.filter((w) => w.file === "content/limits.md");

describe("pages just under the size limit", () => {
  it("130,000 removed tags on one line: the first warnings and a count of the rest", async () => {
    const r = await build("Text " + "<b>".repeat(130_000));
    const mine = onPage(r);
    expect(mine).toHaveLength(MAX_PAGE_DIAGNOSTICS + 1);
    expect(formatDiagnostic(mine[0]!)).toMatch(
      /^content\/limits\.md:6:6: HTML tag <b> is removed: .* \[raw-html\]/,
    );
    expect(formatDiagnostic(mine.at(-1)!)).toBe(
      `content/limits.md: ${130_000 - MAX_PAGE_DIAGNOSTICS} more warnings on this page are not shown (a page reports at most ${MAX_PAGE_DIAGNOSTICS}) [too-many-problems]\n` +
        "  hint: fix the ones above and build again",
    );
  });

  it("an HTML block of 100,000 lines: each removed tag at its own line", async () => {
    const r = await build("<details>\n" + "<b>\n".repeat(100_000) + "</details>\n");
    const mine = onPage(r);
    expect(mine).toHaveLength(MAX_PAGE_DIAGNOSTICS + 1);
    expect(mine.slice(0, 3).map((d) => [d.line, d.column])).toEqual([
      [7, 1],
      [8, 1],
      [9, 1],
    ]);
    expect(mine[MAX_PAGE_DIAGNOSTICS - 1]).toMatchObject({
      line: 6 + MAX_PAGE_DIAGNOSTICS,
      column: 1,
    });
  });

  it("8,000 block quotes are an error at the first one too many, before micromark reads them", async () => {
    await expect(build("> Quoted.\n\n".repeat(8_000))).rejects.toThrow(
      `content/limits.md:${6 + 2 * MAX_BLOCK_QUOTES}:1: more than ${MAX_BLOCK_QUOTES} block quotes and footnotes on one page: Markdown would take too long to read them [too-many-quotes]`,
    );
  });

  it("7,000 [[toc]] under as many headings: the second is an error, and no table is copied 7,000 times", async () => {
    await expect(build("[[toc]]\n\n## Part\n\n".repeat(7_000))).rejects.toThrow(
      "content/limits.md:10:1: a second [[toc]]: a page has one table of contents [toc]\n" +
        "  hint: keep one [[toc]]; the outline beside the page lists the headings too",
    );
  });

  it("an HTML block of `<a x<a x…` that never closes a tag is text", async () => {
    const r = await build("<details>\n" + "<a x".repeat(120_000) + "\n</details>\n");
    expect(onPage(r)).toEqual([]);
    expect(r.pages).toBe(5);
  });
});

// A path holds about 2,000 levels; at 1,900 the sidebar overflowed the stack and the next build
// could not remove the output (node's own rmSync overflows too, so these tests stop at 100).
describe("folders nested deeper than the limit", () => {
  /** `levels` folders named `a` under `top`, with one file at the bottom; the folder's path. */
  function nest(top: string, levels: number, file: string, text: string): string {
    const rel = "a/".repeat(levels);
    mkdirSync(join(dir, top, rel), { recursive: true });
    writeFileSync(join(dir, top, rel, file), text);
    return `${top}/${rel.slice(0, -1)}`;
  }
  const tooDeep = (top: string) =>
    `${top}/${"a/".repeat(MAX_FOLDER_DEPTH)}a: a folder ${MAX_FOLDER_DEPTH + 1} levels deep: folders nest at most ${MAX_FOLDER_DEPTH} levels, so it is not read [folder-depth]\n` +
    "  hint: move its files into a folder nearer the top";

  it("100 folders under content/ are an error at the first one too deep", async () => {
    nest("content", 100, "page.md", PAGE("Deep."));
    await expect(build("Text.")).rejects.toThrow(tooDeep("content"));
  });

  it("100 folders under public/ are the same error", async () => {
    nest("public", 100, "x.txt", "x");
    await expect(build("Text.")).rejects.toThrow(tooDeep("public"));
  });

  it(`a page ${MAX_FOLDER_DEPTH} folders deep builds, with a group a folder in the sidebar`, async () => {
    const folder = nest("content", MAX_FOLDER_DEPTH, "page.md", PAGE("Deep."));
    const r = await build("Text.");
    expect(r.pages).toBe(6);
    expect(r.plan.pages.map((p) => p.regularPath)).toContain(
      `${folder.slice("content".length)}/page/`,
    );
  });
});
