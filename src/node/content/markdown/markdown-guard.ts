/**
 * A linear look at a page before it is parsed. micromark resolves emphasis and brackets in time
 * that grows with the square of a run of markers, and recurses on what they nest: a few kilobytes
 * of `*` can take minutes. A run longer than any real page has fails at once instead.
 */
import type { Diagnostic } from "../../core/errors.ts";
import { MAX_BLOCK_QUOTES, MAX_LINE_NESTING, MAX_MARKER_RUN } from "../limits.ts";

const MARKERS = new Set(["*", "_", "[", "]", "(", ")", ">", ":", "!", "<"]);
const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;
/** A block quote or a footnote's text (`[^1]: …`): containers that a blank line or another block ends. */
const QUOTE_RE = /^ {0,3}(?:>|\[\^[^\]\n]*\]:)/;
/** A `:::` line of a container: its colons, and whether a name follows (it opens) or not (it closes). */
const CONTAINER_RE = /^[ \t>]*(:{3,})[ \t]*([A-Za-z])?/;

/**
 * How deeply a line opens lists and quotes: `>` and list markers at its start, and its
 * indentation (two columns a level). Nested containers cost micromark time that grows with the
 * square of their depth on every line, so depth is checked before parsing.
 */
export function lineNesting(text: string): number {
  let markers = 0;
  let columns = 0;
  let i = 0;
  for (;;) {
    const ch = text[i];
    if (ch === " ") columns++;
    else if (ch === "\t") columns += 4 - (columns % 4);
    else if (ch === ">") {
      markers++;
      if (text[i + 1] === " ") i++;
    } else if (
      (ch === "-" || ch === "*" || ch === "+") &&
      (text[i + 1] === " " || text[i + 1] === "\t")
    ) {
      markers++;
      i++;
    } else {
      const m = /^\d{1,9}[.)][ \t]/.exec(text.slice(i, i + 12));
      if (!m) break;
      markers++;
      i += m[0].length - 1;
    }
    i++;
  }
  return markers + Math.floor(columns / 2);
}

/**
 * Diagnostics for runs of one marker longer than MAX_MARKER_RUN, lines nested deeper than
 * MAX_LINE_NESTING, containers (`:::`) open more than MAX_LINE_NESTING deep, or more than
 * MAX_BLOCK_QUOTES block quotes and footnotes, outside fenced code. micromark reads each level of
 * nested containers again (1,400 lines of `:::tip` took 5 s), and each block quote or footnote
 * that a blank line ends costs it time in proportion to the page before it (8,000 quotes took
 * 9 s, 3,700 footnotes 3 s).
 */
export function checkMarkerRuns(body: string, file: string, lineOffset: number): Diagnostic[] {
  let fence: string | null = null;
  let line = lineOffset;
  // The colons of each open container, outermost first: a closing line closes the outermost one
  // it is long enough for, and every one inside it, as remark-directive reads them.
  const open: number[] = [];
  let quotes = 0;
  // Whether the line before was a quote's or a footnote's: a quote line after any other line
  // (blank, a heading, a rule, text) may start a new one, and each costs micromark the page so far.
  let inQuote = false;
  for (const text of body.split("\n")) {
    line++;
    const wasQuote = inQuote;
    inQuote = false;
    const f = FENCE_RE.exec(text);
    if (f) {
      if (fence === null) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    inQuote = QUOTE_RE.test(text);
    if (inQuote && !wasQuote && ++quotes > MAX_BLOCK_QUOTES) {
      return [
        {
          file,
          line,
          column: 1,
          rule: "too-many-quotes",
          message: `more than ${MAX_BLOCK_QUOTES} block quotes and footnotes on one page: Markdown would take too long to read them`,
          hint: "split the page, or join quotes that follow each other into one",
        },
      ];
    }
    const c = text.includes(":::") ? CONTAINER_RE.exec(text) : null;
    if (c && c[2] !== undefined && open.push(c[1]!.length) > MAX_LINE_NESTING) {
      return [
        {
          file,
          line,
          column: 1,
          rule: "nesting-depth",
          message: `this container opens inside ${MAX_LINE_NESTING} others that are still open`,
          hint: "close each container with a line ::: before the next one opens, or flatten the structure",
        },
      ];
    }
    if (c && c[2] === undefined) {
      const closed = open.findIndex((colons) => c[1]!.length >= colons);
      if (closed >= 0) open.length = closed;
    }
    if (text.length > MAX_LINE_NESTING && lineNesting(text) > MAX_LINE_NESTING) {
      return [
        {
          file,
          line,
          column: 1,
          rule: "nesting-depth",
          message: `this line opens lists and quotes more than ${MAX_LINE_NESTING} levels deep`,
          hint: "flatten the structure: split long nested lists and quotes",
        },
      ];
    }
    if (text.length <= MAX_MARKER_RUN) continue;
    let run = 1;
    for (let i = 1; i < text.length; i++) {
      const ch = text[i]!;
      run = ch === text[i - 1] ? run + 1 : 1;
      if (run > MAX_MARKER_RUN && MARKERS.has(ch)) {
        let end = i;
        while (text[end + 1] === ch) end++;
        return [
          {
            file,
            line,
            column: i - run + 2,
            rule: "marker-run",
            message: `a run of ${end - i + run} '${ch}' characters (more than ${MAX_MARKER_RUN}): Markdown would take too long to read it`,
            hint: "shorten the run, or put it in a code block or inline code",
          },
        ];
      }
    }
  }
  return [];
}
