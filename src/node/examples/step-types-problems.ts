/**
 * The step-types diagnostics of a block the checker process could not give a verdict on
 * (step-types-process.ts): it ran past its budget of work, or the process stopped on it.
 */
import type { BlockProblem } from "./block-check.ts";

/** The process stopped (out of memory, a crash) while it checked this block alone. */
export function stoppedOn(why: string): BlockProblem {
  return {
    line: 1,
    column: 1,
    rule: "step-types",
    message: `TypeScript's checker stopped while checking the block (${why}): it ran out of memory or crashed`,
    hint: "look for types or literals that grow without end (huge unions, template literal types, deeply recursive generics); simplify them, or mark the block :no-check=REASON",
  };
}

/** TypeScript did not finish this block within `budgetMs` of work. */
export function overrun(budgetMs: number): BlockProblem {
  return {
    line: 1,
    column: 1,
    rule: "step-types",
    message: `TypeScript did not finish checking the block in ${budgetMs / 1000} s, its time budget`,
    hint: "look for JSDoc types that expand without end (deeply nested generics, recursive conditional types); simplify them, or mark the block :no-check=REASON",
  };
}
