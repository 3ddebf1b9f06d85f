/**
 * Markdown for machines (docs/design.md §8): a page's mdast, after includes, site values and the mdast
 * pass, written back as plain CommonMark + GFM that any reader understands. Containers become
 * quotes opening with their bold title, a code group each fence under its bold label, badges
 * plain words, fences only their language (the code as it should be run: notation comments out,
 * `[!code --]` lines left out), links and images absolute, raw HTML as the page keeps it
 * (machine-html.ts) and text that looks like a tag escaped. The tree is read, never changed: the
 * HTML is made from it after.
 */
import type { Code, Definition, Image, Link, Nodes, Parents, Root, RootContent, Text } from "mdast";
import type { ContainerDirective, TextDirective } from "mdast-util-directive";
import { gfmToMarkdown } from "mdast-util-gfm";
import {
  defaultHandlers,
  toMarkdown,
  type Handle,
  type Options,
  type State,
} from "mdast-util-to-markdown";
import { MARK, applyNotations } from "../code/code-notation.ts";
import { parseFenceInfo } from "../code/fence-info.ts";
import { resolveLanguage } from "../code/highlight.ts";
import type { GeneratedBlock } from "./generated-nodes.ts";
import { hardBreak, rawElement } from "./machine-html.ts";

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;
const TAG_LIKE_RE = /<[A-Za-z!/?]/;

/**
 * A URL as written in the page (site links already carry the base) made absolute against the
 * page's URL, which each call of the serialiser carries in its options (`pageUrl`: the serialiser
 * keeps options it does not know in `state.options`).
 */
function absolute(url: string, state: State): string {
  // An anchor alone (`#retries`) becomes the page's URL with it, so the text stands on its own anywhere.
  if (SCHEME_RE.test(url)) return url;
  try {
    return new URL(url, (state.options as { pageUrl?: string }).pageUrl).href;
  } catch {
    return url;
  }
}

/** Children wrapped in a parent of their own, written as flow (nothing of the tree is changed). */
function flow(children: RootContent[], state: State, info: Parameters<Handle>[3]): string {
  return state.containerFlow({ type: "root", children } as Root, info);
}

/** A bold line: a container's title or a code block's label. */
function label(text: string): RootContent {
  return {
    type: "paragraph",
    children: [{ type: "strong", children: [{ type: "text", value: text }] }],
  };
}

const container: Handle = (node: ContainerDirective, _parent, state, info) => {
  if (node.name === "code-group") return flow(node.children, state, info);
  // The mdast pass put the title first: a paragraph with the label (a note) or the summary (details).
  const [first, ...rest] = node.children;
  const title =
    first && first.type === "paragraph"
      ? first.children.map((c) => ("value" in c ? c.value : "")).join("")
      : "";
  const children = title ? [label(title), ...rest] : node.children;
  return defaultHandlers.blockquote(
    { type: "blockquote", children: children as never },
    undefined,
    state,
    info,
  );
};

const code: Handle = (node: Code, parent, state, info) => {
  const fence = parseFenceInfo(node.lang, node.meta);
  let value = node.value;
  if (value.includes("[!code ")) {
    const notated = applyNotations(value, resolveLanguage(fence.lang) ?? null);
    const lines = notated.code.split("\n");
    value = lines.filter((_, i) => !(notated.marks[i]! & MARK.remove)).join("\n");
  } else if (value.includes("[\\!code ")) value = value.replaceAll("[\\!code ", "[!code ");
  const bare: Code = { type: "code", lang: fence.lang || null, meta: null, value };
  if (!fence.title) return defaultHandlers.code(bare, parent, state, info);
  return flow([label(fence.title), bare], state, info);
};

const badge: Handle = (node: TextDirective, parent: Parents | undefined, state, info) => {
  const text = (node.data?.hProperties as { dataBadge?: string } | undefined)?.dataBadge ?? "";
  const siblings = (parent?.children ?? []) as Nodes[];
  const i = siblings.indexOf(node as never);
  const before = siblings[i - 1];
  const after = siblings[i + 1];
  // The mdast pass took the spaces beside a heading's badge (for its slug): the words get them back.
  // Not before punctuation that closes, nor after what opens.
  const pad = (n: Nodes | undefined, word: RegExp) =>
    n && (n.type !== "text" || word.test(n.value)) ? " " : "";
  return pad(before, /[^\s([{]$/) + state.safe(text, info) + pad(after, /^[^\s.,;:!?)\]}]/);
};

// Text that no escape rule of mdast-util-to-markdown (with GFM) can touch: it starts with none of
// the characters that mean something at the start of a line, holds none of those that mean
// something anywhere, no line break, nothing that GFM would take for a link (`www.`, `://`), no
// space before a line ending and no `:` before a `/` that follows it. Most prose is such text
// (the words between two links or code spans end with a space), and skipping the escaper for it
// halves the cost.
const PLAIN_RE =
  /^[^\s\d(!#&*+\-.:<=>@[\\\]_`|~\x00-\x1f\x7f][^\t\r\n!#&*<@[\\\]_`|~\x00-\x1f\x7f]*$/;
const LINE_END_RE = /^[\r\n]/;
const text: Handle = (node: Text, parent, state, info) => {
  const v = node.value;
  const tail = v.endsWith(" ")
    ? !LINE_END_RE.test(info.after)
    : !(v.endsWith(":") && info.after.startsWith("/"));
  if (
    PLAIN_RE.test(v) &&
    tail &&
    !v.includes(":/") &&
    !/[Ww]\./.test(v) &&
    !state.stack.includes("autolink")
  )
    return v;
  return defaultHandlers.text(node, parent, state, info);
};

/** Serialisation options, made once per thread. */
function makeOptions(): Options {
  const link: Handle = (node: Link, parent, state, info) =>
    defaultHandlers.link({ ...node, url: absolute(node.url, state) }, parent, state, info);
  const image: Handle = (node: Image, parent, state, info) =>
    defaultHandlers.image({ ...node, url: absolute(node.url, state) }, parent, state, info);
  const definition: Handle = (node: Definition, parent, state, info) =>
    defaultHandlers.definition({ ...node, url: absolute(node.url, state) }, parent, state, info);
  return {
    bullet: "-",
    emphasis: "_",
    rule: "-",
    fences: true,
    listItemIndent: "one",
    extensions: [gfmToMarkdown()],
    handlers: {
      containerDirective: container,
      // The layout the build puts around generated Markdown (generated-nodes.ts): its blocks alone.
      generated: (node: GeneratedBlock, _parent, state, info) => flow(node.children, state, info),
      textDirective: badge,
      code,
      text,
      link,
      image,
      definition,
      // Raw HTML was rebuilt from its allow-list before (raw-html.ts): its elements are written
      // as the page has them (machine-html.ts); no `html` node is left to write.
      rawElement,
      break: hardBreak,
      html: () => "",
    } as Options["handlers"],
  };
}

let shared: Options | undefined;

/**
 * Whether a block holds something the Markdown for machines writes differently from its source:
 * a URL, a directive, raw HTML, fence meta or notation, or a node the mdast pass made (no position).
 */
function changes(node: Nodes): boolean {
  // Data is what the mdast pass gives a node it changed (a heading's `{#id}`, `[[toc]]`).
  if (!node.position || node.data) return true;
  switch (node.type) {
    case "link":
    case "image":
    case "definition":
    case "html":
    case "containerDirective":
    case "leafDirective":
    case "textDirective":
      return true;
    case "text":
      // Text that starts like a tag: CommonMark reads `<img/src=x onerror=…>` as text, a browser
      // and a lenient Markdown renderer as a tag. Written through the serialiser, which escapes it.
      return TAG_LIKE_RE.test(node.value);
    case "code":
      // Meta may follow the language without a space (```js{1,3}).
      return (
        Boolean(node.meta) || !/^[\w+#.-]*$/.test(node.lang ?? "") || node.value.includes("!code ")
      );
  }
  if ("children" in node) for (const c of node.children) if (changes(c)) return true;
  return false;
}

/**
 * A page's body as Markdown for machines; `pageUrl` is the page's absolute URL
 * (`https://brook.example/docs/v2/limits/`), `source` the Markdown the tree was parsed from. A
 * top-level block with nothing to change is its source as written (serialising costs about a
 * third of a parse); the others go through the serialiser, neighbours together. Lists and what
 * follows a list always do, so that two lists or a list and indented code never run together.
 */
export function bodyMarkdown(tree: Root, url: string, source?: string): string {
  // The same extensions each call (their escape patterns are compiled once), the page's URL its own.
  const options = { ...(shared ??= makeOptions()), pageUrl: url };
  if (source === undefined) return toMarkdown(tree, options);
  const parts: string[] = [];
  let run: RootContent[] = [];
  const flush = () => {
    if (run.length) parts.push(toMarkdown({ type: "root", children: run }, options).trimEnd());
    run = [];
  };
  tree.children.forEach((block, i) => {
    const start = block.position?.start.offset;
    const end = block.position?.end.offset;
    if (
      start === undefined ||
      end === undefined ||
      block.type === "list" ||
      tree.children[i - 1]?.type === "list" ||
      changes(block)
    )
      run.push(block);
    else {
      flush();
      parts.push(source.slice(start, end));
    }
  });
  flush();
  const body = parts.filter(Boolean).join("\n\n");
  return body ? body + "\n" : "";
}

// Made once per thread: the serialiser compiles its escape patterns once per options object.
let headOptions: Options | undefined;

/** The whole Markdown of a page: its title as `#`, its description, its body. */
export function pageMarkdown(title: string, description: string, body: string): string {
  const head: RootContent[] = [
    { type: "heading", depth: 1, children: [{ type: "text", value: title }] },
  ];
  if (description)
    head.push({ type: "paragraph", children: [{ type: "text", value: description }] });
  headOptions ??= { extensions: [gfmToMarkdown()] };
  return (
    toMarkdown({ type: "root", children: head }, headOptions) + (body.trim() ? "\n" + body : "")
  );
}
