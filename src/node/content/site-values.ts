/**
 * `{{ site.KEY }}` and `{{ site.a.b }}` in Markdown bodies (docs/design.md §2, §8): replaced by the
 * site's values before parsing, so a figure or a host is written once, in the config. Any other
 * `{{ … }}` (Brook's own step expressions) stays as written.
 */
import type { SiteValueTree } from "../config/schema.ts";
import type { Diagnostic } from "../core/errors.ts";
import { propose } from "../../shared/similar.ts";

/**
 * Any `{{ site.… }}`: what follows `site.` is checked by hand, so a malformed name is an error too,
 * not text. The name ends where a non-space does: without `(?<!\s)` the lazy name and the `\s*`
 * after it split a run of spaces every way, and a line of them took time squared.
 */
export const SITE_VALUE_RE = /\{\{\s*site\.([^{}\n]*?)(?<!\s)\s*\}\}/g;

/** Whether a text reads any site value (so its final length is known only once they are in it). */
export function hasSiteValue(text: string): boolean {
  return /\{\{\s*site\./.test(text);
}

/** A value's path: names of letters, digits and `_` (not starting with a digit), joined by dots. */
const PATH_RE = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;

/** How many names a hint lists before it stops. */
const HINT_NAMES = 12;

/**
 * The tree as the pages read it: one entry per value, keyed by its dotted path
 * (`limits.httpPayload`), numbers as JavaScript writes them (`10000`, `0.0002`). Flat keys are
 * what a page's cache records and compares (src/node/pages/render-pages.ts), so a nested value is a
 * dependency like any other.
 */
export function flattenSiteValues(
  tree: SiteValueTree,
  prefix = "",
  out: Record<string, string> = {},
): Record<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "object") flattenSiteValues(value, `${prefix}${name}.`, out);
    else out[prefix + name] = String(value);
  }
  return out;
}

/** Replaces site values; unknown names, groups and malformed names become diagnostics at their line and column. */
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
  const out = body.replace(SITE_VALUE_RE, (match, path: string, offset: number) => {
    if (Object.prototype.hasOwnProperty.call(values, path)) {
      used.add(path);
      return values[path]!;
    }
    for (let i = body.indexOf("\n", counted); i >= 0 && i < offset; i = body.indexOf("\n", i + 1)) {
      line++;
      lineStart = i + 1;
    }
    counted = offset;
    diagnostics.push({
      file,
      line,
      column: offset - lineStart + 1,
      ...explainMiss(path, match, values),
    });
    return match;
  });
  return { body: out, diagnostics, used: [...used].sort() };
}

/** Why `path` is not a value, with a "did you mean" and the names that are there. */
function explainMiss(
  path: string,
  match: string,
  values: Record<string, string>,
): Pick<Diagnostic, "message" | "rule" | "hint"> {
  const keys = Object.keys(values);
  if (!PATH_RE.test(path)) {
    return {
      rule: "unknown-site-value",
      message: `'${path}' is not a site value name in ${match}`,
      hint: "a name uses letters, digits and _, and a dot goes into a group: {{ site.apiBase }}, {{ site.limits.httpPayload }}",
    };
  }
  const inside = keys.filter((k) => k.startsWith(path + "."));
  if (inside.length) {
    return {
      rule: "site-value-group",
      message: `${match} is a group of site values, not a value: only text and numbers can appear in a page`,
      hint: `name one of its values: ${list(inside.map((k) => `{{ site.${k} }}`))}`,
    };
  }
  const guess = propose(path, keys);
  // The names at the deepest level of the path that exists, so the hint lists the right group.
  let group = path.split(".").slice(0, -1);
  while (group.length && !keys.some((k) => k.startsWith(group.join(".") + ".")))
    group = group.slice(0, -1);
  const prefix = group.length ? group.join(".") + "." : "";
  const names = [
    ...new Set(
      keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length).split(".")[0]!),
    ),
  ];
  const shown = names.map((n) =>
    keys.includes(prefix + n) ? `{{ site.${prefix}${n} }}` : `site.${prefix}${n}.*`,
  );
  return {
    rule: "unknown-site-value",
    message: `unknown site value '${path}' in ${match}${guess ? `; did you mean {{ site.${guess} }}?` : ""}`,
    hint: `use one of ${list(shown)}, or add the value under \`values\` in site.config.ts`,
  };
}

function list(items: string[]): string {
  return items.length > HINT_NAMES
    ? `${items.slice(0, HINT_NAMES).join(", ")}, … (${items.length} in all)`
    : items.join(", ");
}
