/**
 * Mistakes planted on copies of the real docs and their real description stop `build --strict`
 * at their file and line: a Python step and a Go step calling a member the runtime lacks
 * (step-types, with a "did you mean"), and a stray key in the REST description (Redocly's
 * `struct` rule, an `openapi` error).
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCliWith } from "../helpers/site.ts";
import { copyRealDocs } from "../helpers/real-docs-copy.ts";
import { within } from "../helpers/time.ts";

const copy = copyRealDocs("brook-steps-");
const site = copy.dir;
// The whole docs on a shared machine: a page's time budget is not what this test is about (given
// to the CLI only: this worker's own environment stays as other test files expect it).
const WHOLE_DOCS_BUDGETS = { BROOK_DOCS_PAGE_BUDGET_MS: "120000" };
afterAll(() => copy.remove());

const plant = copy.plant;

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
      const { code, stderr } = runCliWith(
        WHOLE_DOCS_BUDGETS,
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
