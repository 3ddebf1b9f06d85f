/**
 * Where a pass of the Markdown chain reports what is wrong: the page's file, the line its body
 * starts after (a body with frontmatter or includes starts further down its file), and the
 * page's list of diagnostics. Every pass that reports takes at least this of the page's context.
 */
import type { Diagnostic } from "../../core/errors.ts";

/** The part of a page's context a reporting pass needs. */
export interface PassReport {
  file: string;
  lineOffset: number;
  diagnostics: Diagnostic[];
}

/** A node of the body placed in the page's file: its file, line and column. */
export function placeOf(
  node: { position?: { start: { line: number; column: number } } },
  ctx: Pick<PassReport, "file" | "lineOffset">,
): { file: string; line: number; column: number | undefined } {
  return {
    file: ctx.file,
    line: (node.position?.start.line ?? 1) + ctx.lineOffset,
    column: node.position?.start.column,
  };
}
