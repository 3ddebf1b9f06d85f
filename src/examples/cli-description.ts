/** data/cli.yaml, read: the `brook` CLI's commands, flags, arguments and exit codes. */
import { parse } from "yaml";
import { BrookError } from "../errors.ts";

/** A flag: a switch, or a flag that takes a value. */
export interface CliFlag {
  name: string;
  /** The value's name as the reference prints it; absent for a switch. */
  value?: string;
  type?: "string" | "integer" | "boolean" | "key-value";
  repeat?: boolean;
  required?: boolean;
  default?: string | number;
  description?: string;
}

/** A positional argument. */
export interface CliArgument {
  name: string;
  choices?: string[];
  type?: "key-value";
  optional?: boolean;
}

/** A command or subcommand. */
export interface CliCommand {
  name: string;
  summary?: string;
  arguments?: CliArgument[];
  flags?: CliFlag[];
  subcommands?: CliCommand[];
}

/** The whole CLI. */
export interface CliDescription {
  name: string;
  globalFlags: CliFlag[];
  commands: CliCommand[];
  exitCodes: { code: number; meaning: string }[];
}

/** Reads the description; a file that is not one is a BrookError naming it. */
export function loadCliDescription(text: string, file: string): CliDescription {
  let data: unknown;
  try {
    // No aliases: the file is data, and an alias bomb is not.
    data = parse(text, { maxAliasCount: 0 });
  } catch (e) {
    throw new BrookError(`${file}: ${(e as Error).message}`, "fix the YAML of the CLI description");
  }
  const d = data as Partial<CliDescription> | null;
  if (!d || typeof d.name !== "string" || !Array.isArray(d.commands))
    throw new BrookError(
      `${file}: the CLI description needs a name and a list of commands`,
      "see data/cli.yaml's header for its shape",
    );
  return {
    name: d.name,
    globalFlags: d.globalFlags ?? [],
    commands: d.commands,
    exitCodes: d.exitCodes ?? [],
  };
}
