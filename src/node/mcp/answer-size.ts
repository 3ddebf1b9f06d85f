/**
 * How large the assistant server's answers may be, and how a longer one is cut: at a block of its
 * Markdown (never inside a code block), with a note that says what was left out and how to get
 * it. Each tool's description states its bound, so a client knows what it takes in before it asks.
 */

/** The most characters each tool answers with (a page or section is cut past its bound, with a way to the rest). */
export const ANSWER_CHARS = {
  /** A page or a section of one (the longest section of the docs is 14 KB; the REST reference page 148 KB). */
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

/** A text cut to a bound: what is kept, and where the rest starts (undefined when nothing was cut). */
export interface Cut {
  text: string;
  rest?: number;
}

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The longest start of `text` within `max` characters that ends at a block (a blank line outside
 * code), else at a line; a single line longer than `max` is cut at a space.
 */
export function cutAtBlock(text: string, max: number): Cut {
  if (text.length <= max) return { text };
  let lastBlock = -1;
  let lastLine = -1;
  let fence: string | undefined;
  let at = 0;
  for (const line of text.split("\n")) {
    const end = at + line.length;
    if (end > max) break;
    const f = FENCE_RE.exec(line);
    if (fence) {
      if (
        f &&
        f[1]![0] === fence[0] &&
        f[1]!.length >= fence.length &&
        !line.slice(f[0].length).trim()
      )
        fence = undefined;
    } else if (f) fence = f[1];
    if (!fence) {
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
