/**
 * A page's Markdown for machines cut where its `##` and `###` headings are, each section named by
 * the anchor its data file gives the heading (the build made both from one tree, in one order),
 * and a section's blocks as the page writes them. Lines are read, not parsed: a build writes this
 * Markdown, but a `--site` may send anything, and a scan of lines is linear whatever it sends.
 */
import type { Header } from "../../shared/types.ts";

/** A section: the intro (anchor "", level 1), then one per `##`/`###` heading. */
export interface PageSection {
  anchor: string;
  heading: string;
  level: number;
  /** The heading's line (the intro: the first line of the body after the title and description). */
  start: number;
  /** The line after the section's own text: the next heading. */
  ownEnd: number;
  /** The line after the section with its subsections: the next heading of its level or above. */
  end: number;
}

/** A block of a section: the lines between two blank lines (a code block whole). */
export interface Block {
  kind: "prose" | "list" | "quote" | "table" | "code";
  text: string;
}

/** A page's lines and sections. */
export interface SplitPage {
  lines: string[];
  sections: PageSection[];
}

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING_RE = /^(#{1,6})[ \t]+(.*)$/;
const LIST_RE = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]/;

/** For each line, whether it belongs to a fenced code block (its fences included). */
export function codeLines(lines: string[]): boolean[] {
  const code: boolean[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const f = FENCE_RE.exec(line);
    code.push(Boolean(fence || f));
    if (!fence) fence = f?.[1];
    else if (
      f &&
      f[1]![0] === fence[0] &&
      f[1]!.length >= fence.length &&
      !line.slice(f[0].length).trim()
    )
      fence = undefined;
  }
  return code;
}

/** The headings outside code blocks. */
function headingsOf(lines: string[]): { line: number; level: number; text: string }[] {
  const code = codeLines(lines);
  const out: { line: number; level: number; text: string }[] = [];
  for (const [i, line] of lines.entries()) {
    const h = code[i] ? null : HEADING_RE.exec(line);
    if (h) out.push({ line: i, level: h[1]!.length, text: h[2]!.trim() });
  }
  return out;
}

/**
 * Splits a page's Markdown: `# Title`, its description, then the body. The `##`/`###` headings
 * are the data file's headers in order; when their count differs (a page of another build), each
 * takes the anchor of the header with its text, else none.
 */
export function splitPage(markdown: string, headers: Header[], title: string): SplitPage {
  const lines = markdown.split("\n");
  const headings = headingsOf(lines);
  const titled = headings[0]?.level === 1 ? headings[0].line + 1 : 0;
  // The description is the first paragraph after the title.
  let bodyStart = titled;
  while (bodyStart < lines.length && !lines[bodyStart]!.trim()) bodyStart++;
  if (titled > 0) while (bodyStart < lines.length && lines[bodyStart]!.trim()) bodyStart++;
  const outline = headings.filter((h) => h.level === 2 || h.level === 3);
  const inOrder = outline.length === headers.length;
  const byText = new Map(headers.map((h) => [comparable(h.title), h.slug]));
  const sections: PageSection[] = [
    { anchor: "", heading: title, level: 1, start: bodyStart, ownEnd: 0, end: lines.length },
  ];
  outline.forEach((h, i) =>
    sections.push({
      anchor: inOrder ? headers[i]!.slug : (byText.get(comparable(h.text)) ?? ""),
      heading: (inOrder && headers[i]!.title) || h.text,
      level: h.level,
      start: h.line,
      ownEnd: 0,
      end: lines.length,
    }),
  );
  for (const [i, s] of sections.entries()) {
    s.ownEnd = sections[i + 1]?.start ?? lines.length;
    if (i > 0) s.end = sections.slice(i + 1).find((x) => x.level <= s.level)?.start ?? lines.length;
  }
  sections[0]!.end = sections[0]!.ownEnd;
  return { lines, sections };
}

/** A heading's words without marks or case, to match a header's plain title. */
function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The blocks of lines `from` to `to` (the heading excluded), as written. */
export function blocksOf(lines: string[], from: number, to: number): Block[] {
  const part = lines.slice(from, to);
  const code = codeLines(part);
  const blocks: Block[] = [];
  let current: string[] = [];
  let inCode = false;
  const end = () => {
    if (current.length)
      blocks.push({ kind: inCode ? "code" : kindOf(current[0]!), text: current.join("\n") });
    current = [];
  };
  for (const [i, line] of part.entries()) {
    if (code[i]) {
      if (!inCode) end();
      inCode = true;
      current.push(line);
      continue;
    }
    if (inCode) {
      end();
      inCode = false;
    }
    if (!line.trim() || HEADING_RE.test(line)) end();
    else current.push(line);
  }
  end();
  return blocks;
}

function kindOf(first: string): Block["kind"] {
  const line = first.trimStart();
  if (line.startsWith("|")) return "table";
  if (line.startsWith(">")) return "quote";
  if (LIST_RE.test(first)) return "list";
  return "prose";
}
