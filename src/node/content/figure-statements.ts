/**
 * Where a page states each of Brook's figures (`{{ site.limits.stepTimeout.max }}` in its body):
 * the sentence around the figure with every value filled in, the section it is in, and the words
 * after the figure that say what it counts. The build publishes them (figures.json) so that the
 * assistant server's get_limit quotes the docs' own sentence, found where the writer put the
 * figure rather than guessed from its value (a page may state 100 for three different figures).
 */
import type { Header } from "../../shared/types.ts";
import { BUILT_IN_SITE_VALUES } from "../config/values-schema.ts";
import { SITE_VALUE_RE } from "./site-values.ts";

/** One place a page states a figure. */
export interface FigureStatement {
  /** The value's dotted name: `limits.stepTimeout.max`. */
  key: string;
  /** The sentence as Markdown, values filled in and links absolute; a table row as `header: cell` pairs. */
  sentence: string;
  /** The section's anchor ("" before the page's first `##`) and its heading (the page's title there). */
  anchor: string;
  heading: string;
  /** Whether it is a table row rather than a sentence of prose. */
  table: boolean;
  /** The words after the figure that name what it counts (`seconds`, `requests a minute per token`). */
  unit?: string;
}

/** Where the links of a sentence point: the site's origin and base, and the page's own URL. */
export interface StatementLinks {
  siteUrl: string;
  base: string;
  pageUrl: string;
}

/** Longest sentence kept whole; a longer one is cut around its figure. */
const MAX_SENTENCE_CHARS = 400;
/** Most words a unit has (`requests per second per endpoint`). */
const MAX_UNIT_WORDS = 5;

const FENCE_RE = /^(`{3,}|~{3,})/;
const HEADING_RE = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const LIST_ITEM_RE = /^(?:[-*+]|\d{1,9}[.)])[ \t]+/;
const QUOTE_RE = /^(?:>[ \t]?)+/;
const TABLE_RULE_RE = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?$/;
const HEADING_ID_RE = /[ \t]*\{#[^{}]*\}$/;
const LINK_RE = /\[([^\]]*)\]\(([^)\s]*)\)/g;
const OPEN = "\uE000";
const CLOSE = "\uE001";
/** Words that end a unit: what follows them says something else about the figure. */
const NOT_UNIT = new Set(
  (
    "by and or nor in into to at of for with from if is are was were be been the on onto before " +
    "after when while until unless each every that which than as it its so but you your default " +
    "more most less least then there this these those not no only also can may will must should " +
    "up down over under above below without within since once has have had do does"
  ).split(" "),
);
/** Words that join two words of one unit (`requests a minute`, `requests per second`). */
const JOINS = new Set(["a", "an", "per"]);

interface Block {
  lines: string[];
  table: boolean;
  /** A table row's column names, from the table's first row. */
  columns?: string[];
  anchor: string;
  heading: string;
}

/** Every statement of a figure in a body, in page order; the body is the page's Markdown with includes expanded and `{{ site.… }}` as written. */
export function figureStatements(
  body: string,
  values: Record<string, string>,
  headers: Header[],
  links: StatementLinks,
): FigureStatement[] {
  const out: FigureStatement[] = [];
  for (const block of blocksOf(body, headers, values)) {
    const text = block.table ? block.lines[0]! : block.lines.join(" ");
    for (const m of text.matchAll(SITE_VALUE_RE)) {
      const key = m[1]!;
      if (!isFigure(key, values)) continue;
      const marked = fillValues(text, values, m.index);
      const sentence = block.table
        ? rowSentence(marked, block.columns)
        : sentenceAround(marked.replace(LIST_ITEM_RE, ""));
      const unit = unitAfter(sentence.slice(sentence.indexOf(CLOSE) + 1));
      out.push({
        key,
        sentence: absoluteLinks(bounded(sentence), links).replace(/[\uE000\uE001]/g, ""),
        anchor: block.anchor,
        heading: block.heading,
        table: block.table,
        ...(unit && { unit }),
      });
    }
  }
  return out;
}

function isFigure(key: string, values: Record<string, string>): boolean {
  return (
    Object.prototype.hasOwnProperty.call(values, key) &&
    !key.startsWith("{") &&
    !(BUILT_IN_SITE_VALUES as readonly string[]).includes(key)
  );
}

/** The body's blocks of prose and table rows (code, headings and container fences are not), each with its section. */
function blocksOf(body: string, headers: Header[], values: Record<string, string>): Block[] {
  const blocks: Block[] = [];
  let section = { anchor: "", heading: "" };
  let next = 0;
  let fence: string | undefined;
  let current: Block | undefined;
  let columns: string[] | undefined;
  const end = () => {
    if (current) blocks.push(current);
    current = undefined;
  };
  for (const raw of body.split("\n")) {
    const line = raw.trim().replace(QUOTE_RE, "").trim();
    const f = FENCE_RE.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line === f[1])
        fence = undefined;
      continue;
    }
    if (f) {
      end();
      fence = f[1]!;
      continue;
    }
    const h = HEADING_RE.exec(raw);
    if (h) {
      end();
      columns = undefined;
      const level = h[1]!.length;
      if (level !== 2 && level !== 3) continue;
      // The page's headers are in page order (generated sections between them included).
      const title = comparable(fillValues(h[2]!.replace(HEADING_ID_RE, ""), values));
      const at = headers.findIndex((x, i) => i >= next && comparable(x.title) === title);
      if (at >= 0) {
        next = at + 1;
        section = { anchor: headers[at]!.slug, heading: headers[at]!.title };
      }
      continue;
    }
    if (!line || line.startsWith(":::")) {
      end();
      if (!line.startsWith("|")) columns = undefined;
      continue;
    }
    if (line.startsWith("|")) {
      end();
      if (TABLE_RULE_RE.test(line)) continue;
      if (!columns) {
        columns = cellsOf(line);
        continue;
      }
      blocks.push({ lines: [line], table: true, columns, ...section });
      continue;
    }
    columns = undefined;
    if (LIST_ITEM_RE.test(line)) end();
    current ??= { lines: [], table: false, ...section };
    current.lines.push(line);
  }
  end();
  return blocks;
}

/** A heading's words for comparison with the header the build made of it (no marks, no case). */
function comparable(title: string): string {
  return title
    .replace(LINK_RE, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The text with every known value filled in; the one at `at` between the markers. */
function fillValues(text: string, values: Record<string, string>, at = -1): string {
  return text.replace(SITE_VALUE_RE, (match, key: string, offset: number) => {
    if (!Object.prototype.hasOwnProperty.call(values, key)) return match;
    return offset === at ? OPEN + values[key]! + CLOSE : values[key]!;
  });
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** The sentence of the text that holds the marked figure. */
function sentenceAround(text: string): string {
  for (const s of segmenter.segment(text))
    // A bold lead-in (`**Cause.** Data…`) ends a sentence of its own: its closing marks are not this one's.
    if (s.segment.includes(OPEN)) return s.segment.trim().replace(/^[*_]+\s+/, "");
  return text.trim();
}

/** A table row's cells (a `\|` is part of a cell). */
function cellsOf(row: string): string[] {
  return row
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** A table row as `column: cell` pairs, the columns named by the table's first row. */
function rowSentence(row: string, columns: string[] | undefined): string {
  const cells = cellsOf(row);
  return cells.map((c, i) => (columns?.[i] ? `${columns[i]}: ${c}` : c)).join("; ");
}

/** What the words right after the figure say it counts; undefined when they say something else. */
export function unitAfter(rest: string): string | undefined {
  const plain = rest.replace(LINK_RE, "$1");
  const words = /^[- ]?([A-Za-z -]*)/.exec(plain)![1]!.split(/[ -]+/).filter(Boolean);
  const unit: string[] = [];
  for (let i = 0; i < words.length && unit.length < MAX_UNIT_WORDS; i++) {
    const w = words[i]!;
    if (!/^[a-z]+$/.test(w) || NOT_UNIT.has(w)) break;
    if (JOINS.has(w)) {
      const after = words[i + 1];
      if (
        !unit.length ||
        !after ||
        !/^[a-z]+$/.test(after) ||
        NOT_UNIT.has(after) ||
        JOINS.has(after)
      )
        break;
    }
    unit.push(w);
  }
  return unit.length ? unit.join(" ") : undefined;
}

/** A sentence of at most MAX_SENTENCE_CHARS, cut at words around its figure when longer. */
function bounded(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_CHARS) return sentence;
  const at = sentence.indexOf(OPEN);
  let start = Math.max(0, at - MAX_SENTENCE_CHARS / 2);
  let end = Math.min(sentence.length, start + MAX_SENTENCE_CHARS);
  if (end === sentence.length) start = Math.max(0, end - MAX_SENTENCE_CHARS);
  if (start > 0) start = sentence.indexOf(" ", start) + 1 || start;
  if (end < sentence.length)
    end = sentence.lastIndexOf(" ", end) > at ? sentence.lastIndexOf(" ", end) : end;
  return (start > 0 ? "…" : "") + sentence.slice(start, end) + (end < sentence.length ? "…" : "");
}

/** Links of the site (`/errors/#timeout`, `#retries`) made absolute, as in the Markdown for machines. */
function absoluteLinks(text: string, links: StatementLinks): string {
  return text.replace(LINK_RE, (whole, label: string, url: string) => {
    if (url.startsWith("#")) return `[${label}](${links.pageUrl}${url})`;
    if (url.startsWith("/") && !url.startsWith("//"))
      return `[${label}](${links.siteUrl}${links.base.slice(0, -1)}${url})`;
    return whole;
  });
}
