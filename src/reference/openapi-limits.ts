/**
 * How large the REST API's description may be, so that no walker of ours, of the YAML library or
 * of the OpenAPI parser overflows its stack, and following `$ref`s (each one copies its target)
 * cannot expand a small file into billions of values on the main thread.
 */

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

/** The path of the first value nested deeper than MAX_DEPTH levels, found without recursion (the check must not overflow either). */
export function tooDeep(value: unknown): LimitPath | undefined {
  const stack: [unknown, LimitPath][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (!v || typeof v !== "object") continue;
    if (path.length > MAX_DEPTH) return path;
    for (const [k, x] of Object.entries(v))
      stack.push([x, [...path, Array.isArray(v) ? Number(k) : k]]);
  }
  return undefined;
}

/** The message of a description nested past MAX_DEPTH. */
export const TOO_DEEP = `the description nests deeper than ${MAX_DEPTH} levels here (as written, or once its $refs are followed); flatten the schema or the value`;
