/**
 * Notation comments in code (VitePress and Shiki's syntax): `// [!code ++]`, `[!code --]`,
 * `[!code focus]`, `[!code highlight]` (or `hl`), `[!code error]`, `[!code warning]`, each
 * optionally `:N` for N lines, written in the comment syntax of the block's language (`#` for
 * bash and python, `--` for SQL, `<!-- -->` for HTML). The comment is removed from the code
 * and its line marked; a comment alone on its line marks the next line(s). `[\!code …]` shows
 * the notation itself. Read with string searches, never a backtracking pattern.
 */

/** Line marks, as bits. */
export const MARK = { highlight: 1, add: 2, remove: 4, focus: 8, error: 16, warning: 32 } as const;

const KINDS: Record<string, number> = {
  "++": MARK.add,
  "--": MARK.remove,
  focus: MARK.focus,
  highlight: MARK.highlight,
  hl: MARK.highlight,
  error: MARK.error | MARK.highlight,
  warning: MARK.warning | MARK.highlight,
};

const SLASH = ["//", "/*"];
const HASH = ["#"];
/** Comment openers by Shiki language (highlight.ts LANGUAGES). */
const COMMENTS: Record<string, string[]> = {
  javascript: SLASH,
  typescript: SLASH,
  jsx: SLASH,
  tsx: SLASH,
  go: SLASH,
  json: SLASH,
  jsonc: SLASH,
  css: ["/*"],
  bash: HASH,
  shellscript: HASH,
  python: HASH,
  yaml: HASH,
  toml: HASH,
  dotenv: HASH,
  ini: ["#", ";"],
  http: ["#", "//"],
  sql: ["--", "/*"],
  html: ["<!--"],
  xml: ["<!--"],
  markdown: ["<!--"],
};
const CLOSERS: Record<string, string> = { "/*": "*/", "<!--": "-->" };
// One `[ \t]*` after the `]` unless a closer follows: two in a row split trailing spaces every way.
const NOTATION_RE =
  /^\[!code (\+\+|--|focus|highlight|hl|error|warning)(?::(\d{1,6}))?\][ \t]*(?:(\*\/|-->)[ \t]*)?$/;

/** The code without its notation comments, and each line's marks. */
export interface Notated {
  code: string;
  marks: number[];
}

/** Removes the notations of `code` written in `lang`'s comments (Shiki's language name; null: plain text, none). */
export function applyNotations(code: string, lang: string | null): Notated {
  const openers = lang ? COMMENTS[lang] : undefined;
  const source = code.split("\n");
  if (!openers || !code.includes("[!code "))
    return { code: unescape(code), marks: new Array<number>(source.length).fill(0) };
  const lines: string[] = [];
  const marks: number[] = [];
  // Marks that go on applying to the lines below (`:N`, or a comment alone on its line): for each
  // mark, how many lines it still covers. Marks are or-ed, so the longest of a kind is all that
  // counts; a list of every notation made each line's look grow with the lines above it.
  const active = new Map<number, number>();
  const keep = (mark: number, left: number) =>
    active.set(mark, Math.max(left, active.get(mark) ?? 0));
  for (const raw of source) {
    let line = raw;
    const found: { mark: number; count: number }[] = [];
    // A few notations a line at most: each look is a search of the line.
    for (
      let t = takeNotation(line, openers);
      t && found.length < 8;
      t = takeNotation(line, openers)
    ) {
      line = t.rest;
      found.push(t);
    }
    if (found.length && line.trim() === "") {
      // A comment alone on its line: the line goes, its marks go to the next lines.
      for (const f of found) keep(f.mark, f.count);
      continue;
    }
    let mark = 0;
    for (const f of found) mark |= f.mark;
    for (const [m, left] of active) {
      mark |= m;
      if (left > 1) active.set(m, left - 1);
      else active.delete(m);
    }
    for (const f of found) if (f.count > 1) keep(f.mark, f.count - 1);
    lines.push(line);
    marks.push(mark);
  }
  return { code: unescape(lines.join("\n")), marks };
}

/** The last notation of a line, when it ends the line inside a comment of the language. */
function takeNotation(
  line: string,
  openers: string[],
): { rest: string; mark: number; count: number } | undefined {
  const at = line.lastIndexOf("[!code ");
  if (at < 0) return undefined;
  const m = NOTATION_RE.exec(line.slice(at));
  if (!m) return undefined;
  const head = line.slice(0, at);
  let start = -1;
  let opener = "";
  for (const o of openers) {
    const p = head.lastIndexOf(o);
    if (p > start) {
      start = p;
      opener = o;
    }
  }
  if (start < 0) return undefined;
  const closer = CLOSERS[opener];
  if (m[3] && m[3] !== closer) return undefined;
  const before = head.slice(start + opener.length);
  // Only the notation goes when the comment says something else too.
  const rest =
    before.trim() === ""
      ? head.slice(0, start).trimEnd()
      : head.trimEnd() + (closer ? " " + closer : "");
  return { rest, mark: KINDS[m[1]!]!, count: m[2] === undefined ? 1 : Math.max(1, Number(m[2])) };
}

/** `[\!code …]` is shown as `[!code …]`. */
function unescape(code: string): string {
  return code.includes("[\\!code ") ? code.replaceAll("[\\!code ", "[!code ") : code;
}
