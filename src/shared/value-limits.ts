/**
 * Where a plain-data value from a stranger (the config's export, a YAML file of data/) passes the
 * limits that keep every later walker of it (a schema check, a writer, a parser) off the end of
 * its stack and out of exponential time. Walked with a stack of our own, so the check cannot
 * overflow either.
 */

/** Why a value passed its limits: nested too deep, or too many values (shared objects count at each place). */
export type PastLimit = { path: (string | number)[]; over: "depth" | "values" };

/**
 * The first place the value nests deeper than `maxDepth` levels (a value at `maxDepth + 1` keys
 * from the root), or where the walk passes `maxValues` values: an object referred to from many
 * places (the config's thread hands back shared objects, YAML has aliases) counts at each, as
 * every walker after this one would see it.
 */
export function pastLimits(
  value: unknown,
  maxDepth: number,
  maxValues = Number.POSITIVE_INFINITY,
): PastLimit | undefined {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  let seen = 0;
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (++seen > maxValues) return { path, over: "values" };
    if (!v || typeof v !== "object") continue;
    if (path.length > maxDepth) return { path, over: "depth" };
    for (const [k, x] of Object.entries(v))
      stack.push([x, [...path, Array.isArray(v) ? Number(k) : k]]);
  }
  return undefined;
}
