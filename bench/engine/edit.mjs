// The body edits of the benchmark: one new paragraph holding a unique marker word, put first in the
// page's body (after the frontmatter), so each save changes that page's body and nothing else.

/** The marker word of edit `n`: one token the Markdown parser keeps as it is, found by MARKER_SOURCE. */
export const marker = (n) => `bnchmrk${n}`;

/** Finds marker words in text (the page-side recorder uses the same source). */
export const MARKER_SOURCE = "bnchmrk(\\d+)";

/** `original` with a paragraph naming marker `n` at the start of its body. */
export function withMarker(original, n) {
  const sentence = `Edit ${marker(n)} of the engine benchmark changes this paragraph.\n\n`;
  const end = frontmatterEnd(original);
  return original.slice(0, end) + sentence + original.slice(end).replace(/^\n+/, "");
}

/** Index just past the frontmatter's closing `---` line (0 without frontmatter). */
function frontmatterEnd(text) {
  if (!text.startsWith("---\n") && !text.startsWith("---\r\n")) return 0;
  const close = /\r?\n---[ \t]*\r?\n/.exec(text.slice(3));
  return close ? 3 + close.index + close[0].length : 0;
}
