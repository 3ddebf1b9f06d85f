/**
 * A code fence's info string, in VitePress's syntax (docs/design.md §8): the language, then in any
 * order a title or code-group label in brackets (`[step.js]`), highlighted lines (`{1,4-6}`) and
 * line numbers (`:line-numbers`, `:line-numbers=5`), what the block shows for the example checks
 * (`:response=ID`, `:request=ID`, `:event=TRIGGER`, `:test-event=TRIGGER`, or `:no-schema=REASON`)
 * and the opt-out of the checks with its reason (`:no-check=fragment`). Read left to right in one pass.
 */
import type { Element } from "hast";
import type { LineRange } from "../parts/regions.ts";

/** What a fence's info string asks for. */
export interface FenceInfo {
  /** The language as written (`js`), "" when there is none. */
  lang: string;
  /** The text in brackets: the block's title, or its tab label in a code group. */
  title?: string;
  /** Lines to highlight, 1-based. */
  highlight: LineRange[];
  /** The number of the first line when lines are numbered. */
  lineStart?: number;
  /** `request=ID` or `response=ID[:STATUS]` (`:response=getWorkflow`): the JSON shows that operation's body, and is checked against it. */
  operation?: string;
  /** The trigger whose event the block shows, or whose event a step receives (`:event=http`). */
  event?: string;
  /** The trigger whose test event (a file for `brook run --event`) the block shows (`:test-event=http`). */
  testEvent?: string;
  /** Why a JSON block shows no shape Brook describes (`:no-schema=third-party`). */
  noSchema?: string;
  /** Why the block is not checked (`:no-check=REASON`); a bare `:no-check` is unknown text. */
  noCheck?: string;
  /** Text that is none of these (reported, so a typo does not pass unnoticed). */
  unknown: string[];
}

const LANG_RE = /^[\w+#.-]*/;
const RANGE_RE = /^(\d{1,7})(?:-(\d{1,7}))?$/;
const MAX_TITLE = 200;
const NO_CHECK = ":no-check=";
const NO_SCHEMA = ":no-schema=";
const EVENT_RE = /^:(event|test-event)=([a-z][a-z-]*)$/;

/** Parses `lang` and `meta` of a fence (remark splits them at the first space). */
export function parseFenceInfo(lang: string | null | undefined, meta?: string | null): FenceInfo {
  const info = `${lang ?? ""}${meta ? " " + meta : ""}`;
  const name = LANG_RE.exec(info)![0];
  const out: FenceInfo = { lang: name, highlight: [], unknown: [] };
  let i = name.length;
  while (i < info.length) {
    const ch = info[i]!;
    if (ch === " " || ch === "\t") {
      i++;
      continue;
    }
    if (ch === "{" || ch === "[") {
      const close = info.indexOf(ch === "{" ? "}" : "]", i + 1);
      if (close < 0) {
        out.unknown.push(info.slice(i, i + 40));
        break;
      }
      const inner = info.slice(i + 1, close);
      if (ch === "[") out.title = inner.trim().slice(0, MAX_TITLE);
      else if (!addRanges(inner, out.highlight)) out.unknown.push(`{${inner.slice(0, 40)}}`);
      i = close + 1;
      continue;
    }
    let end = i;
    while (end < info.length && !" \t{[".includes(info[end]!)) end++;
    const token = info.slice(i, end);
    const numbers = /^:line-numbers(?:=(\d{1,7}))?$/.exec(token);
    if (numbers) out.lineStart = numbers[1] === undefined ? 1 : Number(numbers[1]);
    else if (token === ":no-line-numbers") out.lineStart = undefined;
    else if (/^:(request|response)=\w+(:\d{3})?$/.test(token)) out.operation = token.slice(1);
    else if (token.startsWith(NO_CHECK) && token.length > NO_CHECK.length)
      out.noCheck = token.slice(NO_CHECK.length, NO_CHECK.length + MAX_TITLE);
    else if (token.startsWith(NO_SCHEMA) && token.length > NO_SCHEMA.length)
      out.noSchema = token.slice(NO_SCHEMA.length, NO_SCHEMA.length + MAX_TITLE);
    else if (EVENT_RE.test(token)) {
      const [, kind, trigger] = EVENT_RE.exec(token)!;
      if (kind === "event") out.event = trigger;
      else out.testEvent = trigger;
    } else out.unknown.push(token.slice(0, 40));
    i = end;
  }
  return out;
}

/** Adds `1,4-6` to `ranges`; false when a part is not a line or a range. */
function addRanges(spec: string, ranges: LineRange[]): boolean {
  for (const part of spec.split(",")) {
    const p = part.trim();
    if (p === "") continue;
    const m = RANGE_RE.exec(p);
    if (!m) return false;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < from) return false;
    ranges.push({ from, to });
  }
  return true;
}

/** The info string of a `pre > code` element as remark-rehype left it: the language class and `data.meta`. */
export function fenceInfoOf(code: Element): FenceInfo {
  const classes = (code.properties.className as string[] | undefined) ?? [];
  const langClass = classes.find((c) => c.startsWith("language-"));
  return parseFenceInfo(
    langClass?.slice("language-".length),
    (code.data as { meta?: string } | undefined)?.meta,
  );
}
