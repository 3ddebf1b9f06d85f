/**
 * The one example request of an operation, made from the description alone: the path parameters'
 * `example`, the operation's `x-example-query` (and each required query parameter's example), the
 * required headers' examples, the request body's `example`, the token an operation needs, and
 * `Accept: text/event-stream` for a stream. The REST reference renders it in every language
 * (request-samples.ts), the build checks it against the description like a request written on a
 * page, and `brook-docs mcp` hands it to assistants: one builder, so the three never disagree.
 * A value written `$NAME` (a whole string, or a word of a header) is an environment variable.
 */
import type { ApiOperation } from "./operations.ts";

/** A request, as plain data: what each language's sample says, and what the checks validate. */
export interface ExampleRequest {
  method: string;
  /** The whole URL: the server, the path with its parameters filled in, the query. */
  url: string;
  /** Header names and values; a value may hold `$NAME` words (environment variables). */
  headers: [string, string][];
  /** The body and its media type (JSON, or a form of strings). */
  body?: { mediaType: string; value: Record<string, unknown> };
  /** The answer is an event stream: read it as it comes. */
  stream: boolean;
  /** The success answer has no body (204). */
  noContent: boolean;
  /** What the description lacks for a request that works (a parameter without an example…); empty when complete. */
  gaps: string[];
}

/** The media type of a form body. */
export const FORM = "application/x-www-form-urlencoded";

/** A whole string that names an environment variable: `$BROOK_CLIENT_SECRET`. */
export const ENV_RE = /^\$([A-Z][A-Z0-9_]*)$/;

/** The example request of an operation, against `server` (the API base). */
export function exampleRequest(op: ApiOperation, server: string): ExampleRequest {
  const gaps: string[] = [];
  const path = op.path.replace(/\{([^{}/]+)\}/g, (whole, name: string) => {
    const p = op.parameters.find((q) => q.in === "path" && q.name === name);
    const value = p?.example ?? (p && valueOf(p.schema));
    if (value === undefined) {
      gaps.push(`path parameter ${name} has no example`);
      return whole;
    }
    return encodeURIComponent(String(value));
  });
  const query: [string, string][] = Object.entries(op.exampleQuery).map(([k, v]) => [k, String(v)]);
  for (const p of op.parameters) {
    if (p.in !== "query" || !p.required || query.some(([k]) => k === p.name)) continue;
    const value = p.example ?? valueOf(p.schema);
    if (value === undefined) gaps.push(`required query parameter ${p.name} has no example`);
    else query.push([p.name, String(value)]);
  }
  const search = new URLSearchParams(query).toString().replace(/%3A/g, ":");
  const stream = op.responses.some((r) => r.mediaType === "text/event-stream");
  const headers: [string, string][] = [];
  if (op.auth.schemes.length) headers.push(["Authorization", "Bearer $BROOK_API_KEY"]);
  if (stream) headers.push(["Accept", "text/event-stream"]);
  for (const p of op.parameters) {
    if (p.in !== "header" || !p.required) continue;
    if (headers.some(([name]) => name.toLowerCase() === p.name.toLowerCase())) continue;
    const value = p.example ?? valueOf(p.schema);
    if (value === undefined) gaps.push(`required header ${p.name} has no example`);
    else headers.push([p.name, String(value)]);
  }
  let body: ExampleRequest["body"];
  const declared = op.requestBody;
  if (declared) {
    const value = declared.example ?? valueOf(declared.schema);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      body = { mediaType: declared.mediaType, value: value as Record<string, unknown> };
      headers.push(["Content-Type", declared.mediaType]);
    } else if (declared.required)
      gaps.push("the request body has no example, and its schema's required fields have none");
  }
  return {
    method: op.method,
    url: server.replace(/\/$/, "") + path + (search ? `?${search}` : ""),
    headers,
    body,
    stream,
    noContent: op.responses.some((r) => r.status === "204"),
    gaps,
  };
}

/**
 * A value a schema gives itself: its `example`, `const`, `default` or first `enum` value; for an
 * object, its required properties' values (undefined when one has none). Only what the description
 * states: never a made-up placeholder.
 */
export function valueOf(schema: Record<string, unknown>, depth = 0): unknown {
  for (const key of ["example", "const", "default"])
    if (schema[key] !== undefined) return schema[key];
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (schema.type !== "object" || !props || depth > 8) return undefined;
  const out: Record<string, unknown> = {};
  for (const name of (schema.required as string[] | undefined) ?? []) {
    const value = props[name] && valueOf(props[name], depth + 1);
    if (value === undefined) return undefined;
    out[name] = value;
  }
  return out;
}
