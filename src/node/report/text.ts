/** The text a person reads on stderr: the same lines as before the CI reports existed. */
import { ContentError, formatDiagnostic, formatError, type Diagnostic } from "../core/errors.ts";
import { colors, error, info, warn } from "../core/log.ts";
import { summaryLine, type ExampleSummary } from "../examples/summary.ts";

/** A build warning, as it happens. */
export function printWarning(d: Diagnostic): void {
  warn(formatDiagnostic(d));
}

/** The error that stopped a command, after the warnings the build had found by then. */
export function printFailure(e: unknown): void {
  if (e instanceof ContentError) for (const w of e.warnings) printWarning(w);
  error(formatError(e));
}

/** A failed build as one text (the dev server's terminal and overlay): its error, then its warnings. */
export function failureText(e: unknown): string {
  const warnings = e instanceof ContentError ? e.warnings : [];
  return [formatError(e), ...warnings.map((w) => `warning: ${formatDiagnostic(w)}`)].join("\n");
}

/** `built N pages (M files) into dist in X ms [stage timings; cache hits]`. */
export function printBuilt(
  r: {
    pages: number;
    files: number;
    timings: Record<string, number>;
    cacheHits: number;
    rendered: number;
    examples?: ExampleSummary;
  },
  out: string,
  ms: number,
): void {
  // A site none of whose blocks a check reads has no line about them.
  if (r.examples && (Object.keys(r.examples.checked).length || r.examples.optedOut))
    info(summaryLine(r.examples));
  info(
    `${colors.green("built")} ${r.pages} pages (${r.files} files) into ${out} in ${ms} ms` +
      colors.dim(
        ` [${Object.entries(r.timings)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}; ${r.rendered} rendered, ${r.cacheHits} parses from the cache]`,
      ),
  );
}

/** Each broken link with its hint, then one count (or the all-clear). */
export function printCheck(r: { problems: Diagnostic[]; checked: number; pages: number }): void {
  for (const d of r.problems) process.stderr.write(formatDiagnostic(d) + "\n");
  if (r.problems.length)
    error(
      `${r.problems.length} broken link${r.problems.length === 1 ? "" : "s"} in ${r.checked} checked`,
    );
  else info(`${colors.green("ok")} ${r.checked} links checked in ${r.pages} pages, none broken`);
}
