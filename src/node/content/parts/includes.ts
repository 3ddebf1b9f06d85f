/**
 * Includes and code imports, expanded into a page's Markdown before it is parsed (docs/design.md §8):
 * a line `<!--@include: ./_parts/auth.md-->` (optionally `#region` and `{3,12}`) is replaced by
 * that file's Markdown, includes in it expanded in turn; a line `<<< @/_snippets/verify.js`
 * (optionally `#region`, `{1,4-6}` and `[title]`) by a fenced code block of that file. Lines in
 * fenced code stay as written. Each line of the result remembers where it came from, so a
 * diagnostic names the included file and its line.
 */
import type { Diagnostic } from "../../core/errors.ts";
import {
  formatBytes,
  MAX_EXPANDED_PAGE,
  MAX_INCLUDE_DEPTH,
  MAX_INCLUDES,
  MAX_PAGE_BYTES,
} from "../limits.ts";
import { fenceOf, parseDirective, type Directive } from "./include-directive.ts";
import { parseLineRange, selectLines, type Selection } from "./regions.ts";
import { resolveContentPath, type ReadProblem, type SourceReader } from "./source-files.ts";

/** Where a line of an expanded page came from: a file, its line, and the columns added in front of it. */
export interface LineOrigin {
  file: string;
  line: number;
  shift: number;
}

/** A page's body with its includes expanded; `origins` (one per line) only when something was. */
export interface Expansion {
  body: string;
  origins?: LineOrigin[];
  diagnostics: Diagnostic[];
}

/** The page being expanded. */
export interface ExpandPage {
  file: string;
  relativePath: string;
  /** Added to body lines to make file lines (the frontmatter's lines). */
  lineOffset: number;
}

const QUICK_RE = /^[ \t]*(?:<!--[ \t]*@include:|<<<[ \t])/m;
const FENCE_RE = /^[ \t]*(`{3,}|~{3,})/;
const REGION_NAME_RE = /^[A-Za-z0-9_.-]{1,100}$/;
interface State {
  reader: SourceReader;
  out: string[];
  origins: LineOrigin[];
  diagnostics: Diagnostic[];
  count: number;
  size: number;
  stopped: boolean;
}

/** Expands the includes and imports of a body; cheap when it has none. */
export function expandIncludes(
  body: string,
  page: ExpandPage,
  reader: SourceReader | undefined,
): Expansion {
  if (!QUICK_RE.test(body)) return { body, diagnostics: [] };
  if (!reader) return { body, diagnostics: [] };
  const st: State = {
    reader,
    out: [],
    origins: [],
    diagnostics: [],
    count: 0,
    size: 0,
    stopped: false,
  };
  const lines = body.split("\n");
  expandLines(
    lines,
    (i) => page.lineOffset + i + 1,
    { display: page.file, relativePath: page.relativePath },
    "",
    [page.relativePath],
    st,
  );
  return { body: st.out.join("\n"), origins: st.origins, diagnostics: st.diagnostics };
}

/** Puts each diagnostic at its origin: the included file and line it came from. */
export function placeDiagnostic<T extends { file: string; line?: number; column?: number }>(
  d: T,
  page: ExpandPage,
  origins: LineOrigin[] | undefined,
): T {
  if (!origins || d.file !== page.file || d.line === undefined) return d;
  const origin = origins[d.line - page.lineOffset - 1];
  if (!origin) return d;
  return {
    ...d,
    file: origin.file,
    line: origin.line,
    ...(d.column !== undefined ? { column: Math.max(1, d.column - origin.shift) } : {}),
  };
}

function emit(st: State, text: string, origin: LineOrigin): void {
  if (st.stopped) return;
  st.out.push(text);
  st.origins.push(origin);
  st.size += text.length + 1;
}

function expandLines(
  lines: string[],
  lineOf: (i: number) => number,
  from: { display: string; relativePath: string },
  indent: string,
  stack: string[],
  st: State,
): void {
  let fence: string | null = null;
  for (let i = 0; i < lines.length && !st.stopped; i++) {
    const line = lines[i]!;
    const at = lineOf(i);
    const f = FENCE_RE.exec(line);
    if (f) {
      if (fence === null) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = null;
    }
    const directive = fence === null && !f ? parseDirective(line) : undefined;
    if (!directive) {
      emit(st, indent + line, { file: from.display, line: at, shift: indent.length });
      continue;
    }
    const place = {
      file: from.display,
      line: at,
      column: indent.length + directive.indent.length + 1,
    };
    const fail = (rule: string, message: string, hint: string) =>
      void st.diagnostics.push({
        ...place,
        rule,
        message: `${directive.written}: ${message}`,
        hint,
      });
    if (++st.count > MAX_INCLUDES) {
      fail(
        "include-limit",
        `a page may include or import at most ${MAX_INCLUDES} files, with everything its parts include`,
        "include fewer parts, or split the page",
      );
      st.stopped = true;
      return;
    }
    if (directive.region !== undefined && !REGION_NAME_RE.test(directive.region)) {
      fail(
        "include-region",
        `'${directive.region.slice(0, 40)}' is not a region name`,
        "name regions with letters, digits, '_', '-' and '.': #region setup",
      );
      continue;
    }
    if (directive.kind === "include" && stack.length > MAX_INCLUDE_DEPTH) {
      fail(
        "include-limit",
        `includes nest more than ${MAX_INCLUDE_DEPTH} levels deep (${stack.join(" → ")})`,
        "include the deepest parts from the page itself",
      );
      continue;
    }
    const resolved = resolveContentPath(directive.path, from.relativePath);
    if ("problem" in resolved) {
      failRead(fail, resolved.problem);
      continue;
    }
    if (directive.kind === "include" && stack.includes(resolved.path)) {
      const chain = [...stack, resolved.path].map((p) => st.reader.display("content", p));
      fail(
        "include-cycle",
        `the includes go round in a circle: ${chain.join(" → ")}`,
        "remove the include that leads back to a file already being included",
      );
      continue;
    }
    const read = st.reader.read("content", resolved.path, MAX_PAGE_BYTES);
    if ("problem" in read) {
      failRead(fail, read.problem);
      continue;
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true })
        .decode(read.bytes)
        .replace(/^\ufeff/, "")
        .replace(/\r\n?/g, "\n");
    } catch {
      fail("include-encoding", `${read.display} is not valid UTF-8`, "save the file as UTF-8");
      continue;
    }
    let range;
    if (directive.kind === "include" && directive.braces !== undefined) {
      range = parseLineRange(directive.braces);
      if (!range) {
        fail(
          "include-lines",
          `{${directive.braces}} is not a line range`,
          "write {3,12} for lines 3 to 12, {3,} from line 3, {,12} up to line 12",
        );
        continue;
      }
    }
    const selected = selectLines(text, { region: directive.region, range });
    if ("problem" in selected) {
      fail(
        selected.rule,
        `${read.display}: ${selected.problem}`,
        selected.rule === "include-region"
          ? "mark the region with #region NAME and #endregion lines in comments"
          : "fix the range in braces",
      );
      continue;
    }
    const inner = indent + directive.indent;
    const sizeBefore = st.size;
    if (directive.kind === "include") {
      expandLines(
        selected.lines,
        (k) => selected.numbers[k]!,
        { display: read.display, relativePath: resolved.path },
        inner,
        [...stack, resolved.path],
        st,
      );
    } else {
      emitCodeBlock(st, directive, resolved.path, selected, read.display, inner, place);
    }
    if (!st.stopped && st.size > MAX_EXPANDED_PAGE) {
      fail(
        "include-limit",
        `with what it includes the page passes ${formatBytes(MAX_EXPANDED_PAGE)} (this adds ${formatBytes(st.size - sizeBefore)})`,
        "include a #region or a line range instead of the whole file, or split the page",
      );
      st.stopped = true;
    }
  }
}

function failRead(
  fail: (rule: string, message: string, hint: string) => void,
  p: ReadProblem,
): void {
  const rule = {
    path: "include-path",
    missing: "include-missing",
    outside: "include-outside",
    "too-large": "include-size",
    "not-a-file": "include-not-a-file",
  }[p.kind];
  fail(rule, p.message, p.hint);
}

/** The fenced code block of an import: language from the extension (or the braces), then its options. */
function emitCodeBlock(
  st: State,
  d: Directive,
  path: string,
  selected: Selection,
  display: string,
  indent: string,
  place: { file: string; line: number },
): void {
  const { open, fence } = fenceOf(d, path, selected.lines);
  const at = { file: place.file, line: place.line, shift: indent.length };
  emit(st, indent + open, at);
  selected.lines.forEach((l, k) =>
    emit(st, indent + l, { file: display, line: selected.numbers[k]!, shift: indent.length }),
  );
  emit(st, indent + fence, at);
}
