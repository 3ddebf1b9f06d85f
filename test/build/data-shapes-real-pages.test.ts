/**
 * What a page shows of Brook's shapes, checked against data/ on copies of real pages (issue 34):
 * a field an event type lacks, in an event's JSON and in the table of its fields; an id with
 * another prefix, in an event and in a response; an error type outside the catalogue; a response
 * missing a required field; a status paired with another's code; an exit code a named error does
 * not end `brook run` with; a JSON block that says nothing of what it shows. Each stops
 * `build --strict` at its file and line, under its rule.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCliWith } from "../helpers/site.ts";
import { copyRealDocs } from "../helpers/real-docs-copy.ts";
import { within } from "../helpers/time.ts";

const copy = copyRealDocs("brook-shapes-");
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

describe("data shapes on copies of real pages", () => {
  it(
    "stop build --strict at the file and line of each mistake",
    () => {
      const planted: [page: string, line: number, rule: string, says: RegExp][] = [
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
      const fence = text
        .slice(0, text.indexOf("```json :response=createWorkflow"))
        .split("\n").length;
      planted.push([
        "workflows/copy.md",
        fence + 1,
        "api-response",
        /missing required field updated_at/,
      ]);

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
      for (const [page, line, rule, says] of planted) {
        const at = new RegExp(
          `content/${page.replace(/[.]/g, "\\.")}:${line}:\\d+: (.*) \\[${rule}\\]`,
        );
        const found = at.exec(stderr);
        expect(found, `${page}:${line} [${rule}] in:\n${stderr}`).not.toBeNull();
        expect(found![1]).toMatch(says);
      }
    },
    within(600_000),
  );
});
