/**
 * Syntax from GitHub and VitePress that reached the page as text, where the writer obviously
 * meant markup: `[!NOTE]` that does not open a quote, a `{#id}` that gave no heading its id,
 * `[[…]]`, an emoji shortcode GitHub does not know. Each is a warning at its line (an error
 * under --strict), never text shown to readers in silence.
 */
import type { Text } from "mdast";
import type { Diagnostic } from "../../core/errors.ts";
import { ALERTS } from "./alerts.ts";
import { isEmojiName } from "./emoji.ts";

/** What reaches the page as text, and what to tell the writer. */
const PATTERNS: { re: RegExp; message: (m: string) => string; hint: string }[] = [
  {
    re: /\[![A-Za-z]+\]/g,
    message: (m) => `'${m}' is shown as text: an alert marker only opens a quote`,
    hint: `start a quote with it, on the quote's first line: > ${Object.keys(ALERTS)
      .map((a) => `[!${a}]`)
      .join(", ")}`,
  },
  {
    re: /(?<!\{)\{#[^{}\n]*\}/g,
    message: (m) =>
      `'${m.slice(0, 40)}' is shown as text: an id applies only at the end of a heading`,
    hint: "write it at the end of a ## or ### heading line, or escape the brace: \\{#",
  },
  {
    re: /\[\[[^\[\]\n]*\]\]/g,
    message: (m) =>
      `'${m.slice(0, 40)}' is shown as text: only [[toc]], alone on its line, is read`,
    hint: "write [[toc]] on a line of its own for the page's outline, or a [link](/route/)",
  },
  {
    // Letters required, and no word or colon either side: `10:30:00` and `a::b` are not shortcodes.
    re: /(?<![\w:]):[a-z][a-z0-9_+-]*:(?![\w:])/g,
    message: (m) => `'${m}' is shown as text: it is not one of GitHub's emoji shortcodes`,
    hint: "use a shortcode GitHub knows (:tada:, :warning:, :white_check_mark:) or write the emoji itself",
  },
];

/**
 * Warns about each piece of literal syntax in a text node. The node's source is read where it
 * has one, so an escaped character (`\\[!NOTE]`) is not a warning and columns count the quote or
 * list markers before the text; `line` is the node's first line in the file.
 */
export function warnLiteralSyntax(
  node: Text,
  ctx: { file: string; diagnostics: Diagnostic[] },
  source: string,
  line: number,
): void {
  if (!/[[{:]/.test(node.value)) return;
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const text = start === undefined || end === undefined ? node.value : source.slice(start, end);
  const column = node.position?.start.column;
  for (const { re, message, hint } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      if (text[m.index - 1] === "\\" || (m[0].startsWith(":") && isEmojiName(m[0].slice(1, -1))))
        continue;
      const before = text.slice(0, m.index);
      const nl = before.lastIndexOf("\n");
      const lines = nl < 0 ? 0 : before.split("\n").length - 1;
      ctx.diagnostics.push({
        file: ctx.file,
        line: line + lines,
        column: nl >= 0 ? m.index - nl : column === undefined ? undefined : column + m.index,
        rule: "literal-syntax",
        message: message(m[0]),
        hint,
      });
    }
  }
}
