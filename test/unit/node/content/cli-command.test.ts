/** `::cli-command` (src/node/content/markdown/cli-command.ts): a command of the CLI's description as Markdown and nodes. */
import { describe, expect, it } from "vitest";
import type { LeafDirective } from "mdast-util-directive";
import type { Diagnostic } from "../../../../src/node/core/errors.ts";
import {
  commandMarkdown,
  expandCliCommand,
} from "../../../../src/node/content/markdown/cli-command.ts";
import { resolveDefaults } from "../../../../src/node/reference/cli-reference.ts";
import type { CliDescription } from "../../../../src/node/core/cli-description.ts";

const CLI: CliDescription = {
  name: "brook",
  globalFlags: [],
  exitCodes: [],
  commands: [
    {
      name: "run",
      arguments: [{ name: "WORKFLOW_ID", description: "the workflow" }],
      flags: [
        {
          name: "--event",
          value: "FILE",
          type: "string",
          required: true,
          description: "the event",
        },
        { name: "--prop", value: "K=V", type: "key-value", repeat: true, description: "a | prop" },
        { name: "-n", value: "N", type: "integer", default: "pageSize.default" },
        { name: "--follow", description: "keep going" },
      ],
      exits: [{ code: 2, when: "FILE is not JSON" }],
    },
    {
      name: "env",
      subcommands: [
        { name: "set", arguments: [{ name: "KEY=VALUE", type: "key-value" }] },
        { name: "list" },
      ],
    },
    { name: "list", arguments: [{ name: "RESOURCE", choices: ["workflows", "sources"] }] },
  ],
};

const directive = (name: string): LeafDirective => ({
  type: "leafDirective",
  name: "cli-command",
  attributes: { name },
  children: [],
  position: { start: { line: 3, column: 1 }, end: { line: 3, column: 20 } },
});

describe("commandMarkdown", () => {
  it("writes the usage line, the arguments, the flags table and the exit codes", () => {
    const resolved = resolveDefaults(CLI, { "limits.pageSize.default": "20" });
    const md = commandMarkdown(resolved, resolved.commands[0]!);
    expect(md).toContain(
      "```text\nbrook run WORKFLOW_ID --event FILE [--prop K=V]... [-n N] [--follow]\n```",
    );
    expect(md).toContain("| `WORKFLOW_ID` | the workflow |");
    expect(md).toContain("| `--event FILE` | string |  | the event; required |");
    expect(md).toContain(
      "| `--prop K=V` | key-value |  | a \\| prop; may be given more than once |",
    );
    expect(md).toContain("| `-n N` | integer | `20` |");
    expect(md).toContain("| `--follow` | switch |  | keep going |");
    expect(md).toContain("| `2` | FILE is not JSON |");
  });

  it("gives a line per subcommand and the choices of an argument", () => {
    expect(commandMarkdown(CLI, CLI.commands[1]!)).toContain(
      "brook env set KEY=VALUE\nbrook env list\n",
    );
    const list = commandMarkdown(CLI, CLI.commands[2]!);
    expect(list).toContain("brook list workflows|sources\n");
    expect(list).toContain("one of `workflows`, `sources`");
    expect(list).not.toContain("| flag |");
  });
});

describe("expandCliCommand", () => {
  it("gives the command's nodes, without positions, and marks the page as using the description", () => {
    const ctx = {
      file: "content/cli.md",
      lineOffset: 4,
      diagnostics: [] as Diagnostic[],
      cli: CLI,
      usedCli: false,
    };
    const nodes = expandCliCommand(directive("run"), ctx);
    expect(nodes[0]).toMatchObject({ type: "code", lang: "text" });
    expect(nodes.some((n) => n.type === "table")).toBe(true);
    expect(JSON.stringify(nodes)).not.toContain('"position"');
    expect(ctx.usedCli).toBe(true);
    expect(ctx.diagnostics).toEqual([]);
  });

  it("reports an unknown command at the directive's line, with the nearest name", () => {
    const ctx = {
      file: "content/cli.md",
      lineOffset: 4,
      diagnostics: [] as Diagnostic[],
      cli: CLI,
    };
    expect(expandCliCommand(directive("runn"), ctx)).toEqual([]);
    expect(ctx.diagnostics[0]).toMatchObject({
      file: "content/cli.md",
      line: 7,
      rule: "cli-command",
    });
    expect(ctx.diagnostics[0]!.message).toContain("'run'");
  });

  it("reports a page that uses the directive when the config names no description", () => {
    const ctx = { file: "content/cli.md", lineOffset: 0, diagnostics: [] as Diagnostic[] };
    expect(expandCliCommand(directive("run"), ctx)).toEqual([]);
    expect(ctx.diagnostics[0]!.hint).toContain("reference.cli");
  });
});

describe("::cli-global-flags", () => {
  const withGlobal: CliDescription = {
    ...CLI,
    globalFlags: [
      {
        name: "--profile",
        value: "NAME",
        type: "string",
        default: "default",
        description: "use the profile `NAME`",
      },
      { name: "--json", description: "print JSON; see [output](/cli/output/)" },
    ],
  };
  const global = (): LeafDirective => ({
    ...directive(""),
    name: "cli-global-flags",
    attributes: {},
  });

  it("gives the global flags as the commands' flags table, Markdown in their descriptions rendered", () => {
    const ctx = {
      file: "content/cli.md",
      lineOffset: 0,
      diagnostics: [] as Diagnostic[],
      cli: withGlobal,
      usedCli: false,
    };
    const nodes = expandCliCommand(global(), ctx);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ type: "table" });
    const text = JSON.stringify(nodes);
    expect(text).toContain('"value":"--profile NAME"');
    expect(text).toMatch(/"type":"link",[^}]*"url":"\/cli\/output\/"/);
    expect(text).not.toContain('"position"');
    expect(ctx.usedCli).toBe(true);
    expect(ctx.diagnostics).toEqual([]);
  });

  it("reports a description without global flags at the directive's line", () => {
    const ctx = {
      file: "content/cli.md",
      lineOffset: 4,
      diagnostics: [] as Diagnostic[],
      cli: CLI,
    };
    expect(expandCliCommand(global(), ctx)).toEqual([]);
    expect(ctx.diagnostics[0]).toMatchObject({ line: 7, rule: "cli-command" });
    expect(ctx.diagnostics[0]!.message).toContain("no global flags");
  });
});

describe("resolveDefaults", () => {
  it("puts site values into descriptions, global flags' too", () => {
    const cli: CliDescription = {
      ...CLI,
      globalFlags: [{ name: "--org", value: "ORG", description: "an org of {{ site.webBase }}" }],
      commands: [
        {
          name: "run",
          summary: "runs",
          flags: [{ name: "-n", description: "at most {{ site.limits.max }}" }],
        },
      ],
    };
    const resolved = resolveDefaults(cli, {
      webBase: "https://brook.example",
      "limits.max": "100",
    });
    expect(resolved.globalFlags[0]!.description).toBe("an org of https://brook.example");
    expect(resolved.commands[0]!.flags![0]!.description).toBe("at most 100");
  });

  it("stops at a site value that does not exist, naming the file", () => {
    const cli: CliDescription = {
      ...CLI,
      globalFlags: [{ name: "--org", description: "{{ site.nope }}" }],
    };
    expect(() => resolveDefaults(cli, { webBase: "x" }, "data/cli.yaml")).toThrow(
      /data\/cli\.yaml: .*nope/,
    );
  });
});
