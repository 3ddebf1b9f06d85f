/**
 * The built host files, read the way Netlify and Cloudflare Pages read them: `_redirects`
 * (`from to [status]`, `*` splat, `:name` placeholders) and `_headers` (a path pattern line, then
 * indented `Name: value` lines).
 */
import { validateHeaderName, validateHeaderValue } from "node:http";

/** One `_redirects` rule. */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  match: RegExp;
  /** Where the rule is in the file (1-based), for reports: its line, and the column of `to`. */
  line: number;
  column: number;
}

/** Parsed `_redirects`: the rules in file order, with the exact ones (no `*`, no `:name`) indexed. */
export interface RedirectRules {
  rules: RedirectRule[];
  /** Exact `from` → index of its first rule. */
  exact: Map<string, number>;
  /** Indexes of the rules with a splat or a placeholder. */
  patterns: number[];
}

const PATTERN_RE = /\*|:[A-Za-z_]/;

/** One `_headers` block. */
export interface HeaderRule {
  pattern: string;
  match: RegExp;
  headers: [string, string][];
}

const PART_RE = /(\*|:[A-Za-z_][A-Za-z0-9_]*)/;

/**
 * A Netlify path pattern as a regular expression: `*` is the splat, `:name` one segment. Undefined
 * for a pattern hosts do not read: a second splat or a name used twice (RegExp refuses a duplicate
 * group), or more than two placeholders in one segment (their match backtracks as a power of
 * its length; two, as in `/:file.:ext`, cost at most the square of a segment's length).
 */
export function patternToRegExp(pattern: string): RegExp | undefined {
  const names = new Set<string>();
  const segments: string[] = [];
  for (const segment of pattern.split("/")) {
    let re = "";
    let placeholders = 0;
    // split() with a capturing group: the pattern's own parts are at the odd indexes.
    for (const [i, part] of segment.split(PART_RE).entries()) {
      if (i % 2 === 0) {
        re += part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        continue;
      }
      const name = part === "*" ? "splat" : part.slice(1);
      if (names.has(name) || (part !== "*" && ++placeholders > 2)) return undefined;
      names.add(name);
      re += part === "*" ? "(?<splat>.*)" : `(?<${name}>[^/]+)`;
    }
    segments.push(re);
  }
  return new RegExp(`^${segments.join("/")}$`);
}

/** Parses `_redirects`; lines it cannot read are skipped, as the hosts do. */
export function parseRedirects(text: string): RedirectRules {
  const rules: RedirectRule[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const [from, to, status] = line.split(/\s+/);
    if (!from || !to || !from.startsWith("/")) return;
    const code = status ? parseInt(status, 10) : 301;
    if (!Number.isFinite(code)) return;
    const match = patternToRegExp(from);
    if (!match) return;
    const column = raw.indexOf(to, raw.indexOf(from) + from.length) + 1;
    rules.push({ from, to, status: code, match, line: i + 1, column });
  });
  const exact = new Map<string, number>();
  const patterns: number[] = [];
  rules.forEach((r, i) => {
    if (PATTERN_RE.test(r.from)) patterns.push(i);
    else if (!exact.has(r.from)) exact.set(r.from, i);
  });
  return { rules, exact, patterns };
}

/** No redirects. */
export const NO_REDIRECTS: RedirectRules = { rules: [], exact: new Map(), patterns: [] };

/** The first redirect rule (in file order) that matches `path`, with its placeholders filled in. */
export function matchRedirect(
  parsed: RedirectRules,
  path: string,
): { to: string; status: number } | undefined {
  let best = parsed.exact.get(path) ?? Infinity;
  let groups: Record<string, string> = {};
  for (const i of parsed.patterns) {
    if (i > best) break;
    const m = parsed.rules[i]!.match.exec(path);
    if (m) {
      best = i;
      groups = m.groups ?? {};
      break;
    }
  }
  const rule = parsed.rules[best];
  if (!rule) return undefined;
  return {
    to: rule.to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) =>
      Object.hasOwn(groups, name) ? groups[name]! : whole,
    ),
    status: rule.status,
  };
}

/** Parses `_headers`. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.split("\n")) {
    if (!raw.trim() || raw.trim().startsWith("#")) continue;
    if (!/^\s/.test(raw)) {
      const pattern = raw.trim();
      const match = patternToRegExp(pattern);
      // A block whose pattern cannot be read is skipped with its header lines.
      current = match && { pattern, match, headers: [] };
      if (current) rules.push(current);
      continue;
    }
    const i = raw.indexOf(":");
    if (!current || i < 0) continue;
    const [name, value] = [raw.slice(0, i).trim(), raw.slice(i + 1).trim()];
    try {
      // A name or value Node would refuse to send: skipped, as hosts skip what they cannot read.
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch {
      continue;
    }
    current.headers.push([name, value]);
  }
  return rules;
}

/**
 * The headers for `path`: every matching block in file order, a later block replacing a header of
 * the same name (so `/docs/v2/assets/*` overrides the `Cache-Control` of `/*`).
 */
export function headersFor(rules: HeaderRule[], path: string): Map<string, string> {
  const byLowerName = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!rule.match.test(path)) continue;
    for (const [name, value] of rule.headers) byLowerName.set(name.toLowerCase(), [name, value]);
  }
  return new Map(byLowerName.values());
}
