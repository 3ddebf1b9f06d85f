/** The two error classes of the generator and the one formatter (STYLE.md, Errors). */

/** A problem the user can fix: a message and a hint. */
export class BrookError extends Error {
  /** The same problem as diagnostics, for CI reports (config errors); the message stays what people read. */
  readonly diagnostics?: Diagnostic[];

  constructor(
    message: string,
    readonly hint?: string,
    options?: { cause?: unknown; diagnostics?: Diagnostic[] },
  ) {
    super(message, options);
    this.name = "BrookError";
    if (options?.diagnostics) this.diagnostics = options.diagnostics;
  }
}

/** How bad a diagnostic is: errors fail the command, warnings do not (unless `build --strict`). */
export type Severity = "error" | "warning";

/** A problem tied to a place in a content or config file. */
export interface Diagnostic {
  file: string;
  line?: number;
  column?: number;
  message: string;
  rule: string;
  hint?: string;
  /** Unset means: what the stage reported it as (build warnings, everything else errors). */
  severity?: Severity;
}

/** One or more content problems, collected in a stage and reported together. */
export class ContentError extends BrookError {
  declare readonly diagnostics: Diagnostic[];

  constructor(diagnostics: Diagnostic[]) {
    super(
      diagnostics.length === 1
        ? formatDiagnostic(diagnostics[0]!)
        : diagnostics.map(formatDiagnostic).join("\n") + `\n${diagnostics.length} problems found`,
      undefined,
      { diagnostics },
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
    return error instanceof ContentError || !error.hint
      ? error.message
      : `${error.message}\n  hint: ${error.hint}`;
  }
  const e = error as Error;
  return `Internal error: ${e?.stack ?? String(error)}`;
}

/** A sorted copy of `list`: by file, then line (how the build reports diagnostics). */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}
