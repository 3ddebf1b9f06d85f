/** The two error classes of the generator and the one formatter (STYLE.md, Errors). */
import { escapeUntrusted, escapeUntrustedLines } from "../../shared/untrusted-text.ts";

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

/**
 * One or more content problems, collected in a stage and reported together, with the warnings
 * the build had found by then (a failed build reports them too: they are often the cause).
 */
export class ContentError extends BrookError {
  declare readonly diagnostics: Diagnostic[];
  readonly warnings: Diagnostic[];

  constructor(diagnostics: Diagnostic[], warnings: Diagnostic[] = []) {
    super(
      diagnostics.length === 1
        ? formatDiagnostic(diagnostics[0]!)
        : diagnostics.map(formatDiagnostic).join("\n") + `\n${diagnostics.length} problems found`,
      undefined,
      { diagnostics },
    );
    this.name = "ContentError";
    this.warnings = warnings;
  }
}

/** `d` with its text escaped as every channel shows it (escapeUntrusted): the reports' form of it. */
export function escapeDiagnostic<T extends Diagnostic>(d: T): T {
  return {
    ...d,
    file: escapeUntrusted(d.file),
    message: escapeUntrusted(d.message),
    rule: escapeUntrusted(d.rule),
    ...(d.hint !== undefined && { hint: escapeUntrusted(d.hint) }),
  };
}

/**
 * `file:line:col: message [rule]` plus an indented hint, like a compiler. Every field may hold a
 * stranger's text (a link as written, a heading): it is shown escaped, on the diagnostic's line.
 */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const d = escapeDiagnostic(diagnostic);
  let where = d.file;
  if (d.line !== undefined) where += `:${d.line}`;
  if (d.line !== undefined && d.column !== undefined) where += `:${d.column}`;
  return `${where}: ${d.message} [${d.rule}]` + (d.hint ? `\n  hint: ${d.hint}` : "");
}

/**
 * The text shown to the user for any error: diagnostics as is, bugs marked as internal. Each line
 * is escaped on its own (a config error lists its problems a line each; a stack is lines), so no
 * line can start a CI command or hold a terminal escape, whatever the error quotes.
 */
export function formatError(error: unknown): string {
  if (error instanceof BrookError) {
    return escapeUntrustedLines(
      error instanceof ContentError || !error.hint
        ? error.message
        : `${error.message}\n  hint: ${error.hint}`,
    );
  }
  const e = error as Error;
  return escapeUntrustedLines(`Internal error: ${e?.stack ?? String(error)}`);
}

/** A sorted copy of `list`: by file, then line (how the build reports diagnostics). */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}
