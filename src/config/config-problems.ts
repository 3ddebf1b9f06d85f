/** How a problem of the config's value is named: its path (`sidebar[2].items`) and its message. */
import type { z } from "zod";

/** Levels of nesting the config's value may have: deeper overflows the schema's stack (1,000 levels of sidebar groups did). */
export const MAX_DEPTH = 64;

/** The message of a value nested past MAX_DEPTH. */
export const TOO_DEEP = `the config nests deeper than ${MAX_DEPTH} levels here; flatten it (a sidebar group in a group in a group… reads no better past a few levels)`;

/** The path of the first value nested deeper than MAX_DEPTH, found without recursion (the check must not overflow either). */
export function deepPath(value: unknown): PropertyKey[] | undefined {
  const stack: [unknown, PropertyKey[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (!v || typeof v !== "object") continue;
    if (path.length > MAX_DEPTH) return path;
    for (const [k, x] of Object.entries(v))
      stack.push([x, [...path, Array.isArray(v) ? Number(k) : k]]);
  }
  return undefined;
}

/** `sidebar[2].items`, or `(root)`. */
export function formatPath(path: PropertyKey[]): string {
  return (
    path.reduce<string>(
      (acc, key) =>
        typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key),
      "",
    ) || "(root)"
  );
}

/** The message of one of the schema's issues. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys")
    return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")} (remove or rename)`;
  return issue.message;
}
