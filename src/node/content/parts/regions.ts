/**
 * The part of a file an include or a code import takes: a `#region name` … `#endregion` block
 * (in any comment syntax: `// #region`, `# #region`, `<!-- #region -->`, `-- #region`, or a
 * block comment around it) and a line range `{3,12}`. Region marker lines never reach the page.
 */

/** Lines taken from a file, with their line numbers in it (1-based). */
export interface Selection {
  lines: string[];
  numbers: number[];
}

/** A line range as written in braces: `{3,12}`, `{3,}`, `{,12}`, `{5}`. */
export interface LineRange {
  from: number;
  to: number;
}

// Linear on any line: anchored, no nested quantifiers; the comment opener is optional.
const MARKER_RE =
  /^[ \t]*(?:(?:\/\/|#|--|;|\/\*|<!--|')[ \t]*)?#(region|endregion)\b(?:[ \t]+([A-Za-z0-9_.-]+))?[ \t]*(?:\*\/|-->)?[ \t]*$/;

/** `{3,12}` (without the braces) as a range, or undefined when it is not one. */
export function parseLineRange(spec: string): LineRange | undefined {
  const m = /^(\d{1,9})?(,)?(\d{1,9})?$/.exec(spec.replace(/\s+/g, ""));
  if (!m || (m[1] === undefined && m[3] === undefined)) return undefined;
  const from = m[1] === undefined ? 1 : Number(m[1]);
  const to = m[3] !== undefined ? Number(m[3]) : m[2] ? Infinity : from;
  return from >= 1 && to >= from ? { from, to } : undefined;
}

/** The lines of a text (`\n` endings; a last empty line after a final newline is not a line). */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * The lines of `text` a region and a range select (the range counts lines of the region, or of
 * the file), without region markers; a message when the region or the range selects nothing.
 */
export function selectLines(
  text: string,
  options: { region?: string; range?: LineRange },
): Selection | { problem: string; rule: string } {
  const all = splitLines(text);
  let start = 0;
  let end = all.length;
  if (options.region !== undefined) {
    const found = findRegion(all, options.region);
    if ("problem" in found) return found;
    ({ start, end } = found);
  }
  if (options.range) {
    const count = end - start;
    const { from, to } = options.range;
    if (from > count) {
      const what = options.region !== undefined ? `region '${options.region}'` : "the file";
      return {
        rule: "include-lines",
        problem: `line ${from} is past the end: ${what} has ${count} line${count === 1 ? "" : "s"}`,
      };
    }
    end = start + Math.min(to, count);
    start = start + from - 1;
  }
  const lines: string[] = [];
  const numbers: number[] = [];
  for (let i = start; i < end; i++) {
    if (MARKER_RE.test(all[i]!)) continue;
    lines.push(all[i]!);
    numbers.push(i + 1);
  }
  return { lines, numbers };
}

/** The lines between a region's markers (start inclusive, end exclusive), nested regions counted. */
function findRegion(
  lines: string[],
  name: string,
): { start: number; end: number } | { problem: string; rule: string } {
  let open = -1;
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = MARKER_RE.exec(lines[i]!);
    if (!m) continue;
    if (open < 0) {
      if (m[1] === "region" && m[2] === name) open = i;
      continue;
    }
    if (m[1] === "region") depth++;
    else if (depth === 0) return { start: open + 1, end: i };
    else depth--;
  }
  return open < 0
    ? {
        rule: "include-region",
        problem: `there is no region '${name}' (a line '#region ${name}' in a comment)`,
      }
    : {
        rule: "include-region",
        problem: `region '${name}' is never closed (a line '#endregion' in a comment)`,
      };
}
