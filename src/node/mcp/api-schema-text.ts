/**
 * JSON Schemas of the REST API's description as compact text an assistant reads: a shared schema
 * (`#/components/schemas/Workflow`) is named where it is used and written out once, under its
 * name, however many parameters, bodies and responses use it; the rest is written in place,
 * TypeScript-like, with each property's constraints and description.
 */
import { MAX_DEPTH, MAX_VALUES } from "../../shared/openapi/limits.ts";

type Json = Record<string, unknown>;

/** Where shared schemas live: their `$ref`s name them. */
const SCHEMA_REF = "#/components/schemas/";
const INDENT = "  ";

/** Writes schemas of one description, collecting the shared ones they name. */
export class SchemaWriter {
  /** Shared schemas named so far, in the order first named. */
  readonly named: string[] = [];
  private values = 0;

  constructor(
    private readonly spec: Json,
    private readonly what: string,
  ) {}

  /** A schema as a type: one line, or a block of lines for an object, indented by `pad`. */
  type(schema: unknown, pad = "", depth = 0): string {
    if (++this.values > MAX_VALUES || depth > MAX_DEPTH)
      throw new Error(
        `${this.what} in openapi.json nests deeper than ${MAX_DEPTH} levels or holds more than ${MAX_VALUES.toLocaleString("en-US")} values; brook-docs never publishes one that large`,
      );
    if (!isObject(schema)) return "any";
    const ref = schema.$ref;
    if (typeof ref === "string") return this.name(ref);
    const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
    if (Array.isArray(alternatives)) {
      // Alternatives that only require fields of this object: the object, then which it needs.
      if (alternatives.every(onlyRequires)) {
        const { oneOf: _o, anyOf: _a, ...base } = schema;
        const needs = alternatives.map((a) =>
          `(${(a as Json).required as string[]})`.replace(/,/g, ", "),
        );
        return `${this.type(base, pad, depth + 1)} & requires one of ${needs.join(" or ")}`;
      }
      return alternatives.map((s) => this.type(s, pad, depth + 1)).join(" | ");
    }
    if (Array.isArray(schema.allOf))
      return schema.allOf.map((s) => this.type(s, pad, depth + 1)).join(" & ");
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
    const types = Array.isArray(schema.type)
      ? schema.type.map(String)
      : [String(schema.type ?? "")];
    const own = types
      .filter((t) => t && t !== "null")
      .map((t) => this.typeNamed(t, schema, pad, depth));
    if (!own.length && !types.includes("null"))
      own.push(schema.properties ? this.object(schema, pad, depth) : "any");
    return [...own, ...(types.includes("null") ? ["null"] : [])].join(" | ");
  }

  /** A shared schema, written out once under its name. */
  define(name: string): string {
    const schemas = (this.spec.components as Json | undefined)?.schemas as Json | undefined;
    const schema = schemas?.[name];
    const about =
      isObject(schema) && typeof schema.description === "string" ? schema.description : "";
    return `${about ? `// ${about}\n` : ""}${name} = ${this.type(schema)}`;
  }

  /** Named shared schemas not yet defined, defining each once (a definition may name more). */
  definitions(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.named.length; i++) out.push(this.define(this.named[i]!));
    return out;
  }

  private name(ref: string): string {
    if (!ref.startsWith(SCHEMA_REF)) return "any";
    const name = decodeURIComponent(ref.slice(SCHEMA_REF.length));
    if (!this.named.includes(name)) this.named.push(name);
    return name;
  }

  private typeNamed(type: string, s: Json, pad: string, depth: number): string {
    if (type === "object") return this.object(s, pad, depth);
    if (type === "array") {
      const items = this.type(s.items, pad, depth + 1);
      const count = range(s.minItems, s.maxItems, "items");
      return `${/[ |&]/.test(items) && !items.startsWith("{") ? `(${items})` : items}[]${count}`;
    }
    const facts: string[] = [];
    if (typeof s.format === "string") facts.push(s.format);
    if (typeof s.pattern === "string") facts.push(`/${s.pattern}/`);
    const length = range(s.minLength, s.maxLength, "characters");
    const size = range(s.minimum, s.maximum, "");
    return `${type}${facts.length ? ` ${facts.join(" ")}` : ""}${length}${size}${
      s.default !== undefined ? ` = ${JSON.stringify(s.default)}` : ""
    }`;
  }

  private object(s: Json, pad: string, depth: number): string {
    const props = isObject(s.properties) ? s.properties : {};
    const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
    const inner = pad + INDENT;
    const lines = Object.entries(props).map(([name, p]) => {
      const about = isObject(p) && typeof p.description === "string" ? `  // ${p.description}` : "";
      return `${inner}${name}${required.has(name) ? "" : "?"}: ${this.type(p, inner, depth + 1)}${about}`;
    });
    if (isObject(s.additionalProperties))
      lines.push(`${inner}[name: string]: ${this.type(s.additionalProperties, inner, depth + 1)}`);
    return lines.length ? `{\n${lines.join("\n")}\n${pad}}` : "{}";
  }
}

/** A subschema that only lists required fields (`anyOf: [{ required: [a] }, { required: [b] }]`). */
function onlyRequires(s: unknown): boolean {
  return (
    isObject(s) &&
    Array.isArray(s.required) &&
    Object.keys(s).every((k) => k === "required" || k === "description")
  );
}

/** ` 1–100 characters`, ` ≥ 0`, or nothing. */
function range(min: unknown, max: unknown, unit: string): string {
  const lo = typeof min === "number" ? min : undefined;
  const hi = typeof max === "number" ? max : undefined;
  const u = unit ? ` ${unit}` : "";
  if (lo !== undefined && hi !== undefined) return ` (${lo}–${hi}${u})`;
  if (lo !== undefined) return ` (≥ ${lo}${u})`;
  if (hi !== undefined) return ` (≤ ${hi}${u})`;
  return "";
}

/** An object (not a list, not null). */
export function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
