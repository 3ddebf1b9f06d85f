/** GitHub Actions: every diagnostic as a workflow command, so it shows on the pull request's line. */
import { escapeDiagnostic } from "../core/errors.ts";
import type { ReportDiagnostic } from "./outcome.ts";

/** Escapes a workflow command's message: `%`, CR and LF, as GitHub documents. */
export function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a workflow command's property value: the message's escapes, plus `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * `::error file=content/x.md,line=12,col=3,title=broken-link::message` (`::warning` for warnings).
 * The hint is the message's second line: the annotation then says how to fix it, too. The text is
 * escaped first (control characters and line breaks shown as escapes), so the command's own
 * escapes carry only the line break the generator puts before the hint.
 */
export function githubCommand(diagnostic: ReportDiagnostic): string {
  const d = escapeDiagnostic(diagnostic);
  const props: string[] = [];
  if (d.file) props.push(`file=${escapeProperty(d.file)}`);
  if (d.line !== undefined) {
    props.push(`line=${d.line}`);
    if (d.column !== undefined) props.push(`col=${d.column}`);
  }
  props.push(`title=${escapeProperty(d.rule)}`);
  return `::${d.severity} ${props.join(",")}::${escapeData(d.hint ? `${d.message}\nhint: ${d.hint}` : d.message)}`;
}
