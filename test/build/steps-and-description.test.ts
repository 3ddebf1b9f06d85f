/**
 * Mistakes planted on copies of the real docs and their real description stop `build --strict`
 * at their file and line: a Python step and a Go step calling a member the runtime lacks
 * (step-types, with a "did you mean"), and a stray key in the REST description (Redocly's
 * `struct` rule, an `openapi` error).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "../helpers/site.ts";
import { within } from "../helpers/time.ts";

const site = mkdtempSync(join(tmpdir(), "brook-steps-"));
for (const part of ["content", "data", "public", "site.config.ts"])
  cpSync(join(ROOT, part), join(site, part), { recursive: true });
// The whole docs on a shared machine: a page's time budget is not what this test is about.
process.env.BROOK_DOCS_PAGE_BUDGET_MS = "120000";
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** Replaces the first `from` in a file of the copy; returns the 1-based line it is on. */
function plant(file: string, from: string, to: string): number {
  const path = join(site, file);
  const text = readFileSync(path, "utf8");
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`${from} is not in ${file}`);
  writeFileSync(path, text.slice(0, at) + to + text.slice(at + from.length));
  return text.slice(0, at).split("\n").length;
}

describe("Python and Go steps, and the description, on copies of the real files", () => {
  it(
    "stop build --strict at the file and line of each mistake",
    () => {
      const python = plant(
        "content/code/python.md",
        "ctx.respond(status=405,",
        "ctx.respnd(status=405,",
      );
      const go = plant("content/code/go.md", 'ctx.Export("name", name)', 'ctx.Sned("name", name)');
      const stray = plant(
        "data/openapi.yaml",
        `description: "The step's name, unique in the workflow." }`,
        `description: The step's name, unique in the workflow. }`,
      );
      const { code, stderr } = runCli(
        site,
        "build",
        "--strict",
        "--no-cache",
        "--out",
        join(site, "dist"),
      );
      expect(code).not.toBe(0);
      expect(stderr).toContain(
        `content/code/python.md:${python}:13: \`ctx.respnd\`: Brook.StepContext has no member \`respnd\`; did you mean \`ctx.respond\`? (checked as a Python step) [step-types]`,
      );
      expect(stderr).toContain(
        `content/code/go.md:${go}:6: \`ctx.Sned\`: Brook.StepContext has no member \`Sned\`; did you mean \`ctx.Send\`? (checked as a Go step) [step-types]`,
      );
      expect(stderr).toContain(
        `data/openapi.yaml:${stray}:1: the description breaks Redocly's \`struct\` rule: Property \`unique in the workflow.\` is not expected here [openapi]`,
      );
    },
    within(300_000),
  );
});
