import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadCliDescription } from "../../../../src/node/core/cli-description.ts";
import { checkCliUsage } from "../../../../src/node/examples/check-cli.ts";
import { BrookError } from "../../../../src/node/core/errors.ts";
import { shellCommands } from "../../../../src/node/examples/shell-words.ts";
import { codeSample } from "../../../helpers/code-sample.ts";

const cli = readFileSync(new URL("../../../../data/cli.yaml", import.meta.url), "utf8");
const sample = (code: string) => codeSample("bash", code);
const check = async (code: string) =>
  (await checkCliUsage([sample(code)], cli, "data/cli.yaml"))[0]!;

describe("shell words", () => {
  it("splits commands at operators and keeps quoted words and line continuations whole", () => {
    const commands = shellCommands(
      `$ brook events "$ID" -n 3 | head\nbrook update src_1 \\\n  --active false && echo ok # done`,
    );
    expect(commands.map((c) => c.map((w) => w.text))).toEqual([
      ["brook", "events", "$ID", "-n", "3"],
      ["head"],
      ["brook", "update", "src_1", "--active", "false"],
      ["echo", "ok"],
    ]);
    expect(commands[2]![3]).toMatchObject({ line: 3, column: 3 });
  });
});

describe("cli-usage", () => {
  it("passes command lines the description allows", async () => {
    expect(
      await check(
        [
          "brook login --api-key brk_live_x --profile ci",
          "brook init source github-new-release",
          "brook deploy src/a.mjs --prop repo=nodejs/node --prop timer=300",
          "brook events src_1 -n 3 --follow --json",
          "brook env set KEY=value",
          "brook list workflows --org org_1",
          "brook run wf_1 --event event.json",
          "brook --version",
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("reports an unknown command, an unknown flag and a missing argument where they stand", async () => {
    const found = await check(
      "brook evnts src_1\nbrook events src_1 --folow\nbrook deploy --prop a=1",
    );
    expect(found.map((p) => [p.rule, p.line, p.column])).toEqual([
      ["cli-usage", 1, 7],
      ["cli-usage", 2, 20],
      ["cli-usage", 3, 21],
    ]);
    expect(found[0]!.message).toMatch(/no command "evnts"/);
    expect(found[1]!.message).toMatch(/no flag --folow/);
    expect(found[2]!.message).toMatch(/missing its argument FILE/);
  });

  it("takes the global flags from the description, on any command", async () => {
    const own = `name: brook\nglobalFlags:\n  - name: --verbose\ncommands:\n  - name: whoami\n`;
    const line = "brook whoami --verbose";
    expect((await checkCliUsage([sample(line)], own, "cli.yaml"))[0]).toEqual([]);
    const without = own.replace("globalFlags:\n  - name: --verbose\n", "");
    const found = (await checkCliUsage([sample(line)], without, "cli.yaml"))[0]!;
    expect(found.map((p) => p.message)).toEqual([expect.stringMatching(/no flag --verbose/)]);
  });

  it("reports a value of the wrong type, a missing subcommand and a missing required flag", async () => {
    const found = await check("brook update src_1 --active maybe\nbrook env\nbrook run wf_1");
    expect(found.map((p) => p.message)).toEqual([
      expect.stringMatching(/--active takes true or false/),
      expect.stringMatching(/needs a subcommand/),
      expect.stringMatching(/needs --event FILE/),
    ]);
  });
});

describe("the CLI's description", () => {
  const problems = (text: string) => {
    try {
      loadCliDescription(text, "data/cli.yaml");
    } catch (e) {
      expect(e).toBeInstanceOf(BrookError);
      return (e as BrookError).diagnostics?.map((d) => `${d.line} ${d.rule} ${d.message}`);
    }
    throw new Error("the description was accepted");
  };

  it("reads the real one", () => {
    expect(loadCliDescription(cli, "data/cli.yaml").commands.length).toBeGreaterThan(5);
  });

  it("names each field of the wrong type at its line, not an internal error", () => {
    expect(
      problems(
        "name: brook\nglobalFlags: 3\ncommands:\n  - name: deploy\n    flags:\n      - 7\n  - 5\n",
      ),
    ).toEqual([
      "2 cli-description globalFlags: Invalid input: expected array, received number",
      "6 cli-description commands[0].flags[0]: Invalid input: expected object, received number",
      "7 cli-description commands[1]: Invalid input: expected object, received number",
    ]);
    expect(problems("- a\n")).toEqual([
      "1 cli-description (root): Invalid input: expected object, received array",
    ]);
  });

  it("refuses nesting deeper than 32 levels at the line that goes too deep", () => {
    const deep = `name: brook\ncommands: []\nextra: ${"[".repeat(40)}1${"]".repeat(40)}\n`;
    expect(problems(deep)).toEqual([
      expect.stringMatching(/^3 cli-description extra(\[0\])+: nested more than 32 levels deep$/),
    ]);
  });
});
