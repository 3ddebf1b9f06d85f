/**
 * json-syntax: every json block parses; a failure names the line and column of the error. YAML
 * blocks parse too (code-syntax).
 */
import { parseDocument } from "yaml";
import type { BlockProblem } from "./block-check.ts";

const POSITION_RE = /position (\d+)/;

/** The problem of one JSON block, or none. */
export function checkJson(code: string): BlockProblem[] {
  try {
    JSON.parse(code);
    return [];
  } catch (e) {
    const message = (e as Error).message;
    const at = POSITION_RE.exec(message);
    const offset = at ? Number(at[1]) : code.length;
    const before = code.slice(0, offset);
    const line = before.split("\n").length;
    const column = offset - before.lastIndexOf("\n");
    return [
      {
        line,
        column,
        rule: "json-syntax",
        message: `the JSON does not parse: ${message.replace(/ in JSON at position \d+.*$/s, "")}`,
        hint: trailingComma(code, offset)
          ? "remove the comma before the closing bracket: JSON allows no trailing comma"
          : "make the block valid JSON (no comments, no trailing commas, double-quoted keys), or mark an excerpt with :no-check=REASON",
      },
    ];
  }
}

/** Whether the error is a comma followed by a closing bracket. */
function trailingComma(code: string, offset: number): boolean {
  const rest = code.slice(offset).trimStart();
  const before = code.slice(0, offset).trimEnd();
  return (rest.startsWith("}") || rest.startsWith("]")) && before.endsWith(",");
}

/** code-syntax for YAML: the block parses as one YAML document. */
export function checkYaml(code: string): BlockProblem[] {
  // Parsed, never turned into values: aliases are not expanded.
  const doc = parseDocument(code);
  const error = doc.errors[0];
  if (!error) return [];
  const at = error.linePos?.[0] ?? { line: 1, col: 1 };
  return [
    {
      line: at.line,
      column: at.col,
      rule: "code-syntax",
      message: `the YAML does not parse: ${error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")}`,
      hint: "fix the YAML so it parses as shown, or mark an excerpt with :no-check=REASON",
    },
  ];
}
