/**
 * event-shape: a `json` block that shows a trigger's event (`:event=http`, `:test-event=http`) is
 * that event as data/runtime.d.ts declares it (Brook.Events.*), and the table of fields a page
 * writes right before such a block names exactly the event's fields. Both are read by TypeScript's
 * checker in the step-types program (check-step-types.ts): the block is the value of a constant of
 * the event's type (step-kinds.ts), and the table's names are looked up in that type.
 */
import type * as TS from "typescript";
import type { BlockProblem } from "./block-check.ts";
import type { FieldTable } from "./sample.ts";
import { eventType, type ShownEvent } from "./step-kinds.ts";

/** Fields every event has, listed once on the event page rather than in each trigger's table. */
const COMMON = new Set(["id", "ts"]);

const RULE = "event-shape";

/** What the reader reads the block as: "an HTTP event", "a test event of a schedule trigger". */
function shownAs(event: ShownEvent): string {
  return `${event.test ? "a test event" : "an event"} of the ${event.trigger} trigger (${eventType(event)})`;
}

/** The hint of every event-shape problem. */
function hint(file: string): string {
  return `the events are declared in ${file}: show the event as declared, or change the declaration if Brook sends this`;
}

/** What the verdict of an event's block needs besides the program. */
export interface EventBlock {
  event: ShownEvent;
  fields?: FieldTable;
  /** The block's line and column of a position in the checked text. */
  at: (start: number) => { line: number; column: number };
  /** Where the type's name ends in the checked text: a diagnostic before it is the type's. */
  typeEnd: number;
  /** The declaration file as hints name it. */
  file: string;
}

/** An event's block: TypeScript's diagnostics of it as the JSON's problems, and its field table's. */
export function eventVerdict(
  ts: typeof TS,
  program: TS.Program,
  source: TS.SourceFile,
  diagnostics: readonly TS.Diagnostic[],
  block: EventBlock,
): BlockProblem[] {
  const { event, file } = block;
  const problems = diagnostics
    .filter((d) => d.start !== undefined)
    .slice(0, 5)
    .map((d) =>
      eventProblem(
        ts.flattenDiagnosticMessageText(d.messageText, " "),
        block.at(d.start!),
        d.start! < block.typeEnd,
        event,
        file,
      ),
    );
  if (!block.fields || problems.some((p) => p.line === 0)) return problems;
  const checker = program.getTypeChecker();
  const shown = shownConstant(ts, source);
  if (!shown) return problems;
  const type = checker.getTypeAtLocation(shown);
  return [...problems, ...fieldTableProblems(ts, checker, type, block.fields, event, file)];
}

/** The name of the constant an event's block is the value of (step-kinds.ts). */
function shownConstant(ts: typeof TS, source: TS.SourceFile): TS.Node | undefined {
  for (const statement of source.statements)
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === "shown") return d.name;
  return undefined;
}

/**
 * A TypeScript diagnostic of an event's block as a problem: one in the type's name added before
 * the code names no event type (the fence's trigger is unknown); the others are the JSON's (a
 * missing field is reported at the block's first line).
 */
function eventProblem(
  message: string,
  at: { line: number; column: number },
  inHead: boolean,
  event: ShownEvent,
  declarationFile: string,
): BlockProblem {
  if (inHead)
    return {
      line: 0,
      column: 1,
      rule: RULE,
      message: `:${event.test ? "test-event" : "event"}=${event.trigger} names no trigger whose event ${declarationFile} declares (${eventType(event)}: ${message})`,
      hint: "name a trigger: http, schedule, app, email, rss, source, emit or workflow-error",
    };
  return {
    ...at,
    rule: RULE,
    message: `the JSON is not ${shownAs(event)}: ${message}`,
    hint: hint(declarationFile),
  };
}

/**
 * What the field table says that the event's type does not: a name it has no field of (at its
 * row), and the fields it leaves out (at the table's first line). `id` and `ts` may be left out.
 */
function fieldTableProblems(
  ts: typeof TS,
  checker: TS.TypeChecker,
  type: TS.Type,
  table: FieldTable,
  event: ShownEvent,
  declarationFile: string,
): BlockProblem[] {
  const out: BlockProblem[] = [];
  const named = table.rows.flatMap((r) => r.names);
  for (const row of table.rows)
    for (const name of row.names)
      if (!resolves(ts, checker, type, name.split(".")))
        out.push({
          line: row.line,
          column: 1,
          rule: RULE,
          message: `the table names the field ${name}, which ${shownAs(event)} does not have`,
          hint: hint(declarationFile),
        });
  const missing = leftOut(ts, checker, type, named, "");
  if (missing.length)
    out.push({
      line: table.line,
      column: 1,
      rule: RULE,
      message: `the table of ${shownAs(event)} leaves out ${missing.length === 1 ? "its field" : "its fields"} ${missing.join(", ")}`,
      hint: `add a row for each (${hint(declarationFile)})`,
    });
  return out;
}

/** Whether a type reads as anything (`any`, or an index signature of it): every name resolves below it. */
function open(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type): boolean {
  return (
    (type.flags & ts.TypeFlags.Any) !== 0 ||
    checker.getIndexInfoOfType(type, ts.IndexKind.String) !== undefined
  );
}

/** Whether `path` names a field of `type`. */
function resolves(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type, path: string[]): boolean {
  let at = type;
  for (const part of path) {
    if (open(ts, checker, at)) return true;
    const field = checker.getPropertyOfType(at, part);
    if (!field) return false;
    at = checker.getNonNullableType(checker.getTypeOfSymbol(field));
  }
  return true;
}

/** The fields of `type` no name covers: a field is covered by its name, or by names of each of its own fields. */
function leftOut(
  ts: typeof TS,
  checker: TS.TypeChecker,
  type: TS.Type,
  named: string[],
  prefix: string,
): string[] {
  if (open(ts, checker, type)) return [];
  const out: string[] = [];
  for (const field of checker.getPropertiesOfType(type)) {
    const path = prefix + field.name;
    if (!prefix && COMMON.has(field.name)) continue;
    if (named.includes(path)) continue;
    if (!named.some((n) => n.startsWith(path + "."))) {
      out.push(path);
      continue;
    }
    const inner = checker.getNonNullableType(checker.getTypeOfSymbol(field));
    out.push(...leftOut(ts, checker, inner, named, path + "."));
  }
  return out;
}
