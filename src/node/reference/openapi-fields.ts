/**
 * A schema of the description as the reference shows it: a tree of fields, each with its type,
 * whether it is required, its description and its facts (limits, values, default, pattern), the
 * fields of a nested object or of an array's object items as its children ("child attributes").
 */
import { SCHEMA_NAME, type JsonSchema } from "../../shared/openapi/operations.ts";

/** One field of a schema, with the fields of its object (or its items' object) under it. */
export interface FieldNode {
  name: string;
  /** The names from the schema's root: `["settings", "throttle", "limit"]` (an array's items add no step). */
  path: string[];
  type: string;
  required: boolean;
  /** The schema's own description (Markdown). */
  description: string;
  /** Its limits in words, each a sentence: `1 to 10240.`, ``One of `a`, `b`.``, ``Default `256`.``. */
  facts: string[];
  /** Its pattern (also in `facts`), which the reference keeps on one line. */
  pattern?: string;
  children: FieldNode[];
  /** The component schema its children come from (`Trigger`), when it is one. */
  object?: string;
}

/** How deep the tree goes into nested objects (the description itself stops at 64 levels). */
const MAX_DEPTH = 6;

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

const tick = (v: unknown) => "`" + String(v).replace(/`/g, "'") + "`";

/** The pattern a schema's values (or its items) match. */
export function patternOf(s: JsonSchema): string | undefined {
  const items = s.items as JsonSchema | undefined;
  const pattern = s.pattern ?? items?.pattern;
  return typeof pattern === "string" ? pattern : undefined;
}

/** The schema's limits in words, one sentence each: values, range, length, items, pattern, default. */
export function factsOf(s: JsonSchema): string[] {
  const facts: string[] = [];
  const items = s.items as JsonSchema | undefined;
  const enumValues = (s.enum as unknown[] | undefined) ?? (items?.enum as unknown[] | undefined);
  if (enumValues) facts.push(`One of ${enumValues.map(tick).join(", ")}.`);
  if (s.minimum !== undefined && s.maximum !== undefined)
    facts.push(`${s.minimum} to ${s.maximum}.`);
  else if (s.maximum !== undefined) facts.push(`At most ${s.maximum}.`);
  else if (s.minimum !== undefined && s.minimum !== 0) facts.push(`At least ${s.minimum}.`);
  if (s.minLength !== undefined && Number(s.minLength) > 0) facts.push("Not empty.");
  if (s.maxLength !== undefined) facts.push(`At most ${s.maxLength} characters.`);
  if (s.minItems !== undefined && Number(s.minItems) > 0)
    facts.push(`At least ${s.minItems} item${Number(s.minItems) === 1 ? "" : "s"}.`);
  if (s.maxItems !== undefined) facts.push(`At most ${s.maxItems} items.`);
  const pattern = patternOf(s);
  if (pattern !== undefined) facts.push(`Matches ${tick(pattern)}.`);
  if (s.default !== undefined) facts.push(`Default ${tick(JSON.stringify(s.default))}.`);
  return facts;
}

/** The schema's limits in words, as one text. */
export function limitsOf(s: JsonSchema): string {
  return factsOf(s).join(" ");
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

/** The component schema a schema was written as (`$ref: "#/components/schemas/Workflow"` → `Workflow`). */
export function objectName(s: JsonSchema | undefined): string | undefined {
  const name = s && (s as Record<symbol, unknown>)[SCHEMA_NAME];
  return typeof name === "string" ? name : undefined;
}

/** The object branch of a schema that may also be null (`oneOf: [null, object]`). */
function objectOf(s: JsonSchema): JsonSchema | undefined {
  if (s.type === "object" || s.properties || s.allOf) return s;
  return branches(s).find((b) => b.type === "object" && b.properties);
}

/** The fields of a schema as a tree, `path` before each name. */
export function fieldTree(schema: JsonSchema, path: string[] = []): FieldNode[] {
  const [props, required] = properties(schema);
  return Object.entries(props).map(([name, s]) => {
    const at = [...path, name];
    const items = s.type === "array" ? (s.items as JsonSchema | undefined) : undefined;
    const inner = items ? objectOf(items) : objectOf(s);
    const children = inner && at.length < MAX_DEPTH ? fieldTree(inner, at) : [];
    const object = children.length ? objectName(inner) : undefined;
    return {
      name,
      path: at,
      type: typeOf(s),
      required: required.includes(name),
      description: String(s.description ?? ""),
      facts: factsOf(s),
      ...(patternOf(s) !== undefined ? { pattern: patternOf(s) } : {}),
      children,
      ...(object ? { object } : {}),
    };
  });
}

/** Every field of a tree, parents before their children. */
export function eachField(tree: FieldNode[]): FieldNode[] {
  const out: FieldNode[] = [];
  const stack = [...tree].reverse();
  while (stack.length) {
    const f = stack.pop()!;
    out.push(f);
    for (let i = f.children.length - 1; i >= 0; i--) stack.push(f.children[i]!);
  }
  return out;
}
