/**
 * The check stage: links and anchors, redirect anchors and the search documents, once every page
 * is parsed. Every warning is known here, before anything else is written, so a `--strict`
 * failure leaves the output as it was.
 */
import type { PageFacts } from "../content/parse-page.ts";
import { ContentError, type Diagnostic } from "../core/errors.ts";
import { checkSite, type SiteCheck, type SiteCheckMemo } from "./check.ts";
import type { SitePlan } from "./model.ts";
import { sortDiagnostics } from "../core/errors.ts";

/** What the last check remembers for the next build of the same process. */
export type CheckMemo = SiteCheckMemo;

/** What the check stage reads. */
export interface CheckInput {
  plan: SitePlan;
  facts: Map<string, PageFacts>;
  base: string;
  configFile: string;
  /** Every file of public/, and the files the stages publish under the root (openapi.yaml). */
  publicFiles: { relativePath: string }[];
  published: { path: string }[];
  /** The errors of the stages before that are reported with the check's own (the examples'). */
  errors: Diagnostic[];
  /** The warnings of the stages before. */
  warnings: Diagnostic[];
  strict: boolean;
}

/** Checks the site; throws its errors, or its warnings as errors under `strict`. */
export function checkStage(
  input: CheckInput,
  previous?: CheckMemo,
): { check: SiteCheck; warnings: Diagnostic[]; memo?: CheckMemo } {
  const { check, memo } = checkSite(
    input.plan,
    input.facts,
    input.base,
    input.configFile,
    new Set([
      ...input.publicFiles.map((p) => "/" + p.relativePath),
      ...input.published.map((f) => "/" + f.path),
    ]),
    previous,
  );
  const errors = [...input.errors, ...check.errors];
  const warnings = [...input.warnings, ...check.warnings];
  if (errors.length) throw new ContentError(sortDiagnostics(errors), warnings);
  if (input.strict && warnings.length)
    throw new ContentError(warnings.map((w) => ({ ...w, severity: "error" as const })));
  return { check, warnings, memo };
}
