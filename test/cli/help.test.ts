/** `--version`, and `--help` of every command listing every option with its default. */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/site.ts";
import { runCli } from "./run-cli.ts";

const COMMANDS = ["build", "serve", "preview", "check-links"];
/** What build and check-links say about their exit codes (docs/ci.md has the same table). */
const EXIT_CODES: Record<string, string> = {
  build:
    "Exit codes: 0 built; 1 the build failed (an error, or a warning with --strict); 2 usage error.",
  "check-links":
    "Exit codes: 0 no broken links; 1 broken links; 2 usage error, or the build or its sources could not be read.",
};

/** The option entries of a help text: each starts with `-`, continuation lines are joined. */
function optionEntries(help: string): string[] {
  const section = help.split("\nOptions:\n")[1]!.split(/\n\n/)[0]!;
  const entries: string[] = [];
  for (const line of section.split("\n")) {
    if (/^\s{2}-/.test(line)) entries.push(line.trim());
    else entries[entries.length - 1] += " " + line.trim();
  }
  return entries;
}

describe("the CLI's own help", () => {
  it("--version prints the package version", async () => {
    const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
    for (const flag of ["--version", "-v"]) {
      const r = await runCli(ROOT, [flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });

  it("lists every command", async () => {
    const r = await runCli(ROOT, ["--help"]);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${c} `, "m"));
  });

  for (const command of COMMANDS) {
    it(`${command} --help gives every option its default${EXIT_CODES[command] ? ", and the exit codes" : ""}`, async () => {
      const r = await runCli(ROOT, [command, "--help"]);
      expect(r.code).toBe(0);
      const entries = optionEntries(r.stdout).filter((e) => !e.startsWith("-h, --help"));
      expect(entries.length).toBeGreaterThan(1);
      for (const entry of entries) expect(entry).toMatch(/\(.*default: [^)]+\)/);
      if (EXIT_CODES[command]) expect(r.stdout).toContain(EXIT_CODES[command]);
    });
  }

  it("exits 2 on an unknown option or a bad value", async () => {
    expect((await runCli(ROOT, ["build", "--strct"])).code).toBe(2);
    expect((await runCli(ROOT, ["check-links", "--external-timeout", "soon"])).code).toBe(2);
  });
});
