/**
 * Where a long inline identifier may wrap (issue 35): after its own `.`, `_` and `/` when a letter or
 * digit follows, as a `<wbr>`, so `settings.throttle.interval` or `param_out_of_range` breaks between
 * its parts and never inside a word (the stylesheet lets no word break otherwise). Short code never
 * needs one, so it gets none: the page carries the element only where a line could run out.
 */
import type { Element, ElementContent } from "hast";

/** Code shorter than this fits any line the docs are read on (a 320 px phone holds ~34 characters). */
const MIN_LENGTH = 16;
const BREAK_RE = /(?<=[._/])(?=[A-Za-z0-9])/;

/** Puts a `<wbr>` after each separator of an inline `code` element's text. */
export function addCodeBreaks(code: Element): void {
  if (!code.children.some((c) => c.type === "text" && c.value.length >= MIN_LENGTH)) return;
  const out: ElementContent[] = [];
  for (const child of code.children) {
    if (child.type !== "text" || child.value.length < MIN_LENGTH) {
      out.push(child);
      continue;
    }
    child.value.split(BREAK_RE).forEach((part, i) => {
      if (i) out.push({ type: "element", tagName: "wbr", properties: {}, children: [] });
      out.push({ type: "text", value: part });
    });
  }
  code.children = out;
}
