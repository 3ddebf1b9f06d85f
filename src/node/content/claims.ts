/**
 * What a page's prose and tables state about Brook's errors and exit codes, for the checks of
 * src/node/examples/check-claims.ts: an HTTP status paired with an error code (a table with
 * `status` and `code` columns, or "`503` with the code `workflow_paused`" in a sentence or a
 * cell), and the exit codes a `brook` command is said to exit with ("`brook run` exits `5`").
 * Collected on the worker that parses the page, from the Markdown tree, like the code samples.
 */
import type {
  Heading,
  InlineCode,
  Parent,
  PhrasingContent,
  Root,
  Table,
  TableRow,
  Text,
} from "mdast";
import { toString } from "mdast-util-to-string";

/** A status and an error code a page pairs (and the type, in a table with a `type` column). */
export interface StatusClaim {
  kind: "status";
  status: number;
  code: string;
  type?: string;
  line: number;
  column: number;
}

/** Exit codes a page gives a `brook` command, in the section of `heading`. */
export interface ExitClaim {
  kind: "exit";
  /** The command as written after `brook` (`run`, `env set`). */
  command: string;
  codes: number[];
  heading: string;
  line: number;
  column: number;
}

/** A claim, placed in its file as diagnostics are. */
export type PageClaim = (StatusClaim | ExitClaim) & { file: string };

/** One piece of a run of text: inline code, or the text between. */
type Piece =
  { code: true; value: string; line: number; column: number } | { code: false; value: string };

const STATUS_RE = /^([1-5]\d\d)(?:\s+[A-Za-z][A-Za-z ]*)?$/;
const CODE_RE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const BROOK_RE = /^brook((?:\s+[a-z][a-z-]*)+)/;
const EXIT_RE = /\bexit(?:s|ed)?\b/i;
const CODE_WORD_RE = /\bcode\s*$/;

/** The claims of a page, in document order; lines are the page's own (`lineOffset` added). */
export function collectClaims(tree: Root, ctx: { file: string; lineOffset: number }): PageClaim[] {
  const out: PageClaim[] = [];
  let heading = "";
  const place = <T extends StatusClaim | ExitClaim>(c: T): PageClaim => ({
    ...c,
    file: ctx.file,
    line: c.line + ctx.lineOffset,
  });
  // Iterative: the tree comes from a stranger.
  const stack: Parent[] = [tree];
  const blocks: (Parent | Heading)[] = [];
  while (stack.length) {
    const node = stack.pop()!;
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i]!;
      if (child.type === "heading" || child.type === "paragraph" || child.type === "table")
        blocks.push(child as Parent);
      else if ("children" in child) stack.push(child as Parent);
    }
  }
  blocks.sort((a, b) => (a.position?.start.offset ?? 0) - (b.position?.start.offset ?? 0));
  for (const block of blocks) {
    if (block.type === "heading") {
      if ((block as Heading).depth === 2) heading = toString(block);
      continue;
    }
    if (block.type === "table") {
      out.push(...tableClaims(block as Table).map(place));
      for (const row of (block as Table).children.slice(1))
        out.push(...textClaims(pieces(row), heading).map(place));
    } else out.push(...textClaims(pieces(block), heading).map(place));
  }
  return out;
}

/** The text of a paragraph or table row as pieces; a row's cells are separated by a sentence end. */
function pieces(node: Parent): Piece[] {
  const out: Piece[] = [];
  const walk = (n: Parent | PhrasingContent): void => {
    if (n.type === "inlineCode") {
      const code = n as InlineCode;
      out.push({
        code: true,
        value: code.value,
        line: code.position?.start.line ?? 1,
        column: code.position?.start.column ?? 1,
      });
    } else if (n.type === "text") out.push({ code: false, value: (n as Text).value });
    else if ("children" in n) {
      for (const c of n.children) walk(c as PhrasingContent);
      if (n.type === "tableCell") out.push({ code: false, value: ". " });
    }
  };
  walk(node);
  return out;
}

/** Status-and-code pairs and exit codes stated in a run of text. */
function textClaims(list: Piece[], heading: string): (StatusClaim | ExitClaim)[] {
  const out: (StatusClaim | ExitClaim)[] = [];
  for (let i = 0; i < list.length; i++) {
    const p = list[i]!;
    if (!p.code) continue;
    const status = STATUS_RE.exec(p.value);
    // "`429`, code `x`", "`503` with the code `x`": the word "code" right before the code.
    if (status) {
      const text = list[i + 1];
      const code = list[i + 2];
      if (
        text &&
        !text.code &&
        CODE_WORD_RE.test(text.value) &&
        code?.code &&
        CODE_RE.test(code.value)
      )
        out.push({
          kind: "status",
          status: Number(status[1]),
          code: code.value,
          line: code.line,
          column: code.column,
        });
      continue;
    }
    const brook = BROOK_RE.exec(p.value);
    if (!brook) continue;
    // "`brook run` exits `5` for …, `1` for …": the numbers after "exit", to the next command.
    const codes: number[] = [];
    let exiting = false;
    for (let j = i + 1; j < list.length; j++) {
      const q = list[j]!;
      if (q.code && BROOK_RE.test(q.value)) break;
      if (!q.code) {
        if (EXIT_RE.test(q.value)) exiting = true;
        else if (exiting && /[.;]\s/.test(q.value)) break;
      } else if (exiting && /^\d{1,2}$/.test(q.value)) codes.push(Number(q.value));
    }
    if (codes.length)
      out.push({
        kind: "exit",
        command: brook[1]!.trim().replace(/\s+/g, " "),
        codes,
        heading,
        line: p.line,
        column: p.column,
      });
  }
  return out;
}

/** The header's column whose text matches, or -1. */
function column(header: TableRow, re: RegExp): number {
  return header.children.findIndex((cell) => re.test(toString(cell).trim()));
}

/** A table with `status` and `code` columns: each row's status with each code it names. */
function tableClaims(table: Table): StatusClaim[] {
  const [header, ...rows] = table.children;
  if (!header) return [];
  const statusAt = column(header, /^status$/i);
  const codeAt = column(header, /\bcode\b/i);
  const typeAt = column(header, /^type$/i);
  if (statusAt < 0 || codeAt < 0) return [];
  const out: StatusClaim[] = [];
  for (const row of rows) {
    const status = /\b([1-5]\d\d)\b/.exec(
      toString(row.children[statusAt] ?? { type: "text", value: "" }),
    );
    if (!status) continue;
    const type = typeAt < 0 ? undefined : codesIn(row.children[typeAt])[0]?.value;
    for (const code of codesIn(row.children[codeAt]))
      if (CODE_RE.test(code.value))
        out.push({
          kind: "status",
          status: Number(status[1]),
          code: code.value,
          ...(type !== undefined && { type }),
          line: code.line,
          column: code.column,
        });
  }
  return out;
}

/** The inline code of a cell. */
function codesIn(cell: Parent | undefined): Extract<Piece, { code: true }>[] {
  return cell ? pieces(cell).filter((p): p is Extract<Piece, { code: true }> => p.code) : [];
}
