/**
 * The CLI reference made from data/cli.yaml in a whole build (issue 24): `::cli-command` renders a
 * command's usage and flags (a default naming a limit shows its value), and a changed description
 * renders again exactly the page that shows a command.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { referenceSite, renderedCount, runCli } from "../helpers/site.ts";

const DESCRIPTION = `name: brook
globalFlags:
  - name: --org
    value: ORG_ID
    type: string
    description: act in the org \`ORG_ID\` of {{ site.title }}
commands:
  - name: run
    arguments:
      - name: WORKFLOW_ID
    flags:
      - name: --event
        value: FILE
  - name: events
    arguments:
      - name: ID
        description: a source or a workflow
    flags:
      - name: -n
        value: N
        type: integer
        default: pageSize.default
        description: how many events
    exits:
      - code: 6
        when: the stream cannot reconnect
`;
let dir: string;
const cli = (...args: string[]) => runCli(dir, ...args);
const out = (path: string) => readFileSync(join(dir, "dist/docs/v2", path), "utf8");

beforeEach(() => {
  dir = referenceSite(
    "cli",
    DESCRIPTION,
    '\n## `brook events`\n\n::cli-command{name="events"}\n\n## Global flags\n\n::cli-global-flags\n',
  );
  const first = cli("build");
  expect(first.code, first.stderr).toBe(0);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the CLI reference in a build", () => {
  it("renders the command where the directive stands", () => {
    const page = out("guide/code/index.html");
    expect(page).toContain("brook events ID [-n N]");
    expect(page).toContain("<code>-n N</code>");
    expect(page).toContain("<code>20</code>");
    expect(page).toContain("the stream cannot reconnect");
  });

  it("renders the global flags from the description, site values in their descriptions", () => {
    const page = out("guide/code/index.html");
    expect(page).toContain("<code>--org ORG_ID</code>");
    expect(page).toContain("act in the org <code>ORG_ID</code> of Brook</td>");
    expect(page).not.toContain("{{ site.title }}");
  });

  it("renders again exactly the page that shows a command when the description changes", () => {
    writeFileSync(
      join(dir, "data/cli.yaml"),
      DESCRIPTION.replace("how many events", "how many events to print"),
    );
    const r = cli("build");
    expect(r.code, r.stderr).toBe(0);
    expect(renderedCount(r.stderr)).toBe(1);
    expect(out("guide/code/index.html")).toContain("how many events to print");
  });
});
