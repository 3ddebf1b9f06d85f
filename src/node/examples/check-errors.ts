/**
 * error-shape: a `json` block that shows an error answer (`{"error": {"type", "code", …}}`, the
 * shape of every error Brook's REST API, HTTP triggers and HTTP sources answer) is one the error
 * catalogue (data/errors.yaml) describes: a known type and code that belong together, the fields
 * every error has (a `req_` id), and the message a trigger says for its code (or one that starts
 * with the error's name). What a block shows is read from its JSON: no fence option is needed.
 */
import type { BlockProblem } from "./block-check.ts";
import type { ErrorCatalogue } from "../reference/error-catalogue.ts";

const RULE = "error-shape";
const FIELDS = ["type", "code", "message", "param", "request_id"];
const REQUIRED = ["type", "code", "message", "request_id"];
const REQUEST_ID_RE = /^req_[a-z0-9]{24}$/;

type Json = Record<string, unknown>;

/** The error object of a JSON value that is an error answer, or undefined. */
export function errorAnswer(value: unknown): Json | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const { error } = value as Json;
  if (!error || typeof error !== "object" || Array.isArray(error)) return undefined;
  const e = error as Json;
  return "type" in e || "code" in e ? e : undefined;
}

/** The JSON of a block, or undefined when it does not parse (json-syntax reports that). */
export function parsedJson(code: string): unknown {
  try {
    return JSON.parse(code);
  } catch {
    return undefined;
  }
}

/** The problems of one block against the catalogue: none when it shows no error answer. */
export function checkErrorAnswer(
  code: string,
  catalogue: ErrorCatalogue,
  file: string,
): BlockProblem[] {
  const value = parsedJson(code);
  const error = errorAnswer(value);
  if (!error) return [];
  const out: BlockProblem[] = [];
  const lines = code.split("\n");
  const at = (field: string, message: string, hint: string) => {
    const i = lines.findIndex((l) => l.includes(`"${field}"`));
    out.push({ line: Math.max(i, 0) + 1, column: 1, rule: RULE, message, hint });
  };
  const fix = `the errors are described in ${file}: show one as described, or describe it there if Brook answers it`;
  const extra = Object.keys(value as Json).filter((k) => k !== "error");
  if (extra.length)
    at(extra[0]!, `an error answer holds only "error"; it has ${extra.join(", ")}`, fix);
  for (const field of Object.keys(error))
    if (!FIELDS.includes(field))
      at(field, `an error has no field ${field} (it has ${FIELDS.join(", ")})`, fix);
  const missing = REQUIRED.filter((f) => !(f in error));
  if (missing.length) at("error", `the error leaves out ${missing.join(", ")}`, fix);
  const { type, code: errorCode, message, request_id: requestId } = error;
  if (requestId !== undefined && !(typeof requestId === "string" && REQUEST_ID_RE.test(requestId)))
    at("request_id", "request_id is req_ and 24 lowercase letters and digits", fix);
  const types = Object.keys(catalogue.types);
  if (typeof type !== "string" || !catalogue.types[type]) {
    at(
      "type",
      `the error's type ${JSON.stringify(type)} is none of the catalogue's: ${types.join(", ")}`,
      fix,
    );
    return out;
  }
  const entry = typeof errorCode === "string" ? catalogue.codes[errorCode] : undefined;
  if (!entry) {
    const ofType = Object.entries(catalogue.codes)
      .filter(([, e]) => e.type === type)
      .map(([c]) => c);
    at(
      "code",
      `the error's code ${JSON.stringify(errorCode)} is no code of the catalogue; those of ${type}: ${ofType.join(", ")}`,
      fix,
    );
    return out;
  }
  if (entry.type !== type)
    at("type", `the code ${String(errorCode)} has the type ${entry.type}, not ${type}`, fix);
  if (typeof message === "string") {
    if (entry.message !== undefined && !entry.from.includes("api") && message !== entry.message)
      at(
        "message",
        `a trigger answers ${String(errorCode)} with the message ${JSON.stringify(entry.message)}`,
        fix,
      );
    else if (entry.error !== undefined && !message.startsWith(`${entry.error}: `))
      at(
        "message",
        `the message of ${String(errorCode)} starts with the error's name, "${entry.error}: "`,
        fix,
      );
  }
  return out;
}
