/**
 * A schema of the description as the reference shows it: one row per field (nested objects as
 * `settings.memory_mb`, list items as `data[].id`), each with its type, whether it is required,
 * its limits and its description.
 */
import type { JsonSchema } from "../../shared/openapi/operations.ts";

/** One row of a fields table. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** How deep the table goes into nested objects. */
const MAX_DEPTH = 3;

const branches = (s: JsonSchema): JsonSchema[] => [
  ...((s.oneOf as JsonSchema[]) ?? []),
  ...((s.anyOf as JsonSchema[]) ?? []),
];

/** The schema's type in words: `integer`, `string or null`, `array of object`, `"a", "b"`. */
export function typeOf(s: JsonSchema): string {
  if (s.const !== undefined) return JSON.stringify(s.const);
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [String(s.type)] : [];
  if (!types.length && branches(s).length)
    return [...new Set(branches(s).map(typeOf))].join(" or ");
  const words = types.map((t) =>
    t === "array" && s.items ? `array of ${typeOf(s.items as JsonSchema)}` : t,
  );
  return (words.join(" or ") || "any") + (s.format ? ` (${s.format})` : "");
}

/** The schema's limits in words: one of, range, length, default. */
export function limitsOf(s: JsonSchema): string {
  const parts: string[] = [];
  const enumValues =
    (s.enum as unknown[] | undefined) ??
    ((s.items as JsonSchema | undefined)?.enum as unknown[] | undefined);
  if (enumValues) parts.push(`One of ${enumValues.map((v) => "`" + String(v) + "`").join(", ")}.`);
  if (s.minimum !== undefined && s.maximum !== undefined)
    parts.push(`${s.minimum} to ${s.maximum}.`);
  else if (s.maximum !== undefined) parts.push(`At most ${s.maximum}.`);
  else if (s.minimum !== undefined && s.minimum !== 0) parts.push(`At least ${s.minimum}.`);
  if (s.minLength !== undefined && Number(s.minLength) > 0) parts.push("Not empty.");
  if (s.maxLength !== undefined) parts.push(`At most ${s.maxLength} characters.`);
  if (s.default !== undefined) parts.push(`Default ${"`" + JSON.stringify(s.default) + "`"}.`);
  return parts.join(" ");
}

function properties(s: JsonSchema): [Record<string, JsonSchema>, string[]] {
  const props: Record<string, JsonSchema> = {
    ...((s.properties as Record<string, JsonSchema>) ?? {}),
  };
  const required = [...((s.required as string[]) ?? [])];
  for (const part of (s.allOf as JsonSchema[]) ?? []) {
    const [p, r] = properties(part);
    Object.assign(props, p);
    required.push(...r);
  }
  return [props, required];
}

/** The object branch of a schema that may also be null (`oneOf: [null, object]`). */
function objectOf(s: JsonSchema): JsonSchema | undefined {
  if (s.type === "object" || s.properties || s.allOf) return s;
  return branches(s).find((b) => b.type === "object" && b.properties);
}

/** The rows of a schema's fields, `prefix` before each name. */
export function fieldRows(schema: JsonSchema, prefix = "", depth = 0): FieldRow[] {
  const rows: FieldRow[] = [];
  const [props, required] = properties(schema);
  for (const [name, s] of Object.entries(props)) {
    const full = prefix + name;
    rows.push({
      name: full,
      type: typeOf(s),
      required: required.includes(name),
      description: [String(s.description ?? ""), limitsOf(s)].filter(Boolean).join(" "),
    });
    if (depth + 1 >= MAX_DEPTH) continue;
    const items = s.type === "array" ? (s.items as JsonSchema | undefined) : undefined;
    const inner = items ? objectOf(items) : objectOf(s);
    if (inner && Object.keys(properties(inner)[0]).length)
      rows.push(...fieldRows(inner, `${full}${items ? "[]" : ""}.`, depth + 1));
  }
  return rows;
}
