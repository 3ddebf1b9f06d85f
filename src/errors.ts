/** The two error classes of the generator and the one formatter (STYLE.md, Errors). */

/** A problem the user can fix: a message and a hint. */
export class BrookError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "BrookError";
  }
}

/** A problem tied to a place in a content or config file. */
export interface Diagnostic {
  file: string;
  line?: number;
  column?: number;
  message: string;
  rule: string;
  hint?: string;
}

/** One or more content problems, collected in a stage and reported together. */
export class ContentError extends BrookError {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(
      diagnostics.length === 1
        ? formatDiagnostic(diagnostics[0]!)
        : diagnostics.map(formatDiagnostic).join("\n") + `\n${diagnostics.length} problems found`,
    );
    this.name = "ContentError";
  }
}

/** `file:line:col: message [rule]` plus an indented hint, like a compiler. */
export function formatDiagnostic(d: Diagnostic): string {
  let where = d.file;
  if (d.line !== undefined) where += `:${d.line}`;
  if (d.line !== undefined && d.column !== undefined) where += `:${d.column}`;
  return `${where}: ${d.message} [${d.rule}]` + (d.hint ? `\n  hint: ${d.hint}` : "");
}

/** The text shown to the user for any error: diagnostics as is, bugs marked as internal. */
export function formatError(error: unknown): string {
  if (error instanceof BrookError) {
    return error instanceof ContentError || !error.hint ? error.message : `${error.message}\n  hint: ${error.hint}`;
  }
  const e = error as Error;
  return `Internal error: ${e?.stack ?? String(error)}`;
}
