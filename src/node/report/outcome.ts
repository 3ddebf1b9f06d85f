/** What a `build` or `check-links` run ended with, and the reports made from it besides the text. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { BrookError, ContentError, type Diagnostic, type Severity } from "../core/errors.ts";
import type { CheckedLink } from "../check-links/checked-links.ts";
import { githubCommand } from "./github.ts";
import { gitlabCodeQuality } from "./gitlab.ts";
import { jsonReport, jsonReportText } from "./json.ts";

/** A diagnostic whose severity is settled. */
export interface ReportDiagnostic extends Diagnostic {
  severity: Severity;
}

/** How a run ended: 0 clean, 1 failed (build errors, broken links), 2 could not run (usage, unreadable build). */
export type ExitCode = 0 | 1 | 2;

/** The end of a `build` run. */
export interface BuildOutcome {
  command: "build";
  exitCode: ExitCode;
  diagnostics: ReportDiagnostic[];
  /** Null when the build failed before counting. */
  pages: number | null;
  files: number | null;
  timings: Record<string, number>;
  strict: boolean;
  out: string;
}

/** The end of a `check-links` run. */
export interface CheckOutcome {
  command: "check-links";
  exitCode: ExitCode;
  diagnostics: ReportDiagnostic[];
  pages: number | null;
  timings: Record<string, number>;
  /** Every occurrence checked (the text summary's count). */
  checked: number;
  external: boolean;
  links: CheckedLink[];
}

/** Either command's outcome. */
export type RunOutcome = BuildOutcome | CheckOutcome;

/** Gives each diagnostic a severity: its own if set, else `fallback`. */
export function withSeverity(list: Diagnostic[], fallback: Severity): ReportDiagnostic[] {
  return list.map((d) => ({ ...d, severity: d.severity ?? fallback }));
}

/**
 * The diagnostics of a run that threw: a content or config error's own (after the warnings a
 * content error carries), else one for the error itself, placed at `file` (the folder or file the
 * command was working on).
 */
export function errorDiagnostics(error: unknown, file: string): ReportDiagnostic[] {
  if (error instanceof BrookError) {
    const warnings = error instanceof ContentError ? withSeverity(error.warnings, "warning") : [];
    if (error.diagnostics?.length)
      return [...warnings, ...withSeverity(error.diagnostics, "error")];
    return [
      {
        file,
        message: error.message,
        rule: "error",
        severity: "error",
        ...(error.hint ? { hint: error.hint } : {}),
      },
    ];
  }
  return [
    {
      file,
      message: `Internal error: ${(error as Error)?.message ?? String(error)}`,
      rule: "internal-error",
      severity: "error",
    },
  ];
}

/** Where reports go, and what decides them. */
export interface ReportTargets {
  format: "text" | "json";
  /** `--report FILE`: a GitLab code-quality report. */
  reportFile?: string;
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  /** The generator's version, named in the JSON report. */
  version: string;
}

/**
 * Prints and writes the machine-readable reports: the JSON document (`--format json`, alone on
 * stdout), else GitHub workflow commands when GITHUB_ACTIONS=true; and the code-quality file.
 */
export function emitReports(outcome: RunOutcome, targets: ReportTargets): void {
  if (targets.format === "json")
    targets.stdout(jsonReportText(jsonReport(outcome, targets.version)) + "\n");
  // The JSON document owns stdout: workflow commands there would make it unreadable.
  else if (targets.env.GITHUB_ACTIONS === "true")
    for (const d of outcome.diagnostics) targets.stdout(githubCommand(d) + "\n");
  if (targets.reportFile) {
    mkdirSync(dirname(targets.reportFile), { recursive: true });
    writeFileSync(
      targets.reportFile,
      JSON.stringify(gitlabCodeQuality(outcome.diagnostics), null, 2) + "\n",
    );
  }
}
