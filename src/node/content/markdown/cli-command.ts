/**
 * `::cli-command{name="deploy"}`: one command of the CLI's description (data/cli.yaml), rendered
 * where the directive stands (README, "The CLI reference"): its usage lines, its arguments, its
 * flags (name, type, default, description) and the exit codes it documents; `::cli-global-flags`,
 * the flags every command accepts, in the same table. Markdown made from the
 * description and parsed as the page's own, without positions (nothing of it is in the source).
 * The description comes as the file the build wrote (src/node/reference/cli-reference.ts), read once
 * per worker.
 */
import { readFileSync } from "node:fs";
import type { RootContent } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import type { CliCommand, CliDescription, CliFlag } from "../../core/cli-description.ts";
import { propose } from "../../../shared/similar.ts";
import { generatedNodes, parseGenerated } from "./generated-nodes.ts";
import { placeOf, type PassReport } from "./pass-report.ts";

/** What the directive needs of the page being rendered. */
export interface CliCommandContext extends PassReport {
  cli?: CliDescription;
  /** Set when the page showed a command: the page then depends on the description. */
  usedCli?: boolean;
}

const files = new Map<string, CliDescription>();

/** The description the build wrote for its workers, read once per worker. */
export function cliFromFile(path: string): CliDescription {
  let cli = files.get(path);
  if (!cli) files.set(path, (cli = JSON.parse(readFileSync(path, "utf8")) as CliDescription));
  return cli;
}

/** The directive that shows the global flags. */
export const GLOBAL_FLAGS_DIRECTIVE = "cli-global-flags";

/** The nodes that stand for the directive: the command (or the global flags), or a diagnostic and nothing. */
export function expandCliCommand(node: LeafDirective, ctx: CliCommandContext): RootContent[] {
  const name = node.attributes?.name ?? "";
  const global = node.name === GLOBAL_FLAGS_DIRECTIVE;
  const place = placeOf(node, ctx);
  if (!ctx.cli) {
    const written = global ? `::${GLOBAL_FLAGS_DIRECTIVE}` : `::cli-command{name="${name}"}`;
    ctx.diagnostics.push({
      ...place,
      rule: "cli-command",
      message: `${written} needs the CLI's description, and the config names none`,
      hint: "set reference.cli in site.config.ts (data/cli.yaml)",
    });
    return [];
  }
  ctx.usedCli = true;
  if (global) {
    const cli = ctx.cli;
    if (!cli.globalFlags.length) {
      ctx.diagnostics.push({
        ...place,
        rule: "cli-command",
        message: `::${GLOBAL_FLAGS_DIRECTIVE}: the CLI's description lists no global flags`,
        hint: "list them under globalFlags in data/cli.yaml, or remove the directive",
      });
      return [];
    }
    // A key no command can have: a command's name is one word.
    return generatedNodes(cli, " global flags", () =>
      parseGenerated(flagsTable(cli.globalFlags) + "\n"),
    );
  }
  const command = ctx.cli.commands.find((c) => c.name === name);
  if (!command) {
    const guess = propose(
      name,
      ctx.cli.commands.map((c) => c.name),
    );
    ctx.diagnostics.push({
      ...place,
      rule: "cli-command",
      message: `no command '${name}' in the CLI's description${guess ? `; did you mean '${guess}'?` : ""}`,
      hint: "write ::cli-command{name=…} with a command of data/cli.yaml",
    });
    return [];
  }
  const cli = ctx.cli;
  return generatedNodes(cli, name, () => parseGenerated(commandMarkdown(cli, command)));
}

const cell = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    // A run of spaces is tried from its start only: from inside it, time grew with its square.
    .replace(/(?<!\s)\s*\n\s*/g, " ");
const code = (text: string) => "`" + text.replace(/`/g, "'") + "`";
const flagName = (f: CliFlag) => (f.value ? `${f.name} ${f.value}` : f.name);

function usage(prefix: string, c: CliCommand): string[] {
  const path = `${prefix} ${c.name}`;
  if (c.subcommands?.length) return c.subcommands.flatMap((s) => usage(path, s));
  const args = (c.arguments ?? []).map((a) => {
    const word = a.choices?.length ? a.choices.join("|") : a.name;
    return a.optional ? `[${word}]` : word;
  });
  const flags = (c.flags ?? []).map((f) =>
    f.required ? flagName(f) : `[${flagName(f)}]${f.repeat ? "..." : ""}`,
  );
  return [[path, ...args, ...flags].join(" ")];
}

/** Every argument and flag of a command and its subcommands, each once. */
function gather(c: CliCommand): CliCommand {
  const subs = c.subcommands ?? [];
  const seen = new Set<string>();
  const args = [...(c.arguments ?? []), ...subs.flatMap((s) => s.arguments ?? [])].filter(
    (a) => !seen.has(a.name) && seen.add(a.name),
  );
  return {
    ...c,
    arguments: args,
    flags: [...(c.flags ?? []), ...subs.flatMap((s) => s.flags ?? [])],
  };
}

/** The Markdown of one command. */
export function commandMarkdown(cli: CliDescription, command: CliCommand): string {
  const out = ["```text\n" + usage(cli.name, command).join("\n") + "\n```"];
  const all = gather(command);
  if (all.arguments?.length) {
    const rows = all.arguments.map((a) => {
      const takes = a.choices?.length
        ? `one of ${a.choices.map(code).join(", ")}`
        : a.type === "key-value"
          ? "`KEY=VALUE`"
          : "";
      return `| ${code(a.name)} | ${cell([a.description, takes].filter(Boolean).join("; "))} |`;
    });
    out.push("| argument | description |\n|---|---|\n" + rows.join("\n"));
  }
  if (all.flags?.length) out.push(flagsTable(all.flags));
  if (command.exits?.length) {
    out.push(
      "| exit code | when |\n|---|---|\n" +
        command.exits.map((e) => `| ${code(String(e.code))} | ${cell(e.when)} |`).join("\n"),
    );
  }
  return out.join("\n\n") + "\n";
}

/** The table of flags (name, type, default, description): a command's, or the global ones. */
function flagsTable(flags: CliFlag[]): string {
  const rows = flags.map((f) => {
    const notes = [
      f.description,
      f.required ? "required" : "",
      f.repeat ? "may be given more than once" : "",
    ]
      .filter(Boolean)
      .join("; ");
    return `| ${code(flagName(f))} | ${f.type ?? "switch"} | ${f.default === undefined ? "" : code(String(f.default))} | ${cell(notes)} |`;
  });
  return "| flag | type | default | description |\n|---|---|---|---|\n" + rows.join("\n");
}
