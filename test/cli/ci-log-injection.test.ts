/**
 * Issue 38: a stranger's page cannot write into CI's log. A link, a fence language or a heading
 * id that holds a line break, a workflow command, the runner's older `##[` syntax or terminal
 * escapes is shown escaped on stdout, stderr, the JSON report and the code-quality report, so the
 * only commands a GitHub runner reads are the ones the build writes, one per diagnostic.
 */
import { afterAll, describe, expect, it } from "vitest";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tempSite } from "../helpers/site.ts";
import { runCli } from "./run-cli.ts";

const FORGED = "::error file=site.config.ts,line=1::forged";
const PAGE = [
  "---",
  "title: Stranger",
  "description: A page from a pull request.",
  "---",
  "",
  // Line 6: a decoded route with two line breaks around a workflow command.
  `[x](./x%0A${FORGED.replace(/ /g, "%20")}%0A.md)`,
  "",
  // Line 8: terminal escapes (erase the line, move up) and a carriage return.
  "[y](./y%1B[2K%1B[1A%0Dz.md)",
  "",
  // Line 10: the runner's older syntax, read anywhere in a line.
  "[w](./a%23%23[error]forged-too.md)",
  "",
  // Line 12: a fence whose language is a command and an escape.
  "```##[warning]forged\x1b[2K",
  "text",
  "```",
  "",
].join("\n");

const temps: string[] = [];
function site(extra: Record<string, string> = {}): string {
  const dir = tempSite("ci-site", { "content/stranger.md": PAGE, ...extra });
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/**
 * The workflow commands a GitHub runner would read in `text`: it splits lines at CR and LF, reads
 * `::name` at the start of a line (after white space) and `##[name` anywhere in one.
 */
function commandsIn(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trimStart().startsWith("::") || line.includes("##["));
}

/** What a terminal or a log would act on: ESC, CR, and the other C0 and C1 controls but LF. */
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe("a stranger's page in CI", () => {
  it("under GITHUB_ACTIONS=true: one command per diagnostic, each the build's own", async () => {
    const r = await runCli(site(), ["build"], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(0);
    expect(commandsIn(r.stderr)).toEqual([]);
    const commands = commandsIn(r.stdout);
    expect(commands.length).toBe(r.stdout.trimEnd().split("\n").length);
    for (const c of commands) expect(c).toMatch(/^::warning file=content\/[a-z]+\.md,/);
    expect(r.stdout + r.stderr).not.toMatch(CONTROL_RE);
    expect(r.stdout).toContain(
      "::warning file=content/stranger.md,line=6,col=1,title=broken-link::link to ./x%250A::error%2520file=site.config.ts,line=1::forged%250A.md (/x\\n::error file=site.config.ts,line=1::forged\\n/) matches no page",
    );
    expect(r.stderr).toContain(
      "warning: content/stranger.md:6:1: link to ./x%0A::error%20file=site.config.ts,line=1::forged%0A.md (/x\\n::error file=site.config.ts,line=1::forged\\n/) matches no page [broken-link]",
    );
    expect(r.stderr).toContain(
      "warning: content/stranger.md:8:1: link to ./y%1B[2K%1B[1A%0Dz.md (/y\\x1b[2K\\x1b[1A\\rz/) matches no page [broken-link]",
    );
    expect(r.stderr).toContain(
      "warning: content/stranger.md:10:1: link to ./a%23%23[error]forged-too.md (/a#\\x23[error]forged-too/) matches no page [broken-link]",
    );
  });

  it("a failed build: its error and its warnings escaped, on every channel", async () => {
    const dir = site({
      "content/bad.md": "---\ntitle: Bad\ndescription: d.\n---\n\n## Id {#a\x1b[2Kb}\n",
    });
    const report = join(dir, "quality.json");
    const r = await runCli(dir, ["build", "--report", report], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(1);
    expect(commandsIn(r.stderr)).toEqual([]);
    for (const c of commandsIn(r.stdout))
      expect(c).toMatch(/^::(warning|error) file=content\/[a-z]+\.md,/);
    expect(r.stdout + r.stderr).not.toMatch(CONTROL_RE);
    expect(r.stderr).toContain(
      "error: content/bad.md:6:1: heading id '{#a\\x1b[2Kb}' is not a URL-safe id [heading-id]",
    );
    // The pages' warnings are reported with the error that stopped the build.
    expect(r.stderr).toContain(
      "warning: content/stranger.md:12:1: code fence option 'forged\\x1b', '[2K' is not known [code-info]",
    );
    const quality = readFileSync(report, "utf8");
    expect(quality).not.toMatch(CONTROL_RE);
    const issues = JSON.parse(quality) as { description: string }[];
    expect(issues.map((i) => i.description)).toContain(
      "heading id '{#a\\x1b[2Kb}' is not a URL-safe id",
    );
  });

  it("--format json: messages escaped as on the terminal, the text safe in a log", async () => {
    const r = await runCli(site(), ["build", "--format", "json"], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(0);
    expect(commandsIn(r.stdout)).toEqual([]);
    expect(r.stdout).not.toMatch(CONTROL_RE);
    const report = JSON.parse(r.stdout) as { diagnostics: { line: number; message: string }[] };
    const messages = report.diagnostics.map((d) => d.message);
    expect(messages).toContain(
      "link to ./a%23%23[error]forged-too.md (/a#\\x23[error]forged-too/) matches no page",
    );
  });
});
