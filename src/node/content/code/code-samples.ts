/**
 * The code samples of a page for the example checks (src/node/examples/): every fenced block of the
 * mdast, with the code as the reader sees it (site values were replaced before parsing; [!code]
 * notation removed here as the hast pass removes it, and the lines it marks removed (`[!code --]`)
 * left empty, as the reader copies the block without them), where its fence stands, and the tab label
 * when it is in a code group. Collected on the worker that parses the page, so a page taken from
 * the cache brings its samples without being parsed again.
 */
import type { Parent, Root, RootContent, Table } from "mdast";
import type { CodeSample, FieldTable } from "../../examples/sample.ts";
import { applyNotations, MARK } from "./code-notation.ts";
import { parseFenceInfo } from "./fence-info.ts";
import { resolveLanguage } from "./highlight.ts";

/** Where a page's samples are placed: its file, route and the lines before its body. */
export interface SampleContext {
  file: string;
  route?: string;
  lineOffset: number;
}

/** The page's code blocks in document order (lines are the page's own: includes are placed later). */
export function collectSamples(tree: Root, ctx: SampleContext): CodeSample[] {
  const samples: CodeSample[] = [];
  // Iterative, as the mdast pass: the tree comes from a stranger.
  const stack: [Parent, boolean][] = [[tree, false]];
  const found: [number, Parent, boolean][] = [];
  while (stack.length) {
    const [node, inGroup] = stack.pop()!;
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i]!;
      if (child.type === "code") found.push([i, node, inGroup]);
      else if ("children" in child) {
        const group = child.type === "containerDirective" && child.name === "code-group";
        stack.push([child as Parent, inGroup || group]);
      }
    }
  }
  // The stack visits children last to first; positions put them back in document order.
  const parentOf = new Map<RootContent, [Parent, number]>(
    found.map(([i, parent]) => [parent.children[i]!, [parent, i]]),
  );
  const codes = found
    .map(([i, parent, inGroup]) => ({ node: parent.children[i]!, inGroup }))
    .sort((a, b) => (a.node.position?.start.offset ?? 0) - (b.node.position?.start.offset ?? 0));
  for (const { node, inGroup } of codes) {
    if (node.type !== "code") continue;
    const lang = node.lang ?? "";
    const info = parseFenceInfo(node.lang, node.meta);
    const sample: CodeSample = {
      lang,
      meta: node.meta ?? "",
      code: readerCode(node.value, lang),
      file: ctx.file,
      line: (node.position?.start.line ?? 1) + ctx.lineOffset,
      column: node.position?.start.column ?? 1,
      route: ctx.route ?? "",
    };
    if (inGroup && info.title) sample.label = info.title;
    if (info.noCheck) sample.noCheck = info.noCheck;
    if (info.noSchema) sample.noSchema = info.noSchema;
    const trigger = info.event ?? info.testEvent;
    if (trigger) {
      sample.event = info.testEvent ? { trigger, test: true } : { trigger };
      const table = info.event ? tableBefore(parentOf.get(node)) : undefined;
      if (table) sample.fields = fieldTable(table, sample.line - ctx.lineOffset);
    }
    if (samples.length) sample.previous = samples.length - 1;
    samples.push(sample);
  }
  return samples;
}

/** Where the blocks of a directive's nodes are reported: the directive's place, and its text. */
export interface GeneratedAt {
  file: string;
  line: number;
  column: number;
  route: string;
  /** The directive as written (`::operation{id=createWorkflow}`). */
  origin: string;
}

/** The code blocks of nodes a directive made (no positions), in document order, all placed at the directive. */
export function generatedSamples(nodes: RootContent[], at: GeneratedAt): CodeSample[] {
  const samples: CodeSample[] = [];
  const stack: [RootContent, boolean][] = nodes.map((n): [RootContent, boolean] => [n, false]);
  stack.reverse();
  while (stack.length) {
    const [node, inGroup] = stack.pop()!;
    if (node.type === "code") {
      const info = parseFenceInfo(node.lang, node.meta);
      samples.push({
        lang: node.lang ?? "",
        meta: node.meta ?? "",
        code: readerCode(node.value, node.lang ?? ""),
        file: at.file,
        line: at.line,
        column: at.column,
        route: at.route,
        ...(inGroup && info.title ? { label: info.title } : {}),
        origin: `${at.origin}, its ${blockName(info)}`,
      });
    } else if ("children" in node) {
      const group = node.type === "containerDirective" && node.name === "code-group";
      for (let i = node.children.length - 1; i >= 0; i--)
        stack.push([node.children[i] as RootContent, inGroup || group]);
    }
  }
  return samples;
}

/** How a problem names a generated block: its label, the response it shows, or its language. */
function blockName(info: ReturnType<typeof parseFenceInfo>): string {
  if (info.title) return `${info.title} block`;
  const status = info.operation?.split(":")[2];
  if (status) return `${status} response`;
  return `${info.lang || "code"} block`;
}

/**
 * The table of an event's fields: the nearest table before the block, past at most two
 * paragraphs, with no heading or other block between (dollar-event.md: a table, a sentence, the
 * event).
 */
function tableBefore(at: [Parent, number] | undefined): Table | undefined {
  if (!at) return undefined;
  const [parent, index] = at;
  let paragraphs = 0;
  for (let i = index - 1; i >= 0; i--) {
    const node = parent.children[i]!;
    if (node.type === "table") return node;
    if (node.type !== "paragraph" || ++paragraphs > 2) return undefined;
  }
  return undefined;
}

/** A field table's rows: the field names (inline code) of each row's first cell, lines relative to `fence`. */
function fieldTable(table: Table, fence: number): FieldTable {
  const line = (n: { position?: { start: { line: number } } }) =>
    (n.position?.start.line ?? fence) - fence;
  const rows = table.children.slice(1).map((row) => ({
    line: line(row),
    names: (row.children[0]?.children ?? [])
      .filter((c) => c.type === "inlineCode")
      .map((c) => (c as { value: string }).value),
  }));
  return { line: line(table), rows: rows.filter((r) => r.names.length) };
}

/**
 * A notation comment alone on its line (code-notation.ts drops the line, marking the next ones).
 * One `\s*` after the `]` unless a closer follows: two in a row split trailing spaces every way.
 */
const NOTATION_LINE_RE = /^\s*(?:\/\/|#|--|\/\*|<!--)\s*\[!code [^\]]*\]\s*(?:(?:\*\/|-->)\s*)?$/;

/**
 * The code a reader runs: notation comments out, and lines that hold only a notation or that are
 * marked removed left empty, so every line keeps its number in the page.
 */
function readerCode(value: string, lang: string): string {
  const { code, marks } = applyNotations(value, resolveLanguage(lang) ?? null);
  const raw = value.split("\n");
  const notated = code.split("\n");
  if (notated.length === raw.length && !marks.some((m) => m & MARK.remove)) return code;
  const out: string[] = [];
  let next = 0;
  for (const line of raw) {
    if (NOTATION_LINE_RE.test(line) && notated.length - next < raw.length - out.length) {
      out.push("");
      continue;
    }
    out.push(marks[next]! & MARK.remove ? "" : (notated[next] ?? ""));
    next++;
  }
  return out.join("\n");
}
