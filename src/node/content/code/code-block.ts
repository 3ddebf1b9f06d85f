/**
 * The HTML of a code block (docs/design.md §8): its highlighted lines in a frame with the title (when
 * given), the language label and a copy button. Marked lines carry a class and a cue that is not
 * colour alone (a bar, or a `+`/`-` gutter, drawn by the stylesheet outside the copied text);
 * numbered lines carry their number as `data-line`, shown by the stylesheet (no inline style).
 */
import { MARK } from "./code-notation.ts";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** How a block is shown besides its code. */
export interface CodeBlockOptions {
  /** The label shown and kept in `data-lang`. */
  lang: string;
  title?: string;
  /** Each line's marks (code-notation.ts MARK bits). */
  marks?: number[];
  /** Number the lines from this one. */
  lineStart?: number;
}

/** A line's classes from its marks. */
function lineClass(mark: number): string {
  if (!mark) return "line";
  let c = "line";
  if (mark & MARK.highlight) c += " highlighted";
  if (mark & MARK.error) c += " error";
  else if (mark & MARK.warning) c += " warning";
  if (mark & MARK.add) c += " diff add";
  else if (mark & MARK.remove) c += " diff remove";
  if (mark & MARK.focus) c += " focused";
  return c;
}

/** A `.code-block`: title, label, copy button and `pre.shiki` (one `span.line` a line when lines are marked or numbered). */
export function codeBlockHtml(lines: string[], options: CodeBlockOptions): string {
  const label = escapeHtml(options.lang);
  const marks = options.marks;
  let all = 0;
  if (marks) for (const m of marks) all |= m;
  const frame = ["code-block"];
  if (options.title !== undefined) frame.push("has-title");
  if (options.lineStart !== undefined) frame.push("line-numbers");
  if (all) frame.push("has-marks");
  if (all & (MARK.add | MARK.remove)) frame.push("has-diff");
  if (all & MARK.focus) frame.push("has-focused");
  const start = options.lineStart;
  // A line is an element only where it carries something (a mark, a number): a page of plain
  // blocks is lighter without them (the REST reference: 55 of its 636 KB).
  const body =
    all || start !== undefined
      ? lines
          .map(
            (l, i) =>
              `<span class="${lineClass(marks?.[i] ?? 0)}"${start !== undefined ? ` data-line="${start + i}"` : ""}>${l}</span>`,
          )
          .join("\n")
      : lines.join("\n");
  return (
    `<div class="${frame.join(" ")}" data-lang="${label}">` +
    (options.title !== undefined
      ? `<div class="code-title">${escapeHtml(options.title)}</div>`
      : "") +
    `<span class="code-lang" aria-hidden="true">${label}</span>` +
    `<button type="button" class="copy" aria-label="Copy code">Copy</button>` +
    `<pre class="shiki" tabindex="0"><code>${body}</code></pre></div>`
  );
}
