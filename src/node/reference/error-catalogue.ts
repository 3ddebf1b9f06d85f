/**
 * data/errors.yaml, read: every error a reader can meet, once (config `reference.errors`). Each
 * error answer's `type` (with its HTTP status) and `code` (with its type, who answers it, and for a
 * trigger the message it says), and Brook's named errors with the code a caller gets. The REST
 * description's error enums are made from it (`!errors`, openapi-values.ts), and the pages' error
 * answers and status-and-code pairs are checked against it (src/node/examples/check-errors.ts).
 */
import { z } from "zod";
import { hasSiteValue, replaceSiteValues } from "../content/site-values.ts";
import { readYamlData } from "../core/yaml-data.ts";

/** Who answers a code: the REST API, an HTTP trigger or source, or a call in a step. */
export type ErrorSource = "api" | "trigger" | "step";

/** An error answer's `type`. */
export interface ErrorType {
  status: number;
  /** What a caller does about it. */
  fix: string;
}

/** An error answer's `code`. */
export interface ErrorCode {
  type: string;
  from: ErrorSource[];
  /** The named Brook error it is (a key of `errors`). */
  error?: string;
  /** What a trigger's answer says (site values in), starting with the error's name. */
  message?: string;
  means: string;
}

/** One of Brook's named errors. */
export interface NamedError {
  /** Where it stops an event. */
  stops: ("trigger" | "queue" | "run")[];
  /** The code an HTTP caller gets. */
  code?: string;
}

/** The whole catalogue, site values in. */
export interface ErrorCatalogue {
  types: Record<string, ErrorType>;
  codes: Record<string, ErrorCode>;
  errors: Record<string, NamedError>;
}

const NAME_RE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const name = z.string().regex(NAME_RE, "a snake_case name such as rate_limited");

const catalogueSchema = z.strictObject({
  types: z.record(
    name,
    z.strictObject({ status: z.number().int().min(400).max(599), fix: z.string().min(1) }),
  ),
  codes: z.record(
    name,
    z.strictObject({
      type: name,
      from: z.array(z.enum(["api", "trigger", "step"])).min(1),
      error: z.string().min(1).optional(),
      message: z.string().min(1).optional(),
      means: z.string().min(1),
    }),
  ),
  errors: z.record(
    z.string().min(1),
    z.strictObject({
      stops: z.array(z.enum(["trigger", "queue", "run"])).min(1),
      code: name.optional(),
    }),
  ),
});

/** Deepest the file may nest (the real one: 4). */
const MAX_DEPTH = 16;

/**
 * Reads the catalogue: its shape, then that its parts refer to each other (a code's type, an
 * error's code, a code's error, a trigger message that starts with the error's name). Site values
 * are filled into its texts. A file that is not one is a BrookError with each problem at its line.
 */
export function loadErrorCatalogue(
  text: string,
  file: string,
  siteValues: Record<string, string> = {},
): ErrorCatalogue {
  const kind = {
    rule: "error-description",
    what: "the error catalogue",
    hint: "see the header of the catalogue for its shape",
    maxDepth: MAX_DEPTH,
  };
  return readYamlData<ErrorCatalogue, ErrorCatalogue>(text, file, catalogueSchema, kind, (data) => {
    const problems = crossProblems(data);
    if (problems.length) return { problems };
    const filled = fill(data, siteValues);
    return "problem" in filled ? { problems: [filled.problem] } : { value: filled };
  });
}

/** What the parts say of each other that does not hold. */
function crossProblems(c: ErrorCatalogue): [PropertyKey[], string][] {
  const out: [PropertyKey[], string][] = [];
  const statuses = new Map<number, string>();
  for (const [type, { status }] of Object.entries(c.types)) {
    const other = statuses.get(status);
    if (other) out.push([["types", type, "status"], `${status} is already ${other}'s status`]);
    statuses.set(status, type);
  }
  for (const [code, entry] of Object.entries(c.codes)) {
    if (!c.types[entry.type])
      out.push([["codes", code, "type"], `no type ${entry.type} under types`]);
    if (entry.error !== undefined && !c.errors[entry.error])
      out.push([["codes", code, "error"], `no error named ${entry.error} under errors`]);
    if (entry.message !== undefined && entry.error !== undefined)
      if (!entry.message.startsWith(`${entry.error}: `))
        out.push([
          ["codes", code, "message"],
          `a message starts with the error's name, "${entry.error}: "`,
        ]);
  }
  for (const [error, entry] of Object.entries(c.errors))
    if (entry.code !== undefined && !c.codes[entry.code])
      out.push([["errors", error, "code"], `no code ${entry.code} under codes`]);
  return out;
}

/** The catalogue with site values in its texts, or the first value that is no site value. */
function fill(
  c: ErrorCatalogue,
  values: Record<string, string>,
): ErrorCatalogue | { problem: [PropertyKey[], string] } {
  let problem: [PropertyKey[], string] | undefined;
  const text = (s: string, path: PropertyKey[]): string => {
    if (!hasSiteValue(s)) return s;
    const { body, diagnostics } = replaceSiteValues(s, values, "", 0);
    problem ??= diagnostics[0] && [path, diagnostics[0].message];
    return body;
  };
  const types = Object.fromEntries(
    Object.entries(c.types).map(([k, t]) => [k, { ...t, fix: text(t.fix, ["types", k, "fix"]) }]),
  );
  const codes = Object.fromEntries(
    Object.entries(c.codes).map(([k, e]) => [
      k,
      {
        ...e,
        means: text(e.means, ["codes", k, "means"]),
        ...(e.message !== undefined && { message: text(e.message, ["codes", k, "message"]) }),
      },
    ]),
  );
  return problem ? { problem } : { types, codes, errors: c.errors };
}

/** The codes `from` answers, in the file's order, optionally of one type. */
export function codesFrom(catalogue: ErrorCatalogue, from: ErrorSource, type?: string): string[] {
  return Object.entries(catalogue.codes)
    .filter(([, e]) => e.from.includes(from) && (type === undefined || e.type === type))
    .map(([code]) => code);
}

/** The types of the codes `from` answers, in the file's order. */
export function typesFrom(catalogue: ErrorCatalogue, from: ErrorSource): string[] {
  const used = new Set(codesFrom(catalogue, from).map((c) => catalogue.codes[c]!.type));
  return Object.keys(catalogue.types).filter((t) => used.has(t));
}
