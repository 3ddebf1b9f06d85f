/**
 * Mistakes planted on one copy of the real docs, each stopping `build --strict` at its file and
 * line under its rule. One build reports them all (a build reports every problem at once), so
 * the copy is built once, cold, and each group below reads the report:
 * - example checks: a request to a path that is no operation, a method the path does not take, a
 *   field of the wrong type, a missing required field, a value past its limit, a misspelt ctx
 *   member, an unknown CLI flag, a JSON block with a trailing comma, Python that does not parse;
 * - data shapes (issue 34): a field an event type lacks, in an event's JSON and in the table of
 *   its fields; an id with another prefix, in an event and in a response; an error type outside
 *   the catalogue; a response missing a required field; a status paired with another's code; an
 *   exit code a named error does not end `brook run` with; a JSON block that says nothing of what
 *   it shows;
 * - Python and Go steps calling a member the runtime lacks (with a "did you mean"), and a stray
 *   key in the REST description (Redocly's `struct` rule, an `openapi` error).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliWith } from "../helpers/site.ts";
import { copyRealDocs } from "../helpers/real-docs-copy.ts";
import { within } from "../helpers/time.ts";

const copy = copyRealDocs("brook-mistakes-");
const site = copy.dir;
// The whole docs on a shared machine: a page's time budget is not what this test is about (given
// to the CLI only: this worker's own environment stays as other test files expect it).
const WHOLE_DOCS_BUDGETS = {
  BROOK_DOCS_PAGE_BUDGET_MS: "120000",
  BROOK_DOCS_CHECK_BUDGET_MS: "120000",
};
afterAll(() => copy.remove());

/** Plants a mistake in a page of the copy (under content/); returns the line it is on. */
const mistake = (page: string, from: string, to: string, after?: string) =>
  copy.plant(join("content", page), from, to, after);

/** Each planted mistake as [page, line, rule, what the message says], for the shapes' checks. */
type Planted = [page: string, line: number, rule: string, says: RegExp][];

/** The examples' mistakes; returns their lines. */
function plantExamples() {
  return {
    step: mistake("code/nodejs/index.md", "  await ctx.respond({\n", "  await ctx.respnd({\n"),
    cli: mistake("cli/reference.md", "--active false\n", "--active false --force\n"),
    json: mistake(
      "workflows/build-and-run.md",
      '"exe_7c1n4p0w2d9s5k8r3m6x1b0q"}',
      '"exe_7c1n4p0w2d9s5k8r3m6x1b0q",}',
    ),
    python: mistake("code/python.md", "import requests\n", "import requests(\n"),
    path: mistake(
      "api/rest/webhooks.md",
      "curl -s -X POST {{ site.apiBase }}/webhooks \\",
      "curl -s -X POST {{ site.apiBase }}/webhook \\",
    ),
    method: mistake(
      "workflows/copy.md",
      'curl -X POST "{{ site.apiBase }}/workflows"',
      'curl -X PUT "{{ site.apiBase }}/workflows"',
    ),
    type: mistake(
      "workflows/concurrency-and-throttling.md",
      '"concurrency": 4,',
      '"concurrency": "four",',
    ),
    missing: mistake(
      "sources/index.md",
      `-d '{"emitter_id": "src_jibaw66oat12kaff9qhx5yr1", "listener_id"`,
      `-d '{"listener_id"`,
    ),
    limit: mistake("workflows/settings.md", '"timeout_seconds": 300', '"timeout_seconds": 30000'),
  };
}

/** The shapes' mistakes, each with what its message must say. */
function plantShapes(): Planted {
  const planted: Planted = [
    [
      "notebook/dollar-event.md",
      mistake("notebook/dollar-event.md", '  "cc": [],', '  "bcc": [],'),
      "event-shape",
      /an event of the email trigger .*bcc/,
    ],
    [
      "notebook/dollar-event.md",
      mistake("notebook/dollar-event.md", "| `payload` |", "| `payload_json` |"),
      "event-shape",
      /names the field payload_json, which an event of the emit trigger/,
    ],
    [
      "workflows/examples/cron-job.md",
      mistake(
        "workflows/examples/cron-job.md",
        '"id": "evt_7q2m9x4c1v8b3n6k0z5r2t7w"',
        '"id": "exe_7q2m9x4c1v8b3n6k0z5r2t7w"',
      ),
      "event-shape",
      /exe_7q2m9x4c1v8b3n6k0z5r2t7w/,
    ],
    [
      "api/rest/webhooks.md",
      mistake(
        "api/rest/webhooks.md",
        '"id": "wh_f35kkd0vj6qihjp5rmmigtes"',
        '"id": "whk_f35kkd0vj6qihjp5rmmigtes"',
      ),
      "api-response",
      /id must match pattern/,
    ],
    [
      "errors.md",
      mistake(
        "errors.md",
        '"type": "rate_limited",',
        '"type": "queue_full",',
        "## Event Queue Full",
      ),
      "error-shape",
      /the error's type "queue_full" is none of the catalogue's/,
    ],
    [
      "workflows/managing.md",
      mistake("workflows/managing.md", "`503` with the code", "`502` with the code"),
      "error-shape",
      /workflow_paused is answered with 503 \(unavailable\), not 502/,
    ],
    [
      "errors.md",
      mistake(
        "errors.md",
        "| CLI | `brook run` exits `5` |",
        "| CLI | `brook run` exits `1` |",
        "## Event Queue Full",
      ),
      "cli-usage",
      /brook run exits 5 for Event Queue Full, not 1/,
    ],
    [
      "workflows/steps/actions.md",
      mistake("workflows/steps/actions.md", "```json :no-schema=third-party", "```json"),
      "json-shape",
      /does not say what it shows/,
    ],
  ];
  // A response missing a required field: reported at the first line of the JSON.
  const copyPage = join(site, "content/workflows/copy.md");
  const text = readFileSync(copyPage, "utf8");
  writeFileSync(copyPage, text.replace(',\n  "updated_at": "2026-03-02T10:15:00Z"', ""));
  const fence = text.slice(0, text.indexOf("```json :response=createWorkflow")).split("\n").length;
  planted.push([
    "workflows/copy.md",
    fence + 1,
    "api-response",
    /missing required field updated_at/,
  ]);
  return planted;
}

/** The steps' and the description's mistakes; returns their lines. */
function plantSteps() {
  return {
    python: copy.plant(
      "content/code/python.md",
      "ctx.respond(status=405,",
      "ctx.respnd(status=405,",
    ),
    go: copy.plant("content/code/go.md", 'ctx.Export("name", name)', 'ctx.Sned("name", name)'),
    stray: copy.plant(
      "data/openapi.yaml",
      `description: "The step's name, unique in the workflow." }`,
      `description: The step's name, unique in the workflow. }`,
    ),
  };
}

let examples: ReturnType<typeof plantExamples>;
let shapes: Planted;
let steps: ReturnType<typeof plantSteps>;
let build: { code: number | null; stderr: string };
beforeAll(() => {
  examples = plantExamples();
  shapes = plantShapes();
  steps = plantSteps();
  build = runCliWith(
    WHOLE_DOCS_BUDGETS,
    site,
    "build",
    "--strict",
    "--no-cache",
    "--out",
    join(site, "dist"),
  );
}, within(600_000));

/**
 * A report line `content/<page>:<line>:<column>: <message> [rule]`, capturing the line and the
 * message; any line unless `line` is given.
 */
const reported = (page: string, rule: string, line: number | string = "\\d+") =>
  new RegExp(`content/${page.replace(/[.]/g, "\\.")}:(${line}):\\d+: (.*) \\[${rule}\\]`);

describe("the build of the copy", () => {
  it("fails", () => {
    expect(build.code).not.toBe(0);
  });
});

describe("example checks on copies of real pages", () => {
  it("stop build --strict with the file, line and rule of each mistake", () => {
    const { stderr } = build;
    expect(stderr).toContain(`content/code/nodejs/index.md:${examples.step}:`);
    expect(stderr).toMatch(/respnd.*\[step-types\]/);
    expect(stderr).toMatch(
      new RegExp(`content/cli/reference\\.md:${examples.cli}:\\d+: .*--force.*\\[cli-usage\\]`),
    );
    expect(stderr).toMatch(
      new RegExp(`content/workflows/build-and-run\\.md:${examples.json}:\\d+: .*\\[json-syntax\\]`),
    );
    expect(stderr).toMatch(
      new RegExp(`content/code/python\\.md:${examples.python}:\\d+: .*\\[code-syntax\\]`),
    );
    const lineOf = (re: RegExp) => Number(re.exec(stderr)?.[1]);
    // A request's problem is placed on the request's first line, at most a few lines above the
    // changed one (a body's field).
    for (const [page, line, rule] of [
      ["api/rest/webhooks.md", examples.path, "api-path"],
      ["workflows/copy.md", examples.method, "api-method"],
      ["workflows/concurrency-and-throttling.md", examples.type, "api-body"],
      ["sources/index.md", examples.missing, "api-body"],
      ["workflows/settings.md", examples.limit, "api-body"],
    ] as const) {
      const found = lineOf(reported(page, rule));
      expect(found, `${page} ${rule} in:\n${stderr}`).toBeLessThanOrEqual(line);
      expect(found).toBeGreaterThanOrEqual(line - 8);
    }
    expect(stderr).toMatch(/"four"|concurrency/);
    expect(stderr).toMatch(/emitter_id/);
    expect(stderr).toMatch(/timeout_seconds/);
  });
});

describe("data shapes on copies of real pages", () => {
  it("stop build --strict at the file and line of each mistake", () => {
    for (const [page, line, rule, says] of shapes) {
      const found = reported(page, rule, line).exec(build.stderr);
      expect(found, `${page}:${line} [${rule}] in:\n${build.stderr}`).not.toBeNull();
      expect(found![2]).toMatch(says);
    }
  });
});

describe("Python and Go steps, and the description, on copies of the real files", () => {
  it("stop build --strict at the file and line of each mistake", () => {
    const { stderr } = build;
    expect(stderr).toContain(
      `content/code/python.md:${steps.python}:13: \`ctx.respnd\`: Brook.StepContext has no member \`respnd\`; did you mean \`ctx.respond\`? (checked as a Python step) [step-types]`,
    );
    expect(stderr).toContain(
      `content/code/go.md:${steps.go}:6: \`ctx.Sned\`: Brook.StepContext has no member \`Sned\`; did you mean \`ctx.Send\`? (checked as a Go step) [step-types]`,
    );
    expect(stderr).toContain(
      `data/openapi.yaml:${steps.stray}:1: the description breaks Redocly's \`struct\` rule: Property \`unique in the workflow.\` is not expected here [openapi]`,
    );
  });
});
