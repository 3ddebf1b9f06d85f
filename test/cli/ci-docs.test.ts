/** What docs/ci.md shows is what .ci/run runs: the same build and check-links command lines. */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/site.ts";

const doc = readFileSync(join(ROOT, "docs", "ci.md"), "utf8");
const ciRun = readFileSync(join(ROOT, ".ci", "run"), "utf8");

/** The first ```yaml block under a `## ` heading of docs/ci.md. */
function yamlUnder(heading: string): string {
  const section = doc.split(`\n## ${heading}\n`)[1]!.split("\n## ")[0]!;
  return section.split("```yaml\n")[1]!.split("\n```")[0]!;
}

/** `npm run build …` and `npm run check-links …` command lines, in order. */
const docsCommands = (text: string) =>
  [...text.matchAll(/(?:run: |- )(npm run (?:build|check-links)\b.*)$/gm)].map((m) => m[1]!.trim());

describe("docs/ci.md and .ci/run", () => {
  it("the GitHub workflow runs build and check-links exactly as .ci/run does", () => {
    const github = docsCommands(yamlUnder("GitHub Actions"));
    expect(github).toEqual(["npm run build -- --strict", "npm run check-links"]);
    const ci = [...ciRun.matchAll(/^step "[^"]*" (npm run (?:build|check-links)\b.*)$/gm)].map(
      (m) => m[1]!.trim(),
    );
    expect(ci).toEqual(github);
  });

  it("the GitLab job runs the same commands, plus its code-quality reports", () => {
    const github = docsCommands(yamlUnder("GitHub Actions"));
    const gitlab = docsCommands(yamlUnder("GitLab CI"));
    expect(
      gitlab.map((c) =>
        c
          .replace(/ --report \S+$/, "")
          .replace(/ -- $/, "")
          .replace(/ --$/, ""),
      ),
    ).toEqual(github);
    expect(gitlab.every((c) => / --report gl-code-quality-[\w-]+\.json$/.test(c))).toBe(true);
  });

  it("the code block at the top lists the same commands", () => {
    const top = doc.split("```bash\n")[1]!.split("\n```")[0]!;
    const commands = top
      .split("\n")
      .map((l) => l.replace(/#.*$/, "").trim())
      .filter((l) => l.startsWith("npm run"));
    expect(commands).toEqual(docsCommands(yamlUnder("GitHub Actions")));
  });
});
