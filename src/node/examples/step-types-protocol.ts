/** The lines the build and the step-types checker process exchange (one JSON object a line). */
import type { BlockProblem } from "./block-check.ts";
import type { StepSample } from "./check-step-types.ts";
import type { RuntimeSurface } from "./runtime-surface.ts";

/**
 * Check these blocks against this runtime declaration; or, with `surface`, describe the members of
 * these roots (names to the declaration's types) for the checks of other languages.
 */
export interface StepTypesRequest {
  id: number;
  samples: StepSample[];
  declaration: string;
  declarationFile: string;
  surface?: Record<string, string>;
}

/** Each block's problems (or the surface asked for), or why the check failed. */
export type StepTypesAnswer =
  | { id: number; verdicts: BlockProblem[][]; surface?: RuntimeSurface; error?: undefined }
  | { id: number; error: string; verdicts?: undefined; surface?: undefined };

/** What compile-cli.js writes beside the bundle about the snapshot it took. */
export interface StepCheckerSnapshot {
  /** The snapshot's file name, beside step-checker.cjs. */
  blob: string;
  /** The Node that took it (`process.version`, `process.arch`): only that one can start from it. */
  node: string;
  arch: string;
  /** V8's flags it was taken with: the process starts with the same ones. */
  flags: string[];
}
