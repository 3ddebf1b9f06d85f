/**
 * Raw HTML in Markdown: the small, safe subset GitHub renders is kept (`kbd`, `br`, `sub`, `sup`,
 * `details`/`summary`, `abbr title`, `mark`, `del`/`ins`, `details open`); every other tag and
 * attribute is removed with a warning at its line (an error under --strict). Kept tags become
 * elements built here from an allow-list, never HTML passed through, so no script, event
 * attribute, style, form, frame, base or URL can reach the page whatever its casing or encoding.
 * Text between tags is HTML's (`&lt;b&gt;` shows `<b>`). Only the parents the mdast pass saw an
 * `html` node in are visited: most pages have none. The Markdown for machines is written from
 * the rebuilt tree (page-markdown.ts), so it keeps what the page keeps and no more.
 */
import type { Parent, RootContent } from "mdast";
import { parseEntities } from "parse-entities";
import { tokenizeHtml, type HtmlToken } from "./html-tags.ts";
import type { PassReport } from "./pass-report.ts";

declare module "mdast" {
  interface BreakData {
    /** A `<br>` of raw HTML, which the Markdown for machines writes as it was (a table cell needs it). */
    fromHtml?: boolean;
  }
}

/** Tags kept, each with the attributes it keeps. */
export const KEPT_TAGS: Record<string, string[]> = {
  kbd: [],
  br: [],
  sub: [],
  sup: [],
  details: ["open"],
  summary: [],
  abbr: ["title"],
  mark: [],
  del: [],
  ins: [],
};

/** The attributes a tag keeps, or undefined when the tag is removed (own keys only: `<constructor>` is no tag of ours). */
function keptAttributesOf(name: string): string[] | undefined {
  return Object.hasOwn(KEPT_TAGS, name) ? KEPT_TAGS[name] : undefined;
}

/** Tags whose content goes with them: what is inside is code, a fallback or a form, not prose. */
const CONTENT_DROPPED = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "template",
  "noscript",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "object",
  "select",
  "svg",
  "math",
]);
const VOID = new Set([
  "br",
  "wbr",
  "img",
  "hr",
  "input",
  "meta",
  "link",
  "base",
  "area",
  "col",
  "embed",
  "source",
  "track",
  "param",
]);
const MAX_NESTING = 20;

type Open = Extract<HtmlToken, { kind: "open" }>;
interface Frame {
  open?: Open;
  drop: boolean;
  children: RootContent[];
}

/** Rebuilds each parent's children with its raw HTML turned into kept elements, text, or nothing. */
export function transformRawHtml(parents: Parent[], ctx: PassReport): void {
  for (const parent of parents) {
    const children = rebuild(parent.children, ctx);
    parent.children = (FLOW_PARENTS.has(parent.type) ? paragraphs(children) : children) as never[];
    // Data marks a node a pass changed: the Markdown for machines writes it, never its source,
    // which still holds the tags removed here.
    parent.data ??= {};
  }
}

/** Parents whose children are blocks: text and inline elements from raw HTML there need a paragraph. */
const FLOW_PARENTS = new Set([
  "root",
  "blockquote",
  "listItem",
  "containerDirective",
  "footnoteDefinition",
]);
const FLOW_TAGS = new Set(["details", "summary"]);

/** Runs of inline content among blocks wrapped in paragraphs; runs of white space alone dropped. */
function paragraphs(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  let run: RootContent[] = [];
  const end = () => {
    if (run.some((n) => n.type !== "text" || n.value.trim())) {
      const first = run[0]!;
      const last = run.at(-1)!;
      if (first.type === "text") first.value = first.value.trimStart();
      if (last.type === "text") last.value = last.value.trimEnd();
      out.push({ type: "paragraph", children: run as never[] });
    }
    run = [];
  };
  for (const child of children) {
    const inline =
      child.type === "text" ||
      child.type === "break" ||
      (child.type === ("rawElement" as string) && !FLOW_TAGS.has(String(child.data?.hName)));
    if (inline) run.push(child);
    else {
      end();
      out.push(child);
    }
  }
  end();
  return out;
}

function rebuild(children: RootContent[], ctx: PassReport): RootContent[] {
  const stack: Frame[] = [{ drop: false, children: [] }];
  const top = () => stack.at(-1)!;
  const warn = (t: { line: number; column: number }, message: string, hint: string) =>
    ctx.diagnostics.push({
      file: ctx.file,
      line: t.line + ctx.lineOffset,
      column: t.column,
      rule: "raw-html",
      message,
      hint,
    });
  const removed = (t: Open) =>
    warn(
      t,
      `HTML tag <${t.name}> is removed${CONTENT_DROPPED.has(t.name) ? " with its content" : ""}: only ${Object.keys(KEPT_TAGS).join(", ")} are kept`,
      "write it in Markdown (a container, a table, a code block), or use one of the kept tags",
    );

  for (const child of children) {
    if (child.type !== "html") {
      top().children.push(child);
      continue;
    }
    const start = child.position?.start ?? { line: 1, column: 1 };
    for (const t of tokenizeHtml(child.value, start.line, start.column)) {
      if (t.kind === "text") top().children.push({ type: "text", value: parseEntities(t.value) });
      else if (t.kind === "comment") {
        // A comment is hidden on GitHub too; one that looks like a build instruction is a typo.
        if (t.value.startsWith("<!--@"))
          warn(
            t,
            `comment ${JSON.stringify(t.value.slice(0, 40))} is not an instruction the build knows`,
            "write <!--@include: ./_parts/file.md--> to include a part",
          );
      } else if (t.kind === "other")
        warn(
          t,
          `HTML ${JSON.stringify(t.value.slice(0, 40))} is removed`,
          "raw HTML is kept only for the tags listed in the README",
        );
      else if (t.kind === "open") {
        const kept = keptAttributesOf(t.name);
        if (!kept || stack.length > MAX_NESTING) {
          removed(t);
          if (CONTENT_DROPPED.has(t.name) && !t.selfClosing)
            stack.push({ open: t, drop: true, children: [] });
          continue;
        }
        const properties = keptAttributes(t, kept, warn);
        // Marked as HTML's: the Markdown for machines writes it `<br>`, as a table cell needs.
        if (VOID.has(t.name)) top().children.push({ type: "break", data: { fromHtml: true } });
        else if (t.selfClosing) top().children.push(element(t.name, properties, []));
        else
          stack.push({
            open: { ...t, attrs: Object.entries(properties) },
            drop: false,
            children: [],
          });
      } else close(t, stack, warn);
    }
  }
  while (stack.length > 1) {
    const frame = stack.pop()!;
    if (!frame.drop)
      warn(
        frame.open!,
        `HTML tag <${frame.open!.name}> is never closed here, so it is removed`,
        closeHint(frame.open!.name),
      );
    if (!frame.drop) top().children.push(...frame.children);
  }
  return stack[0]!.children;
}

/** A closing tag ends the innermost frame of its name; frames it skips lose their tag, not their content. */
function close(
  t: Extract<HtmlToken, { kind: "close" }>,
  stack: Frame[],
  warn: (t: { line: number; column: number }, m: string, h: string) => void,
): void {
  const at = stack.findLastIndex((f) => f.open?.name === t.name);
  if (at < 1) {
    // The opening tag of a removed element was reported already.
    if (keptAttributesOf(t.name) && !VOID.has(t.name))
      warn(
        t,
        `HTML closing tag </${t.name}> is removed: no open tag matches it here`,
        closeHint(t.name),
      );
    return;
  }
  while (stack.length - 1 > at) {
    const skipped = stack.pop()!;
    if (!skipped.drop) {
      warn(
        skipped.open!,
        `HTML tag <${skipped.open!.name}> is never closed here, so it is removed`,
        closeHint(skipped.open!.name),
      );
      stack.at(-1)!.children.push(...skipped.children);
    }
  }
  const frame = stack.pop()!;
  if (frame.drop) return;
  stack
    .at(-1)!
    .children.push(element(t.name, Object.fromEntries(frame.open!.attrs), frame.children));
}

function closeHint(name: string): string {
  return `close it in the same paragraph (<${name}>…</${name}>); around Markdown blocks, put <${name}> and </${name}> on lines of their own with blank lines around them`;
}

function keptAttributes(
  t: Open,
  kept: string[],
  warn: (t: { line: number; column: number }, m: string, h: string) => void,
): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [name, value] of t.attrs) {
    if (kept.includes(name)) properties[name] = value;
    else
      warn(
        t,
        `attribute '${name.slice(0, 30)}' of <${t.name}> is removed`,
        kept.length
          ? `<${t.name}> keeps only ${kept.join(", ")}`
          : `<${t.name}> keeps no attributes`,
      );
  }
  return properties;
}

function element(
  name: string,
  attributes: Record<string, string>,
  children: RootContent[],
): RootContent {
  // `open` is a boolean attribute: present, whatever its value.
  const hProperties = name === "details" && "open" in attributes ? { open: true } : attributes;
  return {
    type: "rawElement",
    data: { hName: name, hProperties },
    children: name === "details" ? paragraphs(children) : children,
  } as unknown as RootContent;
}
