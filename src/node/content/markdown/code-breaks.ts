/**
 * Where a long identifier of the REST reference may wrap (issue 35): after its own `.`, `_` and `/`
 * when a letter or digit follows, as a `<wbr>`, so `settings.throttle.interval` or
 * `param_out_of_range` breaks between its parts and never inside a word (the stylesheet breaks no
 * word otherwise). Short code never needs one, so it gets none; the Markdown for machines reads
 * the code's value and never sees them.
 */
import type { ElementContent } from "hast";
import type { RootContent } from "mdast";

/** Code shorter than this fits any line the docs are read on (a 320 px phone holds ~34 characters). */
const MIN_LENGTH = 16;
const BREAK_RE = /(?<=[._/])(?=[A-Za-z0-9])/;

/** Gives each long inline code of `nodes` (but a pattern, which never wraps) its break points. */
export function addCodeBreaks(nodes: RootContent[]): void {
  const stack = [...nodes];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "inlineCode") {
      const classes = node.data?.hProperties?.className;
      if (node.value.length < MIN_LENGTH || (Array.isArray(classes) && classes.includes("nowrap")))
        continue;
      const parts = node.value.split(BREAK_RE);
      if (parts.length < 2) continue;
      const children: ElementContent[] = [];
      parts.forEach((part, i) => {
        if (i) children.push({ type: "element", tagName: "wbr", properties: {}, children: [] });
        children.push({ type: "text", value: part });
      });
      node.data = { ...node.data, hChildren: children };
    } else if ("children" in node) stack.push(...(node.children as RootContent[]));
  }
}
