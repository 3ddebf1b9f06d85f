/**
 * Mistakes made on copies of real pages stop `build --strict` with the file and line of each:
 * a misspelt ctx member, an unknown CLI flag, a JSON block with a trailing comma, Python that
 * does not parse.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "../helpers/site.ts";

const site = mkdtempSync(join(tmpdir(), "brook-real-"));
for (const part of ["content", "data", "public", "site.config.ts"])
  cpSync(join(ROOT, part), join(site, part), { recursive: true });
// The whole docs on a shared machine: a page's time budget is not what this test is about.
process.env.BROOK_DOCS_PAGE_BUDGET_MS = "120000";
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** Replaces the first `from` in a page of the copy; returns the 1-based line it is on. */
function mistake(page: string, from: string, to: string): number {
  const file = join(site, "content", page);
  const text = readFileSync(file, "utf8");
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`${from} is not in ${page}`);
  writeFileSync(file, text.slice(0, at) + to + text.slice(at + from.length));
  return text.slice(0, at).split("\n").length;
}

describe("example checks on copies of real pages", () => {
  it("stop build --strict with the file, line and rule of each mistake", () => {
    const step = mistake(
      "code/nodejs/index.md",
      "  await ctx.respond({\n",
      "  await ctx.respnd({\n",
    );
    const cli = mistake("cli/reference.md", "--active false\n", "--active false --force\n");
    const json = mistake(
      "workflows/build-and-run.md",
      '"exe_7c1n4p0w2d9s5k8r3m6x1b0q"}',
      '"exe_7c1n4p0w2d9s5k8r3m6x1b0q",}',
    );
    const python = mistake("code/python.md", "import requests\n", "import requests(\n");
    const { code, stderr } = runCli(
      site,
      "build",
      "--strict",
      "--no-cache",
      "--out",
      join(site, "dist"),
    );
    expect(code).not.toBe(0);
    expect(stderr).toContain(`content/code/nodejs/index.md:${step}:`);
    expect(stderr).toMatch(/respnd.*\[step-types\]/);
    expect(stderr).toMatch(
      new RegExp(`content/cli/reference\\.md:${cli}:\\d+: .*--force.*\\[cli-usage\\]`),
    );
    expect(stderr).toMatch(
      new RegExp(`content/workflows/build-and-run\\.md:${json}:\\d+: .*\\[json-syntax\\]`),
    );
    expect(stderr).toMatch(
      new RegExp(`content/code/python\\.md:${python}:\\d+: .*\\[code-syntax\\]`),
    );
  }, 300_000);
});
