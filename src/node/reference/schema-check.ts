/**
 * Validates a value against a schema of the OpenAPI description (JSON Schema 2020-12, with ajv),
 * and says what is wrong the way a writer reads it: `settings.queue_size must be <= 10000`,
 * `unknown field colour`, `missing required field name`. One compiled validator per schema.
 */
import { createRequire } from "node:module";
import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type addFormatsModule from "ajv-formats";
import type { JsonSchema } from "../../shared/openapi/operations.ts";
import { safeRegExp } from "./safe-pattern.ts";

// ajv (about 250 KB once bundled) is required when the first schema is compiled, not when the
// build starts: a build whose blocks all kept their verdicts never loads it.
const requireHere = createRequire(import.meta.url);

/** One problem of a value, at a dotted field path ("" for the value itself). */
export interface SchemaProblem {
  field: string;
  message: string;
  /** What kind of problem: `required`, `additionalProperties`, `type`, `maximum`, … (ajv's keyword). */
  keyword: string;
}

let ajv: Ajv2020 | undefined;
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function validator(schema: JsonSchema): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    // OpenAPI's own keywords (example, x-…) are not JSON Schema's: not strict.
    ajv ??= (() => {
      const { Ajv2020: AjvClass } = requireHere(
        "ajv/dist/2020.js",
      ) as typeof import("ajv/dist/2020.js");
      const formats = requireHere("ajv-formats") as typeof addFormatsModule;
      const a = new AjvClass({
        strict: false,
        allErrors: true,
        validateSchema: false,
        code: { regExp: safeRegExp },
      });
      const addFormats =
        (formats as unknown as { default?: typeof addFormatsModule }).default ?? formats;
      (addFormats as unknown as (a: Ajv2020) => void)(a);
      return a;
    })();
    try {
      v = ajv.compile(schema);
    } catch {
      // A pattern safe-pattern.ts will not run: the description's check says where it is, and
      // nothing is validated against this schema meanwhile.
      v = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;
    }
    compiled.set(schema, v);
  }
  return v;
}

const dotted = (pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");

function describe(e: ErrorObject): SchemaProblem {
  const field = dotted(e.instancePath);
  const at = (name: string) => (field ? `${field}.${name}` : name);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return {
        field: at(String(p.missingProperty)),
        keyword: e.keyword,
        message: `missing required field ${at(String(p.missingProperty))}`,
      };
    case "additionalProperties":
      return {
        field: at(String(p.additionalProperty)),
        keyword: e.keyword,
        message: `unknown field ${at(String(p.additionalProperty))}`,
      };
    case "enum":
      return {
        field,
        keyword: e.keyword,
        message: `${field || "the value"} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      };
    case "const":
      return {
        field,
        keyword: e.keyword,
        message: `${field || "the value"} must be ${JSON.stringify(p.allowedValue)}`,
      };
    default:
      return {
        field,
        keyword: e.keyword,
        message: `${field || "the value"} ${e.message ?? "is invalid"}`,
      };
  }
}

/** What is wrong with `value` against `schema`: nothing when it is valid. */
export function schemaProblems(schema: JsonSchema, value: unknown): SchemaProblem[] {
  const v = validator(schema);
  if (v(value)) return [];
  const errors = v.errors ?? [];
  // A failed oneOf/anyOf reports every branch: the errors of its branches say more than it does.
  const specific = errors.filter((e) => !["oneOf", "anyOf", "if"].includes(e.keyword));
  const seen = new Set<string>();
  return (specific.length ? specific : errors)
    .map(describe)
    .filter((p) => !seen.has(p.message) && seen.add(p.message));
}
