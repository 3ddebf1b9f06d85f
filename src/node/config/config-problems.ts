/** How a problem of the config is told: its path (`sidebar[2].items`), its message, and the error that carries both. */
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
