/** The lines the build and the step-types checker process exchange (one JSON object a line). */
import type { BlockProblem } from "./block-check.ts";
import type { StepSample } from "./check-step-types.ts";

/** Check these blocks against this runtime declaration. */
export interface StepTypesRequest {
  id: number;
  samples: StepSample[];
  declaration: string;
  declarationFile: string;
}

/** Each block's problems, or why the check failed (a bug of ours). */
export type StepTypesAnswer =
  | { id: number; verdicts: BlockProblem[][]; error?: undefined }
  | { id: number; error: string; verdicts?: undefined };

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
