/**
 * The raw HTML a page keeps (raw-html.ts), written into its Markdown for machines from the same
 * rebuilt elements the page's HTML is made of: the kept tags with their kept attributes, and
 * everything the page shows as text written as text. Assistants and Markdown renderers read
 * these files with raw HTML on, so a tag the page removed or showed as text (`<img/src=x
 * onerror=…>` inside `<details>`) must never come back as markup here.
 *
 * Where a reader parses the output decides the escaping. Inline tags stand in a paragraph: their
 * content is Markdown, escaped by the serialiser, and no tag may start a line there, since
 * `<details>`, `<summary>` or a tag alone on a line would open an HTML block, where Markdown's
 * escapes no longer hold. So a disclosure is written as GitHub reads one: `<details>` and its
 * `<summary>` on lines of their own (an HTML block: the summary's text with `&`, `<`, `>`, `"` as
 * character references), its Markdown blocks after a blank line; inside a paragraph, where it
 * cannot be one, just its text.
 */
import type { Break, Nodes, Parents, Root, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import { defaultHandlers, type Handle, type State } from "mdast-util-to-markdown";

/** An element rebuilt from raw HTML: its tag and kept attributes in `data` (raw-html.ts). */
interface RawElement {
  type: "rawElement";
  data: { hName: string; hProperties: Record<string, string | boolean> };
  children: RootContent[];
}

const HTML_RE = /[&<>"]/g;

/** Text as HTML: `&`, `<`, `>` and `"` as character references. */
function htmlText(text: string): string {
  return text.replace(HTML_RE, (c) => `&#${c.charCodeAt(0)};`);
}

/** ` open`, ` title="…"`: the attributes raw-html.ts kept. */
function attributes(props: RawElement["data"]["hProperties"]): string {
  return Object.entries(props)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${htmlText(String(value))}"`))
    .join("");
}

/** A node as HTML: kept elements as tags, breaks as `<br>`, anything else by its text. */
function asHtml(node: Nodes): string {
  if (node.type === ("rawElement" as string)) {
    const el = node as unknown as RawElement;
    const { hName } = el.data;
    const inner = el.children.map(asHtml).join("");
    return `<${hName}${attributes(el.data.hProperties)}>${inner}</${hName}>`;
  }
  if (node.type === "break") return "<br>";
  return htmlText(toString(node));
}

/** Blocks written as flow, in a root of their own (nothing of the tree is changed). */
function flow(children: RootContent[], state: State, info: Parameters<Handle>[3]): string {
  return state.containerFlow({ type: "root", children } as Root, info);
}

/** A kept element: a disclosure as a block, another tag around its content (see above). */
export const rawElement: Handle = (node: RawElement, _parent, state, info) => {
  const { hName, hProperties } = node.data;
  const open = `<${hName}${attributes(hProperties)}>`;
  const inline = state.stack.includes("phrasing");
  if (hName === "details" || hName === "summary") {
    if (inline)
      return node.children
        .map((c) => state.containerPhrasing({ type: "paragraph", children: [c] } as Parents, info))
        .join(" ");
    if (hName === "summary") return asHtml(node as unknown as Nodes);
    const [first, ...rest] = node.children;
    const summary =
      first?.type === ("rawElement" as string) &&
      (first as unknown as RawElement).data.hName === "summary";
    const head = summary ? `${open}\n${asHtml(first!)}` : open;
    const body = flow(summary ? rest : node.children, state, info);
    return [head, body, `</${hName}>`].filter(Boolean).join("\n\n");
  }
  const content = state.containerPhrasing(node as unknown as Parents, info);
  // A line break right after the tag would leave it alone on its line. HTML reads a space the same.
  return `${open}${content.replace(/^[ \t]*\r?\n/, " ")}</${hName}>`;
};

/**
 * A `<br>` of raw HTML stays `<br>` (in a table cell a Markdown break cannot stand), except first
 * in its paragraph, where it would stand alone on the paragraph's first line.
 */
export const hardBreak: Handle = (node: Break, parent, state, info) => {
  if (!node.data?.fromHtml) return defaultHandlers.break(node, parent, state, info);
  return parent?.type === "paragraph" && parent.children[0] === node ? "" : "<br>";
};
