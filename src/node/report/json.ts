/** The JSON report of `--format json` (docs/ci.md, "The JSON report"); its shape is pinned by test/cli. */
import { escapeDiagnostic, type Severity } from "../core/errors.ts";
import type { CheckedLink } from "../check-links/checked-links.ts";
import type { RunOutcome } from "./outcome.ts";

/** Raised on any change that could break a reader of the report; fields may be added without. */
export const JSON_REPORT_VERSION = 1;

/** A diagnostic in the report: every key present, null when unknown. */
export interface JsonDiagnostic {
  file: string;
  line: number | null;
  column: number | null;
  rule: string;
  severity: Severity;
  message: string;
  hint: string | null;
}

interface JsonCommon {
  version: typeof JSON_REPORT_VERSION;
  generator: { name: "brook-docs"; version: string };
  ok: boolean;
  exitCode: 0 | 1 | 2;
  counts: { errors: number; warnings: number };
  diagnostics: JsonDiagnostic[];
  pages: number | null;
  timings: Record<string, number>;
}

/** `brook-docs build --format json`. */
export interface BuildJsonReport extends JsonCommon {
  command: "build";
  files: number | null;
  strict: boolean;
  out: string;
}

/** `brook-docs check-links --format json`. */
export interface CheckJsonReport extends JsonCommon {
  command: "check-links";
  links: { checked: number; external: boolean; list: CheckedLink[] };
}

/** Either command's report. */
export type JsonReport = BuildJsonReport | CheckJsonReport;

// Characters JSON.stringify leaves as they are that a terminal or a CI log acts on (see
// src/shared/untrusted-text.ts), and the runner's `##[` command syntax.
// eslint-disable-next-line no-control-regex
const LOG_UNSAFE_RE = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|##\[/g;

/**
 * The report as JSON text that is safe in a log: those characters written as `\uXXXX` escapes
 * (JSON.stringify escapes the other controls itself), so every value reads back exactly as it was.
 */
export function jsonReportText(report: JsonReport): string {
  return JSON.stringify(report, null, 2).replace(LOG_UNSAFE_RE, (m) =>
    m === "##[" ? "#\\u0023[" : `\\u${m.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The report of a run, keys in a fixed order; each diagnostic's text as the terminal shows it. */
export function jsonReport(outcome: RunOutcome, version: string): JsonReport {
  const diagnostics: JsonDiagnostic[] = outcome.diagnostics.map(escapeDiagnostic).map((d) => ({
    file: d.file,
    line: d.line ?? null,
    column: d.column ?? null,
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    hint: d.hint ?? null,
  }));
  const common = {
    generator: { name: "brook-docs" as const, version },
    ok: outcome.exitCode === 0,
    exitCode: outcome.exitCode,
    counts: {
      errors: diagnostics.filter((d) => d.severity === "error").length,
      warnings: diagnostics.filter((d) => d.severity === "warning").length,
    },
    diagnostics,
    pages: outcome.pages,
    timings: outcome.timings,
  };
  if (outcome.command === "build")
    return {
      version: JSON_REPORT_VERSION,
      command: "build",
      ...common,
      files: outcome.files,
      strict: outcome.strict,
      out: outcome.out,
    };
  return {
    version: JSON_REPORT_VERSION,
    command: "check-links",
    ...common,
    links: { checked: outcome.checked, external: outcome.external, list: outcome.links },
  };
}
