/**
 * GitHub's alerts (`> [!NOTE]`, `> [!TIP]`, `> [!IMPORTANT]`, `> [!WARNING]`, `> [!CAUTION]`,
 * also read by VitePress and Docusaurus) become the same notes as the `:::` containers, with
 * VitePress's optional title after the marker: `> [!WARNING] Mind the payload`.
 */
import type { Blockquote } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import { styleContainer } from "./containers.ts";

/** Each alert: the container it renders as and the name it is announced by. */
export const ALERTS: Record<string, { container: string; label: string }> = {
  NOTE: { container: "info", label: "Note" },
  TIP: { container: "tip", label: "Tip" },
  IMPORTANT: { container: "info", label: "Important" },
  WARNING: { container: "warning", label: "Warning" },
  CAUTION: { container: "danger", label: "Caution" },
};

const MARKER_RE = /^\[!([A-Za-z]+)\][ \t]*([^\n]*)(?:\n|$)/;

/**
 * Turns a quote that opens with an alert marker into its container, in place; false when it is
 * a plain quote. `source` is the Markdown the quote was parsed from.
 */
export function transformAlert(quote: Blockquote, source: string): boolean {
  const first = quote.children[0];
  const text = first?.type === "paragraph" ? first.children[0] : undefined;
  if (!first || first.type !== "paragraph" || text?.type !== "text") return false;
  const m = MARKER_RE.exec(text.value);
  const alert = m && ALERTS[m[1]!.toUpperCase()];
  if (!m || !alert) return false;
  const title = m[2]!.trim();
  text.value = text.value.slice(m[0].length);
  // The text now starts on the marker's next line, in the source too: checks that read a text
  // node's source (literal-syntax.ts) must not see the marker it no longer holds.
  const start = text.position?.start;
  if (text.value && start?.offset !== undefined) {
    const next = source.indexOf("\n", start.offset) + 1;
    text.position = { ...text.position!, start: { line: start.line + 1, column: 1, offset: next } };
  }
  if (!text.value) first.children.shift();
  if (!first.children.length) quote.children.shift();
  const container = quote as unknown as ContainerDirective;
  Object.assign(container, { type: "containerDirective", name: alert.container, attributes: {} });
  styleContainer(container, title || alert.label);
  return true;
}
