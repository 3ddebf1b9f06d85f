/**
 * A check of single blocks: what the example stage caches. A block's problems depend only on its
 * language, its code, what its fence says it shows (`:event=…`, with the field table before it)
 * and the check's inputs (the runtime declaration, the CLI description), so they are kept by
 * those and a block that did not change is never checked again.
 */
import { hashKey } from "../core/cache-keys.ts";
import type { CodeSample } from "./sample.ts";

/** A problem in a block, placed in its code (1-based line and column within the block). */
export interface BlockProblem {
  line: number;
  column: number;
  rule: string;
  message: string;
  hint: string;
}

/** A check of the blocks of some languages. */
export interface BlockCheck {
  /** Names the check in cache keys. */
  id: string;
  /** Whether it checks this block (by its language as written, lower case, and what it shows). */
  accepts: (lang: string, sample: CodeSample) => boolean;
  /** What its verdicts depend on besides the code (hashes of its input files, its version). */
  inputs: string;
  /** Each block's problems, in the order of `samples`; one run for all blocks of a build. */
  run: (samples: CodeSample[]) => Promise<BlockProblem[][]>;
}

/** What a block's verdict is kept by: the check, its inputs, the block's language, code and what it shows. */
export function verdictKey(check: BlockCheck, lang: string, sample: CodeSample): string {
  const shows = sample.event ? JSON.stringify([sample.event, sample.fields ?? null]) : "";
  return hashKey(check.id, check.inputs, lang, sample.code, shows);
}
