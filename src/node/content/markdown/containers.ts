/**
 * Containers `:::tip`, `:::warning`, `:::danger`, `:::details Title` (docs/design.md §2) and
 * `::: code-group` (code-group.ts), via remark-directive.
 */
import type { RootContent } from "mdast";
import type { ContainerDirective, LeafDirective, TextDirective } from "mdast-util-directive";
import { transformCodeGroup } from "../code/code-group.ts";
import { placeOf, type PassReport } from "./pass-report.ts";

/** Container names and the title shown when none is given. */
export const CONTAINERS: Record<string, string> = {
  tip: "Tip",
  info: "Note",
  warning: "Warning",
  danger: "Danger",
  details: "Details",
};

const FENCE_RE = /^\s{0,3}(`{3,}|~{3,})/;
// One greedy group, trimmed in code: a lazy group before `\s*$` backtracks quadratically on long lines.
const OPEN_RE = /^(\s{0,3}:{3,})([ \t]*)([a-z][a-z-]*)(?:[ \t]+([^\[{\s].*))?$/;

/**
 * Rewrites VitePress's `::: name Title` and `:::name Title` to remark-directive's
 * `:::name[Title]`, outside code fences, keeping every line where it was so positions stay true.
 */
export function normalizeContainerSyntax(markdown: string): string {
  if (!markdown.includes(":::")) return markdown;
  let fence: string | null = null;
  return markdown
    .split("\n")
    .map((line) => {
      const f = FENCE_RE.exec(line);
      if (f) {
        if (fence === null) fence = f[1]!;
        else if (f[1]!.startsWith(fence[0]!) && f[1]!.length >= fence.length) fence = null;
        return line;
      }
      if (fence !== null) return line;
      const m = OPEN_RE.exec(line);
      if (!m || (!m[2] && m[4] === undefined)) return line;
      return m[4] === undefined
        ? `${m[1]}${m[3]}`
        : `${m[1]}${m[3]}[${m[4].trimEnd().replace(/[\[\]]/g, "")}]`;
    })
    .join("\n");
}

/** A container directive becomes its HTML element (a note or a disclosure), or a diagnostic. */
export function transformContainer(d: ContainerDirective, ctx: PassReport, source: string): void {
  const place = placeOf(d, ctx);
  const title = Object.hasOwn(CONTAINERS, d.name) ? CONTAINERS[d.name] : undefined;
  if (!title && d.name !== "code-group") {
    ctx.diagnostics.push({
      ...place,
      rule: "unknown-container",
      message: `unknown container ':::${d.name}'`,
      hint: `use one of ${[...Object.keys(CONTAINERS), "code-group"].map((c) => ":::" + c).join(", ")}`,
    });
    return;
  }
  if (!isClosed(d, source)) {
    ctx.diagnostics.push({
      ...place,
      rule: "unclosed-container",
      message: `container ':::${d.name}' is never closed, so it takes in the rest of the page`,
      hint: "add a line ::: where the container ends",
    });
  }
  if (!title) return transformCodeGroup(d, ctx);
  const first = d.children[0];
  let label = title;
  if (
    first &&
    first.type === "paragraph" &&
    (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
  ) {
    label = first.children.map((c) => ("value" in c ? c.value : "")).join("") || title;
    d.children.shift();
  }
  styleContainer(d, label);
}

/** Gives a known container its markup: a note (`div[role=note]` named by its title) or a disclosure. */
export function styleContainer(d: ContainerDirective, label: string): void {
  if (d.name === "details") {
    d.data = { hName: "details", hProperties: { className: ["custom-block", "details"] } };
    d.children.unshift({
      type: "paragraph",
      data: { hName: "summary" },
      children: [{ type: "text", value: label }],
    });
  } else {
    d.data = {
      hName: "div",
      hProperties: { className: ["custom-block", d.name], role: "note", ariaLabel: label },
    };
    d.children.unshift({
      type: "paragraph",
      data: { hProperties: { className: ["custom-block-title"] } },
      children: [{ type: "text", value: label }],
    });
  }
}

/** What a stray `:name` or `::name` in prose (`note:this`, `at 10:am`) gives back: its text. */
export function directiveAsText(node: TextDirective | LeafDirective): RootContent[] {
  const text = {
    type: "text" as const,
    value: (node.type === "textDirective" ? ":" : "::") + node.name,
  };
  return node.type === "textDirective"
    ? [text, ...node.children]
    : [{ type: "paragraph" as const, children: [text, ...node.children] }];
}

/**
 * Whether a container has its closing `:::` line: one stands between its last child (or its
 * opening line) and its end. An unclosed container runs to the end of the page (or of the list
 * or quote it is in) and its end position says nothing.
 */
function isClosed(d: ContainerDirective, source: string): boolean {
  const start = d.position?.start.offset;
  const end = d.position?.end.offset;
  if (start === undefined || end === undefined) return true;
  const lastChild = d.children.at(-1)?.position?.end.offset;
  const openingEnd = source.indexOf("\n", start);
  const from = lastChild ?? (openingEnd < 0 ? end : openingEnd);
  return /(^|\n)[ \t>]*:{3,}[ \t]*(\n|$)/.test(source.slice(from, end));
}
