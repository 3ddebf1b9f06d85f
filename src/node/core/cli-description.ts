/** data/cli.yaml, read: the `brook` CLI's commands, flags, arguments and exit codes. */
import { LineCounter, parseDocument } from "yaml";
import { z } from "zod";
import { formatPath, issueMessage } from "./schema-problems.ts";
import { BrookError, type Diagnostic } from "./errors.ts";
import { lineOf } from "./yaml-lines.ts";
import { pastLimits } from "../../shared/value-limits.ts";

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

/** Deepest the file may nest (the real one: 6); deeper overflows the YAML reader's stack. */
const MAX_CLI_DEPTH = 32;

/** Reads the description; a file that is not one is a BrookError naming it, each problem at its line. */
export function loadCliDescription(text: string, file: string): CliDescription {
  const counter = new LineCounter();
  let data: unknown;
  let doc: ReturnType<typeof parseDocument>;
  try {
    // No aliases: the file is data, and an alias bomb is not.
    doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
    const [error] = doc.errors;
    if (error) throw error;
    data = doc.toJS({ maxAliasCount: 0 });
  } catch (e) {
    const message =
      e instanceof RangeError ? "the YAML nests too deep to read" : (e as Error).message;
    throw new BrookError(
      `${file}: ${message.split("\n")[0]}`,
      "fix the YAML of the CLI description",
    );
  }
  const deep = pastLimits(data, MAX_CLI_DEPTH)?.path;
  const parsed = deep ? undefined : descriptionSchema.safeParse(data);
  if (parsed?.success) return parsed.data as CliDescription;
  const problems: [PropertyKey[], string][] = parsed
    ? parsed.error.issues.map((issue) => [issue.path, issueMessage(issue)])
    : [[deep!, `nested more than ${MAX_CLI_DEPTH} levels deep`]];
  const hint = "see data/cli.yaml's header for its shape";
  const diagnostics: Diagnostic[] = problems.map(([path, message]) => ({
    file,
    line: lineOf(doc, counter, path),
    column: 1,
    rule: "cli-description",
    message: `${formatPath(path)}: ${message}`,
    hint,
  }));
  throw new BrookError(
    `${file}: ${problems.length} problem${problems.length === 1 ? "" : "s"} in the CLI description\n${diagnostics.map((d) => `  ${d.file}:${d.line}: ${d.message}`).join("\n")}`,
    hint,
    { diagnostics },
  );
}
