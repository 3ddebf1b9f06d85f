/**
 * How large the assistant server's answers may be, and how a longer one is cut: at a block of its
 * Markdown (never inside a code block), with a note that says what was left out and how to get
 * it. Each tool's description states its bound, so a client knows what it takes in before it asks.
 */
import { codeLines } from "./page-sections.ts";

/** The most characters each tool answers with (a page or section is cut past its bound, with a way to the rest). */
export const ANSWER_CHARS = {
  /** A page or a section of one (the longest section of the docs is 14 KB; the REST reference page 137 KB). */
  page: 24_000,
  /** One search result's passage. */
  passage: 800,
  /** One API operation (all 28 of the docs' fit, the largest 5 KB). */
  operation: 6_000,
  /** A list: the pages, the operations, the figures. */
  list: 24_000,
} as const;

/** Characters of the asker's input an error quotes back. */
const QUOTED_CHARS = 80;

/** The asker's input as an error quotes it: at most its first 80 characters, and how long it was. */
export function quoteInput(input: string): string {
  const flat = input.replace(/\s+/g, " ").trim();
  if (flat.length <= QUOTED_CHARS) return `"${flat}"`;
  return `"${flat.slice(0, QUOTED_CHARS)}…" (${input.length.toLocaleString("en-US")} characters)`;
}

/** Names a note lists (the sidebar's groups, the figures' groups): the first 12, then "…". */
export function someOf(names: string[], sep: string): string {
  return names.length > 12 ? `${names.slice(0, 12).join(sep)}${sep}…` : names.join(sep);
}

/** A text cut to a bound: what is kept, and where the rest starts (undefined when nothing was cut). */
export interface Cut {
  text: string;
  rest?: number;
}

/**
 * The longest start of `text` within `max` characters that ends at a block (a blank line outside
 * code), else at a line outside code; a single line longer than `max` is cut at a space.
 */
export function cutAtBlock(text: string, max: number): Cut {
  if (text.length <= max) return { text };
  const lines = text.split("\n");
  const code = codeLines(lines);
  let lastBlock = -1;
  let lastLine = -1;
  let at = 0;
  for (const [i, line] of lines.entries()) {
    const end = at + line.length;
    if (end > max) break;
    if (!code[i]) {
      lastLine = end;
      if (!line.trim()) lastBlock = at;
    }
    at = end + 1;
  }
  const cut = lastBlock > 0 ? lastBlock : lastLine > 0 ? lastLine : spaceBefore(text, max);
  return { text: text.slice(0, cut).trimEnd(), rest: cut };
}

function spaceBefore(text: string, max: number): number {
  const space = text.lastIndexOf(" ", max);
  return space > 0 ? space : max;
}

/**
 * As many whole lines as fit in `max` characters with the line `more(left)` that says how to get
 * the ones left out (a list of pages, operations or figures).
 */
export function cutLines(lines: string[], max: number, more: (left: number) => string): string {
  const all = lines.join("\n");
  if (all.length <= max) return all;
  // The note for every line left out is the longest one: room is kept for it.
  const room = max - more(lines.length).length;
  let size = 0;
  let kept = 0;
  while (kept < lines.length && size + lines[kept]!.length + 1 <= room)
    size += lines[kept++]!.length + 1;
  return [...lines.slice(0, kept), more(lines.length - kept)].join("\n");
}
