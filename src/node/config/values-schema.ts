/** Site values in site.config.ts (`values`): their names, leaves and depth, checked by hand. */
import type { z } from "zod";

/** Site values the config's own fields make (`{{ site.apiBase }}`): names `values` cannot take. */
export const BUILT_IN_SITE_VALUES = [
  "title",
  "description",
  "base",
  "siteUrl",
  "webBase",
  "apiBase",
  "sqlApiBase",
] as const;

/** A tree of site values (`{{ site.limits.httpPayload }}`): text and numbers, in named groups. */
export type SiteValueTree = { [name: string]: string | number | SiteValueTree };

/** A value's name: what `{{ site.a.b }}` can spell between its dots. */
const VALUE_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Values are short inline text: a figure, a version, a price. */
const MAX_VALUE_LENGTH = 200;
/** Deepest a value may sit (`limits.memory.max` is 3). */
const MAX_VALUE_DEPTH = 6;

/**
 * Checks a values tree by hand (zod's union errors would say "invalid input" where a writer needs
 * "values.limits.httpPayload: an empty value"): names, leaves, depth. A value goes into Markdown
 * before it is parsed, so it is one line of text without control characters.
 */
export function checkValueTree(
  tree: Record<string, unknown>,
  path: string[],
  ctx: z.RefinementCtx,
): void {
  for (const [name, value] of Object.entries(tree)) {
    const at = [...path, name];
    const issue = (message: string) => ctx.addIssue({ code: "custom", message, path: at });
    // `__proto__` would set a prototype where the pages' flat map expects a value.
    if (!VALUE_NAME_RE.test(name) || name === "__proto__")
      issue(
        `'${name}' is not a value name: use letters, digits and _, not starting with a digit (e.g. httpPayload)`,
      );
    else if (!path.length && (BUILT_IN_SITE_VALUES as readonly string[]).includes(name))
      issue(
        `'${name}' is already a site value ({{ site.${name} }} is the config's ${name}): pick another name`,
      );
    if (typeof value === "string") {
      if (value.trim() === "") issue("an empty value: give it text, or remove it");
      else if (value.length > MAX_VALUE_LENGTH)
        issue(`a value is at most ${MAX_VALUE_LENGTH} characters (this one has ${value.length})`);
      else if (/[\u0000-\u001f\u007f]/.test(value))
        issue("a value is one line of text: no line breaks, tabs or control characters");
    } else if (typeof value === "number") {
      if (!Number.isFinite(value)) issue("a number value must be finite");
    } else if (isPlainObject(value)) {
      if (at.length >= MAX_VALUE_DEPTH) issue(`values nest at most ${MAX_VALUE_DEPTH} levels deep`);
      else checkValueTree(value, at, ctx);
    } else {
      issue(
        `a value is text, a number or a group of values, not ${Array.isArray(value) ? "a list" : value === null ? "null" : typeof value}`,
      );
    }
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
