/**
 * json-shape: every `json` block says what it shows, so that each one that shows a shape Brook
 * describes is checked against it. A block shows an event (`:event=TRIGGER`, `:test-event=TRIGGER`,
 * checked by event-shape), an operation's body (`:response=ID`, `:request=ID`, or right after a
 * request: api-response), an error answer (read from its JSON: error-shape), or nothing Brook
 * describes, with the reason (`:no-schema=third-party`); a block that is none of these is a
 * json-shape error at its fence. The counts by kind go into the build's summary.
 */
import type { Diagnostic } from "../core/errors.ts";
import { errorAnswer, parsedJson } from "./check-errors.ts";
import type { CodeSample } from "./sample.ts";

/** What a JSON block shows. */
export type JsonShows = "event" | "test event" | "response" | "request" | "error" | "no schema";

/** What the json blocks show: counts by kind, the reasons of those that show no schema, and the errors. */
export interface JsonShowsOutcome {
  shows: Record<string, number>;
  noSchema: Record<string, number>;
  diagnostics: Diagnostic[];
}

/** Classifies every json block (not opted out); `bodies` are the blocks the API check read as bodies. */
export function jsonShows(
  samples: CodeSample[],
  bodies: ReadonlyMap<number, "request" | "response">,
): JsonShowsOutcome {
  const shows: Record<string, number> = {};
  const noSchema: Record<string, number> = {};
  const diagnostics: Diagnostic[] = [];
  const count = (kind: JsonShows) => (shows[kind] = (shows[kind] ?? 0) + 1);
  // A part included by several pages is one block of its file: reported once.
  const reported = new Set<string>();
  samples.forEach((sample, index) => {
    if (sample.lang.toLowerCase() !== "json" || sample.noCheck !== undefined) return;
    const body = bodies.get(index);
    const value = parsedJson(sample.code);
    if (sample.event) count(sample.event.test ? "test event" : "event");
    else if (body) count(body);
    else if (errorAnswer(value)) count("error");
    else if (sample.noSchema !== undefined) {
      count("no schema");
      noSchema[sample.noSchema] = (noSchema[sample.noSchema] ?? 0) + 1;
    } else if (value === undefined) {
      // JSON that does not parse shows nothing: json-syntax reports it.
    } else if (!reported.has(`${sample.file}:${sample.line}`)) {
      reported.add(`${sample.file}:${sample.line}`);
      diagnostics.push({
        file: sample.file,
        line: sample.line,
        column: sample.column,
        rule: "json-shape",
        message:
          "the JSON block does not say what it shows, so nothing checks it against Brook's descriptions",
        hint: "mark it :event=TRIGGER, :test-event=TRIGGER, :response=OPERATION[:STATUS] or :request=OPERATION; or, when it shows nothing Brook describes, :no-schema=REASON (third-party, step-result, config)",
      });
    }
  });
  return { shows, noSchema, diagnostics };
}
