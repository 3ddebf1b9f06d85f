/**
 * A description of Brook kept as YAML in data/ (the CLI's, the step languages'), read into the
 * shape its schema gives: a file that is not one is a BrookError naming it, each problem a
 * diagnostic at its line.
 */
import { LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import { formatPath, issueMessage } from "./schema-problems.ts";
import { BrookError, type Diagnostic } from "./errors.ts";
import { pastLimits } from "../../shared/value-limits.ts";
import { lineOf } from "./yaml-lines.ts";

/** Deepest a data file may nest (the real ones: 6); deeper overflows the YAML reader's stack. */
const MAX_DEPTH = 32;

/** What the diagnostics of a data file say: their rule, what the file is, and the hint. */
export interface YamlDataKind {
  rule: string;
  /** "the CLI description" */
  what: string;
  hint: string;
  /** Deepest the file may nest (default 32). */
  maxDepth?: number;
}

/** A problem of a file's data: where in it (a path), and what. */
export type DataProblem = [path: PropertyKey[], message: string];

/**
 * Reads `text` (the file `file`) into `schema`'s output, then through `refine` when given: what
 * the schema cannot say (parts that refer to each other), as problems at their lines, or the value.
 */
export function readYamlData<T, U = T>(
  text: string,
  file: string,
  schema: z.ZodType<T>,
  kind: YamlDataKind,
  refine: (data: T) => { value: U } | { problems: DataProblem[] } = (data) => ({
    value: data as unknown as U,
  }),
): U {
  const maxDepth = kind.maxDepth ?? MAX_DEPTH;
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
    throw new BrookError(`${file}: ${message.split("\n")[0]}`, `fix the YAML of ${kind.what}`);
  }
  const deep = pastLimits(data, maxDepth)?.path;
  const parsed = deep ? undefined : schema.safeParse(data);
  const refined = parsed?.success ? refine(parsed.data) : undefined;
  if (refined && "value" in refined) return refined.value;
  const problems: DataProblem[] = refined
    ? refined.problems
    : parsed
      ? parsed.error!.issues.map((issue) => [issue.path, issueMessage(issue)])
      : [[deep!, `nested more than ${maxDepth} levels deep`]];
  const diagnostics: Diagnostic[] = problems.map(([path, message]) => ({
    file,
    line: lineOf(doc, counter, path),
    column: 1,
    rule: kind.rule,
    message: `${formatPath(path)}: ${message}`,
    hint: kind.hint,
  }));
  throw new BrookError(
    `${file}: ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${kind.what}\n${diagnostics.map((d) => `  ${d.file}:${d.line}: ${d.message}`).join("\n")}`,
    kind.hint,
    { diagnostics },
  );
}
