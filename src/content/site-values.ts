/** `{{ site.KEY }}` substitution in Markdown bodies (design.md §2); other `{{ … }}` stay as written. */
import type { Diagnostic } from "../errors.ts";

const SITE_VALUE_RE = /\{\{\s*site\.([A-Za-z_][\w]*)\s*\}\}/g;

/** Replaces site values; unknown keys become diagnostics at their line and column. */
export function replaceSiteValues(
  body: string,
  values: Record<string, string>,
  file: string,
  lineOffset: number,
): { body: string; diagnostics: Diagnostic[]; used: string[] } {
  const diagnostics: Diagnostic[] = [];
  const used = new Set<string>();
  // Lines are counted as the matches go (counting from the start for each one is quadratic).
  let counted = 0;
  let line = 1 + lineOffset;
  let lineStart = 0;
  const out = body.replace(SITE_VALUE_RE, (match, key: string, offset: number) => {
    if (Object.prototype.hasOwnProperty.call(values, key)) {
      used.add(key);
      return values[key]!;
    }
    for (let i = body.indexOf("\n", counted); i >= 0 && i < offset; i = body.indexOf("\n", i + 1)) {
      line++;
      lineStart = i + 1;
    }
    counted = offset;
    const column = offset - lineStart + 1;
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
  return { body: out, diagnostics, used: [...used].sort() };
}
