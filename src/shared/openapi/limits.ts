/**
 * How large the REST API's description may be, so that no walker of ours, of the YAML library or
 * of the OpenAPI parser overflows its stack, and following `$ref`s (each one copies its target)
 * cannot expand a small file into billions of values on the main thread.
 */
import { pastLimits, type PastLimit } from "../value-limits.ts";

/** Levels of nesting a description may have, as written and with its `$ref`s followed (the real one: 12 and 18). */
export const MAX_DEPTH = 64;

/** Values a description may hold with its `$ref`s followed (the real one: about 15,000). */
export const MAX_VALUES = 100_000;

/** A path into the description: keys and array indexes. */
export type LimitPath = (string | number)[];

/** A limit passed while following `$ref`s; `path` is where the description wrote the `$ref` (or the value) that passed it. */
export class DescriptionLimitError extends Error {
  constructor(
    message: string,
    readonly path: LimitPath,
  ) {
    super(message);
  }
}

/** Where the description as written nests past MAX_DEPTH or holds more than MAX_VALUES values (YAML's aliases count at each place). */
export function tooLarge(value: unknown): PastLimit | undefined {
  return pastLimits(value, MAX_DEPTH, MAX_VALUES);
}

/** The message of a description nested past MAX_DEPTH. */
export const TOO_DEEP = `the description nests deeper than ${MAX_DEPTH} levels here (as written, or once its $refs are followed); flatten the schema or the value`;

/** The message of a description that holds more than MAX_VALUES values as written. */
export const TOO_MANY_WRITTEN = `the description holds more than ${MAX_VALUES.toLocaleString("en")} values by here (an anchor used in many places counts at each); write less, or split it`;
