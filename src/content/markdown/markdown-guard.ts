/**
 * A linear look at a page before it is parsed. micromark resolves emphasis and brackets in time
 * that grows with the square of a run of markers, and recurses on what they nest: a few kilobytes
 * of `*` can take minutes. A run longer than any real page has fails at once instead.
 */
import type { Diagnostic } from "../../errors.ts";
import { MAX_LINE_NESTING, MAX_MARKER_RUN } from "../limits.ts";

const MARKERS = new Set(["*", "_", "[", "]", "(", ")", ">", ":", "!", "<"]);
const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;

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

/** Diagnostics for runs of one marker longer than MAX_MARKER_RUN, or lines nested deeper than MAX_LINE_NESTING, outside fenced code. */
export function checkMarkerRuns(body: string, file: string, lineOffset: number): Diagnostic[] {
  let fence: string | null = null;
  let line = lineOffset;
  for (const text of body.split("\n")) {
    line++;
    const f = FENCE_RE.exec(text);
    if (f) {
      if (fence === null) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
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
