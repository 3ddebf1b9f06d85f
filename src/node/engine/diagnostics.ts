/** Diagnostics as the build reports them: by file, then line. */
import type { Diagnostic } from "../core/errors.ts";

/** A sorted copy of `list`. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}
