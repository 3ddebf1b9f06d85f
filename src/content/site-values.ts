/** `{{ site.KEY }}` substitution in Markdown bodies (design.md §2); other `{{ … }}` stay as written. */
import type { Diagnostic } from "../errors.ts";

const SITE_VALUE_RE = /\{\{\s*site\.([A-Za-z_][\w]*)\s*\}\}/g;

/** Replaces site values; unknown keys become diagnostics at their line and column. */
export function replaceSiteValues(
  body: string,
  values: Record<string, string>,
  file: string,
  lineOffset: number,
): { body: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const out = body.replace(SITE_VALUE_RE, (match, key: string, offset: number) => {
    if (Object.prototype.hasOwnProperty.call(values, key)) return values[key]!;
    const before = body.slice(0, offset);
    const line = before.split("\n").length + lineOffset;
    const column = offset - before.lastIndexOf("\n");
    diagnostics.push({
      file,
      line,
      column,
      rule: "unknown-site-value",
      message: `unknown site value '${key}' in ${match}`,
      hint: `use one of ${Object.keys(values).map((k) => `{{ site.${k} }}`).join(", ")}`,
    });
    return match;
  });
  return { body: out, diagnostics };
}
