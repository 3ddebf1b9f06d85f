/**
 * cli-usage: every `brook ...` command line of a shell block matches data/cli.yaml: a known
 * command (and subcommand), known flags with a value where one is taken (and of its type), every
 * argument given and none too many. Lines are split as a shell splits them (quotes, `\` line
 * continuations, `|`, `&&`, `;`); variables and substitutions count as one word.
 */
import type { BlockProblem } from "./block-check.ts";
import {
  loadCliDescription,
  type CliCommand,
  type CliDescription,
  type CliFlag,
} from "../core/cli-description.ts";
import type { CodeSample } from "./sample.ts";
import { shellCommands, type Word } from "./shell-words.ts";

/** Each block's CLI usage problems. */
export async function checkCliUsage(
  samples: CodeSample[],
  text: string,
  file: string,
): Promise<BlockProblem[][]> {
  const cli = loadCliDescription(text, file);
  return samples.map((s) =>
    shellCommands(s.code)
      .filter((words) => words[0]?.text === cli.name)
      .flatMap((words) => checkCommandLine(cli, words)),
  );
}

/** The problems of one command line (its first word is the CLI's name). */
export function checkCommandLine(cli: CliDescription, words: Word[]): BlockProblem[] {
  const problems: BlockProblem[] = [];
  const report = (w: Word, message: string, hint: string) =>
    problems.push({ line: w.line, column: w.column, rule: "cli-usage", message, hint });
  const positional: Word[] = [];
  let command: CliCommand | undefined;
  let path = cli.name;
  const given = new Set<string>();
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.text.startsWith("-") && w.text.length > 1) {
      const [name, inline] = w.text.includes("=") ? w.text.split(/=(.*)/s) : [w.text, undefined];
      const flag =
        command?.flags?.find((f) => f.name === name) ??
        cli.globalFlags.find((f) => f.name === name);
      if (!flag) {
        const known = [...(command?.flags ?? []), ...cli.globalFlags].map((f) => f.name);
        report(
          w,
          `\`${path}\` has no flag ${name}`,
          `its flags: ${known.join(", ")} (data/cli.yaml)`,
        );
        continue;
      }
      if (given.has(flag.name) && !flag.repeat)
        report(w, `${flag.name} is given twice`, `give ${flag.name} once`);
      given.add(flag.name);
      if (flag.value === undefined) continue;
      const value = inline ?? words[++i]?.text;
      if (value === undefined) {
        report(w, `${flag.name} takes a value (${flag.value})`, `write ${flag.name} ${flag.value}`);
        continue;
      }
      const bad = badValue(flag, value);
      if (bad) report(words[i] ?? w, `${flag.name} ${bad}`, `write ${flag.name} ${flag.value}`);
      continue;
    }
    // The first words name the command and its subcommand; the rest are its arguments.
    const choices = command ? command.subcommands : cli.commands;
    if (choices && positional.length === 0 && (!command || command.subcommands)) {
      const next = choices.find((c) => c.name === w.text);
      if (!next) {
        report(
          w,
          `\`${path}\` has no command ${JSON.stringify(w.text)}`,
          `its commands: ${choices.map((c) => c.name).join(", ")} (data/cli.yaml)`,
        );
        return problems;
      }
      command = next;
      path += " " + next.name;
      continue;
    }
    positional.push(w);
  }
  if (!command) {
    // `brook --version`, `brook --help`: a global flag alone is a whole command line.
    if (words.length === 1)
      report(
        words[0]!,
        `\`${cli.name}\` needs a command`,
        "name one of the commands of data/cli.yaml",
      );
    return problems;
  }
  if (command.subcommands) {
    if (!given.has("--help"))
      report(
        words[0]!,
        `\`${path}\` needs a subcommand`,
        `one of: ${command.subcommands.map((c) => c.name).join(", ")}`,
      );
    return problems;
  }
  const args = command.arguments ?? [];
  const needed = args.filter((a) => !a.optional).length;
  if (positional.length < needed && !given.has("--help"))
    report(
      words[words.length - 1]!,
      `\`${path}\` is missing its argument ${args[positional.length]!.name}`,
      `write ${path} ${args.map((a) => a.name).join(" ")}`,
    );
  positional.forEach((w, i) => {
    const arg = args[i];
    if (!arg)
      report(
        w,
        `\`${path}\` takes ${args.length} argument(s); ${JSON.stringify(w.text)} is one too many`,
        `write ${path} ${args.map((a) => a.name).join(" ")}`.trimEnd(),
      );
    else if (arg.choices && !isVariable(w.text) && !arg.choices.includes(w.text))
      report(
        w,
        `\`${path}\` takes ${arg.choices.join(", ")}, not ${JSON.stringify(w.text)}`,
        `write one of: ${arg.choices.join(", ")}`,
      );
  });
  for (const f of command.flags ?? [])
    if (f.required && !given.has(f.name) && !given.has("--help"))
      report(
        words[0]!,
        `\`${path}\` needs ${f.name} ${f.value ?? ""}`.trimEnd(),
        `add ${f.name} ${f.value ?? ""}`.trimEnd(),
      );
  return problems;
}

/** Why a flag's value is not of its type, if it is not. */
function badValue(flag: CliFlag, value: string): string | undefined {
  if (isVariable(value)) return undefined;
  if (flag.type === "integer" && !/^\d+$/.test(value))
    return `takes a whole number, not ${JSON.stringify(value)}`;
  if (flag.type === "boolean" && value !== "true" && value !== "false")
    return `takes true or false, not ${JSON.stringify(value)}`;
  if (flag.type === "key-value" && !value.includes("="))
    return `takes KEY=VALUE, not ${JSON.stringify(value)}`;
  return undefined;
}

/** A word the shell fills in (`$ID`, `"$(cat id)"`): its value is unknown here. */
function isVariable(text: string): boolean {
  return text.includes("$") || text.includes("`");
}
