/** How a problem of the config is told: its path (`sidebar[2].items`), its message, and the error that carries both. */
import type { z } from "zod";
import { BrookError, type Diagnostic } from "../core/errors.ts";

/** Levels of nesting the config's value may have: deeper overflows the schema's stack (1,000 levels of sidebar groups did). */
export const MAX_DEPTH = 64;

/** The message of a value nested past MAX_DEPTH. */
export const TOO_DEEP = `the config nests deeper than ${MAX_DEPTH} levels here; flatten it (a sidebar group in a group in a group… reads no better past a few levels)`;

/**
 * Values the config's value may hold, counted at every place it appears: the config's thread hands
 * back shared objects, and 40 lines of `x = { a: x, b: x }` would be 2^40 paths to check.
 */
export const MAX_VALUES = 1_000_000;

/** The message of a value with more than MAX_VALUES values. */
export const TOO_MANY = `the config holds more than ${MAX_VALUES.toLocaleString("en")} values by here (an object used in many places counts at each); export plain data`;
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

/** A config problem: today's text for people, one `config` diagnostic for CI reports. */
export function configError(
  text: string,
  hint: string,
  place: Omit<Diagnostic, "message" | "rule">,
  message = text,
  cause?: unknown,
): BrookError {
  return new BrookError(text, hint, {
    cause,
    diagnostics: [{ ...place, message, rule: "config", hint }],
  });
}
