/** data/cli.yaml, read: the `brook` CLI's commands, flags, arguments and exit codes. */
import { z } from "zod";
import { readYamlData } from "./yaml-data.ts";

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
  description?: string;
}

/** A command or subcommand. */
export interface CliCommand {
  name: string;
  summary?: string;
  arguments?: CliArgument[];
  flags?: CliFlag[];
  subcommands?: CliCommand[];
  /** Exit codes this command documents (the reference prints them under it), with Brook's named errors that end it so. */
  exits?: { code: number; when: string; errors?: string[] }[];
}

/** The whole CLI. */
export interface CliDescription {
  name: string;
  globalFlags: CliFlag[];
  commands: CliCommand[];
  exitCodes: { code: number; meaning: string }[];
}

/**
 * The fields the checks and the reference read, with their types; other fields (`package`,
 * `environment`, an argument's `variadic`) are the file's own notes and pass through.
 */
const flagSchema = z.looseObject({
  name: z.string(),
  value: z.string().optional(),
  type: z.enum(["string", "integer", "boolean", "key-value"]).optional(),
  repeat: z.boolean().optional(),
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number()]).optional(),
  description: z.string().optional(),
});
const argumentSchema = z.looseObject({
  name: z.string(),
  choices: z.array(z.string()).optional(),
  type: z.literal("key-value").optional(),
  optional: z.boolean().optional(),
  description: z.string().optional(),
});
const commandSchema: z.ZodType<CliCommand> = z.lazy(() =>
  z.looseObject({
    name: z.string(),
    summary: z.string().optional(),
    arguments: z.array(argumentSchema).optional(),
    flags: z.array(flagSchema).optional(),
    subcommands: z.array(commandSchema).optional(),
    exits: z
      .array(
        z.looseObject({
          code: z.number().int(),
          when: z.string(),
          errors: z.array(z.string()).optional(),
        }),
      )
      .optional(),
  }),
);
const descriptionSchema = z.looseObject({
  name: z.string(),
  globalFlags: z.array(flagSchema).default([]),
  commands: z.array(commandSchema),
  exitCodes: z.array(z.looseObject({ code: z.number().int(), meaning: z.string() })).default([]),
});

/** Reads the description; a file that is not one is a BrookError naming it, each problem at its line. */
export function loadCliDescription(text: string, file: string): CliDescription {
  return readYamlData(text, file, descriptionSchema, {
    rule: "cli-description",
    what: "the CLI description",
    hint: "see data/cli.yaml's header for its shape",
  }) as CliDescription;
}
