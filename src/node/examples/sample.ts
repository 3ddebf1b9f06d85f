/** The shapes the example checks share (the contract between the stage and its checks). */
import type { Diagnostic } from "../core/errors.ts";

/** One fenced code block of a page, as a check sees it. */
export interface CodeSample {
  /** Fence language as written: bash, js, json, python, go, http, ... */
  lang: string;
  /** The rest of the fence's info string (title, {lines}, :line-numbers, :no-check=...). */
  meta: string;
  /** The code as the reader sees it: site values replaced, [!code] notation removed. */
  code: string;
  /** The file as diagnostics name it (content/api/rest/index.md, or the part it came from). */
  file: string;
  /** 1-based line and column of the opening fence in that file. */
  line: number;
  column: number;
  /** The page's route (/api/rest/). */
  route: string;
  /** The code group tab label ([cURL]), when the block is in a code group. */
  label?: string;
  /** The reason given with `:no-check=REASON`: the block is not checked, and counted. */
  noCheck?: string;
  /**
   * The event the block shows (a `json` block) or a step receives (a `js` block): the trigger
   * (`http`, `workflow-error`) from `:event=TRIGGER`, or `:test-event=TRIGGER` with `test`.
   */
  event?: { trigger: string; test?: true };
  /** The field table right before an event's block: each row's field names, lines relative to the fence. */
  fields?: FieldTable;
  /** The reason given with `:no-schema=REASON`: the JSON shows no shape Brook describes. */
  noSchema?: string;
  /** The index (in the page's samples) of the block right before this one, if any. */
  previous?: number;
  /**
   * For a block a directive wrote (`::operation`): the directive and the block, named in each
   * problem, which is reported at the directive's line (`line`, `column`), not inside the code.
   */
  origin?: string;
}

/** Where a problem at `line` (0-based, of the code) and `column` of a sample is reported, and its message. */
export function placeInSample(
  sample: CodeSample,
  line: number,
  column: number,
  message: string,
): { line: number; column: number; message: string } {
  if (sample.origin)
    return {
      line: sample.line,
      column: sample.column,
      message: `${sample.origin}, line ${line + 1}: ${message}`,
    };
  return { line: sample.line + 1 + line, column, message };
}

/** A table of an event's fields, as a page writes it before the event's JSON. */
export interface FieldTable {
  /** The header row's line, relative to the block's fence (negative: the table is above it). */
  line: number;
  /** Each row: its line (relative, as `line`) and the fields its first cell names (`data.feed`). */
  rows: { line: number; names: string[] }[];
}

/** What a check gets besides the samples. */
export interface CheckContext {
  /** Site values (apiBase and the rest), as pages read them. */
  siteValues: Record<string, string>;
  /** The JSON blocks the API check read as an operation's request or response body, by index. */
  bodies?: Map<number, "request" | "response">;
}

/** A check: rule ids of docs/design.md §9; every diagnostic has file, line, column, rule, message, hint. */
export type SampleCheck = (
  samples: CodeSample[],
  context: CheckContext,
) => Diagnostic[] | Promise<Diagnostic[]>;
