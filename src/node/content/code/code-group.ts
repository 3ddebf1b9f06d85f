/**
 * Code groups (docs/design.md §8): `::: code-group` around fences labelled in brackets
 * (```` ```js [Node.js] ````) becomes ARIA tabs: a `[role=tablist]` of `button[role=tab]`
 * named by the labels, and a `[role=tabpanel]` for each block. The first tab is selected; the
 * client (src/client/code-groups.ts) selects the reader's label. All panels share one grid cell,
 * so a group is as tall as its tallest panel and choosing a tab never moves the page; without
 * JavaScript (and in print) every panel shows under its label (templates/theme.css).
 */
import type { ContainerDirective } from "mdast-util-directive";
import type { Element, ElementContent } from "hast";
import type { Diagnostic } from "../../core/errors.ts";
import { fenceInfoOf, parseFenceInfo } from "./fence-info.ts";

interface GroupContext {
  file: string;
  lineOffset: number;
  diagnostics: Diagnostic[];
}

/** Checks a code group's blocks (code only, each labelled, no label twice) and marks it for the hast pass. */
export function transformCodeGroup(d: ContainerDirective, ctx: GroupContext): void {
  const at = (n: { position?: { start: { line: number; column: number } } }) => ({
    file: ctx.file,
    line: (n.position?.start.line ?? 1) + ctx.lineOffset,
    column: n.position?.start.column,
  });
  const seen = new Set<string>();
  let blocks = 0;
  for (const child of d.children) {
    if (child.type !== "code") {
      ctx.diagnostics.push({
        ...at(child),
        rule: "code-group",
        message: "a code group holds only code blocks",
        hint: "move the text out of the group, or into a comment of one of its blocks",
      });
      continue;
    }
    blocks++;
    const label = parseFenceInfo(child.lang, child.meta).title;
    if (!label) {
      ctx.diagnostics.push({
        ...at(child),
        rule: "code-group",
        message: "a code block in a code group has no label",
        hint: "name its tab after the language, in brackets: ```js [Node.js]",
      });
    } else if (seen.has(label)) {
      ctx.diagnostics.push({
        ...at(child),
        rule: "code-group",
        message: `the label '${label}' is used twice in this code group`,
        hint: "give each block of a group its own label",
      });
    }
    if (label) seen.add(label);
  }
  if (blocks === 0)
    ctx.diagnostics.push({
      ...at(d),
      rule: "code-group",
      message: "the code group has no code blocks",
      hint: "put fences with labels (```js [Node.js]) between ::: code-group and :::",
    });
  d.data = { hName: "div", hProperties: { className: ["code-group"] } };
}

/** Whether a hast element is a code group the mdast pass marked. */
export function isCodeGroup(node: Element): boolean {
  const c = node.properties.className;
  return node.tagName === "div" && Array.isArray(c) && c[0] === "code-group";
}

/** Whether an id is one a code group gave its tabs and panels (`cg2Panel3`), not a section's. */
export function isCodeGroupId(id: string): boolean {
  return /^cg\d+(?:Tab|Panel)\d+$/.test(id);
}

/**
 * Makes a marked group's blocks into tabs and panels (the `n`th group of the page). Ids carry
 * capitals, which heading slugs never have, so they cannot clash with a heading's.
 */
export function buildCodeGroup(node: Element, n: number): void {
  const blocks = node.children.filter(
    (c): c is Element => c.type === "element" && c.tagName === "pre",
  );
  const tabs: ElementContent[] = [];
  const panels: ElementContent[] = [];
  blocks.forEach((pre, i) => {
    const code = pre.children[0];
    const label = (code?.type === "element" ? fenceInfoOf(code).title : undefined) ?? "";
    const tab = `cg${n}Tab${i + 1}`;
    const panel = `cg${n}Panel${i + 1}`;
    const selected = i === 0;
    tabs.push({
      type: "element",
      tagName: "button",
      properties: {
        type: "button",
        role: "tab",
        id: tab,
        ariaSelected: selected ? "true" : "false",
        ariaControls: [panel],
        tabIndex: selected ? 0 : -1,
        dataLabel: label,
      },
      children: [{ type: "text", value: label }],
    });
    panels.push({
      type: "element",
      tagName: "div",
      properties: {
        className: ["code-group-panel"],
        role: "tabpanel",
        id: panel,
        ariaLabelledBy: [tab],
        dataLabel: label,
        ...(selected ? { dataActive: "" } : {}),
      },
      children: [pre],
    });
  });
  node.children = [
    {
      type: "element",
      tagName: "div",
      properties: { className: ["code-group-tabs"], role: "tablist" },
      children: tabs,
    },
    ...panels,
  ];
}
