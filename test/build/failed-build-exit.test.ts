/**
 * Issue 38: a build that fails early leaves nothing running and prints nothing after its report.
 * A cold build checks code blocks in the step-types checker's process while its pages are made;
 * when a page fails, the build stops the checks it had not started, and the checker, which shares
 * the build's stderr, never dies of the pipe the build closed (it printed `Error: write EPIPE` and
 * a stack after the build's error). Before the error come the warnings the build had found, a
 * removed tag's among them (they were not printed when a build failed). Spawns the CLI: the
 * checker process is the bundled one.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempSite } from "../helpers/site.ts";

/** Pages of distinct step blocks: more than the checker answers while the pages are made. */
const PAGES = 120;
const step = (n: number) =>
  "```js\nexport default async function (event, ctx) {\n" +
  `  return { ok: ${n}, body: event.body };\n}\n` +
  "```\n\n";

let dir: string;
beforeAll(() => {
  dir = tempSite("examples");
  for (let p = 0; p < PAGES; p++) {
    const blocks = Array.from({ length: 12 }, (_, b) => step(p * 100 + b)).join("");
    writeFileSync(
      join(dir, "content", `step-${p}.md`),
      `---\ntitle: Step ${p}\ndescription: Step ${p}.\n---\n\nA step.\n\n${blocks}`,
    );
  }
  // Fails the pages stage: the body has a `#` heading. Its raw HTML is a warning at its line.
  writeFileSync(
    join(dir, "content", "broken.md"),
    "---\ntitle: B\ndescription: B.\n---\n\n<span>x</span>\n\n# B\n",
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI's exit code and stderr, read until every process that holds the pipe has let it go. */
function build(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, "bin", "brook-docs.js"), "build", "--no-cache"],
      { cwd: dir, env: { ...process.env, NO_COLOR: "1", BROOK_DOCS_QUIET: "" } },
    );
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (s: string) => (stderr += s));
    child.on("error", reject);
    // "close": the build and any process it started that shares its stderr are done with it.
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

it("a build that fails while its code blocks are checked ends with its report, and nothing after", async () => {
  const r = await build();
  expect(r.code).toBe(1);
  expect(
    r.stderr.endsWith(
      "error: content/broken.md:8:1: the body has a '#' heading; the title is the page's only <h1> [no-h1]\n" +
        "  hint: use '##' for sections, and put the page title in the frontmatter's title\n",
    ),
  ).toBe(true);
  // Before it, the warnings the build had found (issue 38: they were not printed), the raw HTML
  // removed at its line among them; no stack.
  const lines = r.stderr.trimEnd().split("\n");
  expect(lines.filter((l) => !/^(warning: |error: |  hint: )/.test(l))).toEqual([]);
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^warning: content\/broken\.md:6:1: HTML tag <span> is removed: .* \[raw-html\]$/,
    ),
  );
});
