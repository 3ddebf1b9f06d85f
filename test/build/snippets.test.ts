/**
 * Code files that pages import (`<<< @/_snippets/x.js`) are real code (issue 14): every
 * JavaScript file in a `_` folder of content/ (and of the fixtures) must at least parse, by
 * `node --check`, so an example the docs show can be pasted and run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/site.ts";

const JS_RE = /\.(js|mjs|cjs)$/;

/** JavaScript files under `dir` in a folder whose name starts with `_` (parts and snippets, never pages). */
function snippetFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return entries
    .filter(
      (p) =>
        JS_RE.test(p) &&
        p
          .split(sep)
          .slice(0, -1)
          .some((s) => s.startsWith("_")) &&
        !p.split(sep).includes("node_modules"),
    )
    .map((p) => join(dir, p))
    .sort();
}

/** Each file that does not parse, with node's first lines about it. */
function failing(files: string[]): string[] {
  return files.flatMap((f) => {
    const r = spawnSync(process.execPath, ["--check", f], { encoding: "utf8" });
    return r.status === 0
      ? []
      : [`${relative(ROOT, f)}: ${r.stderr.split("\n").slice(0, 5).join("\n")}`];
  });
}

describe("code files that pages import parse", () => {
  it("content/ and the fixtures: node --check passes on every JavaScript snippet", () => {
    const files = [
      ...snippetFiles(join(ROOT, "content")),
      ...snippetFiles(join(ROOT, "test", "fixtures")),
    ];
    // The fixtures hold snippets, so the check always has files to look at.
    expect(files.length).toBeGreaterThan(0);
    expect(failing(files)).toEqual([]);
  });

  it("the check finds a snippet that does not parse", () => {
    const dir = mkdtempSync(join(tmpdir(), "brook-snippets-"));
    try {
      mkdirSync(join(dir, "_snippets"));
      writeFileSync(join(dir, "_snippets", "broken.mjs"), "export function verify( {\n");
      writeFileSync(join(dir, "_snippets", "fine.mjs"), "export const ok = 1; // [!code ++]\n");
      writeFileSync(join(dir, "page.js"), "not in a _ folder, so not a snippet (");
      const files = snippetFiles(dir);
      expect(files.map((f) => f.slice(dir.length + 1))).toEqual([
        "_snippets/broken.mjs",
        "_snippets/fine.mjs",
      ]);
      expect(failing(files)).toEqual([expect.stringContaining("SyntaxError")]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
