/**
 * The claims a page's prose makes about error codes and exit codes (src/node/content/claims.ts),
 * and their check against the error catalogue and the CLI (src/node/examples/check-claims.ts).
 */
import { readFileSync } from "node:fs";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";
import { collectClaims } from "../../../../src/node/content/claims.ts";
import { checkClaims } from "../../../../src/node/examples/check-claims.ts";
import { loadCliDescription } from "../../../../src/node/core/cli-description.ts";
import { realErrors } from "../../../helpers/brook-data.ts";

const claims = (markdown: string) =>
  collectClaims(
    fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }),
    {
      file: "x.md",
      lineOffset: 0,
    },
  );
const cli = loadCliDescription(readFileSync("data/cli.yaml", "utf8"), "data/cli.yaml");
const check = (markdown: string) =>
  checkClaims(claims(markdown), {
    errors: { catalogue: realErrors, file: "data/errors.yaml" },
    cli: { description: cli, file: "data/cli.yaml" },
  }).map((d) => `${d.line}:${d.column} ${d.rule}: ${d.message}`);

describe("claims", () => {
  it("reads status and code pairs from sentences and from tables with status and code columns", () => {
    expect(
      claims(
        [
          "A paused workflow's trigger answers `503` with the code `workflow_paused`; `404` `not_found` is no pair.",
          "",
          "| status | `type` | `code` |",
          "|---|---|---|",
          "| 401 | `unauthorized` | `token_missing`, `token_invalid` |",
        ].join("\n"),
      ).map((c) => c.kind === "status" && [c.line, c.status, c.code, c.type]),
    ).toEqual([
      [1, 503, "workflow_paused", undefined],
      [5, 401, "token_missing", "unauthorized"],
      [5, 401, "token_invalid", "unauthorized"],
    ]);
  });

  it("reads the exit codes given to a brook command, with the section they are in", () => {
    const [claim] = claims(
      "## Event Queue Full\n\n`brook run` exits `5` for a refusal by the queue, `1` for a failed step. Then `7`.\n",
    );
    expect(claim).toMatchObject({
      kind: "exit",
      command: "run",
      codes: [5, 1],
      heading: "Event Queue Full",
    });
    expect(
      claims("`brook list sources --json` exits `5` when the API answered `429`."),
    ).toMatchObject([{ command: "list sources", codes: [5] }]);
  });

  it("checks pairs against the error catalogue and exit codes against the CLI", () => {
    expect(
      check(
        [
          "## Event Queue Full",
          "",
          "| where | what you see |",
          "|---|---|",
          "| HTTP caller | `503`, code `event_queue_full` |",
          "| CLI | `brook run` exits `1` |",
          "",
          "`brook deploy` exits `9`. A trigger answers `429` with the code `queue_is_full`.",
        ].join("\n"),
      ),
    ).toEqual([
      "5:29 error-shape: event_queue_full is answered with 429 (rate_limited), not 503",
      "6:9 cli-usage: brook run exits 5 for Event Queue Full, not 1",
      "8:1 cli-usage: brook deploy has no exit code 9; it documents 0, 1, 2, 3, 4, 5, 6",
      "8:65 error-shape: queue_is_full is no error code of data/errors.yaml",
    ]);
    expect(check("## Timeout\n\n| CLI | `brook run` exits `1` |\n|---|---|\n")).toEqual([]);
  });
});
