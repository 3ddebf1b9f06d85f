/** GitLab: a code-quality report (the JSON array GitLab reads from `artifacts:reports:codequality`). */
import { createHash } from "node:crypto";
import { escapeDiagnostic } from "../core/errors.ts";
import type { ReportDiagnostic } from "./outcome.ts";

/** One issue of a GitLab code-quality report. */
export interface CodeQualityIssue {
  description: string;
  check_name: string;
  /** Stable across runs for the same problem, so GitLab can tell new problems from old ones. */
  fingerprint: string;
  severity: "info" | "minor" | "major" | "critical" | "blocker";
  location: { path: string; lines: { begin: number } };
}

/** The report: errors are `major`, warnings `minor`; text escaped as on every channel. */
export function gitlabCodeQuality(diagnostics: ReportDiagnostic[]): CodeQualityIssue[] {
  const seen = new Map<string, number>();
  return diagnostics.map(escapeDiagnostic).map((d) => {
    // Not the line: a problem that moves when text is added above it is still the same problem.
    const key = `${d.rule}\0${d.file}\0${d.message}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    return {
      description: d.message,
      check_name: d.rule,
      fingerprint: createHash("md5").update(`${key}\0${nth}`).digest("hex"),
      severity: d.severity === "error" ? "major" : "minor",
      location: { path: d.file, lines: { begin: d.line ?? 1 } },
    };
  });
}
