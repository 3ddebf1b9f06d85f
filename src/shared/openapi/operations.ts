/**
 * The operations of an OpenAPI description, as the reference pages and the example checks read
 * them: `$ref`s followed (internal ones only: the description is one file), path-level
 * parameters merged in, and a matcher from a request's path to its path template.
 */
import {
  DescriptionLimitError,
  MAX_DEPTH,
  MAX_VALUES,
  TOO_DEEP,
  type LimitPath,
} from "./limits.ts";

/** A JSON Schema, as the description states it (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
export type JsonSchema = Record<string, unknown>;

/** One parameter of an operation. */
export interface ApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: unknown;
}

/** One response of an operation. */
export interface ApiResponse {
  status: string;
  description: string;
  mediaType?: string;
  schema?: JsonSchema;
  example?: unknown;
  /** For error responses: the error `type` and its `code` values (x-error-type, x-error-codes). */
  errorType?: string;
  errorCodes: string[];
  headers: string[];
}

/** One operation: a method on a path. */
export interface ApiOperation {
  id: string;
  method: string;
  /** The path template relative to the server, `/workflows/{id}`. */
  path: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: ApiParameter[];
  requestBody?: { required: boolean; mediaType: string; schema: JsonSchema; example?: unknown };
  responses: ApiResponse[];
  /** The security schemes that may call it (empty: no token at all), and the OAuth scopes. */
  auth: { schemes: string[]; scopes: string[] };
  /** The query of the reference's request example (x-example-query). */
  exampleQuery: Record<string, unknown>;
  /** For a webhook (the description's `webhooks`): its name there; `path` is then empty. */
  webhook?: string;
  /** Where a webhook's example delivery goes (x-example-url): a receiver of the reader's. */
  exampleUrl?: string;
}

/** An OpenAPI description, indexed. */
export interface ApiDescription {
  /** The server URL the paths are relative to. */
  server: string;
  operations: ApiOperation[];
  /** The requests Brook sends to the reader's URLs (OpenAPI 3.1 `webhooks`), never matched by a request's path. */
  webhooks: ApiOperation[];
  /** Operations and webhooks, by operationId. */
  byId: Map<string, ApiOperation>;
  /** Each operation's nodes as `::operation` shows them, made once by the build (api-operation.ts). */
  rendered?: Record<string, unknown[]>;
}

/**
 * The site-value name under which a page records that it showed an operation: its value is the
 * description's hash, so the page is parsed again when the description changes. No page can
 * write it (`{{ site.… }}` names have no braces).
 */
export const OPENAPI_DEPENDENCY = "{openapi}";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * The name of the component schema a followed `$ref` pointed at (`Workflow`), on the copy it
 * became: a symbol, so JSON, `Object.entries` and structuredClone never see it.
 */
export const SCHEMA_NAME = Symbol("schema name");
const SCHEMA_REF_RE = /^#\/components\/schemas\/([^/]+)$/;

type Json = Record<string | symbol, unknown>;

/**
 * Follows internal `$ref`s everywhere (siblings of a `$ref` override the target's fields, as 3.1
 * allows). The result is at most MAX_DEPTH levels deep and MAX_VALUES values, or a
 * DescriptionLimitError names the `$ref` that would pass the limit.
 */
export function dereference(doc: Json): Json {
  const resolving = new Set<string>();
  let values = 0;
  const target = (ref: string): { node: unknown; path: LimitPath } => {
    let node: unknown = doc;
    const path: LimitPath = [];
    for (const part of ref.slice(2).split("/")) {
      const name = decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
      path.push(name);
      node = node && typeof node === "object" ? (node as Json)[name] : undefined;
    }
    if (node === undefined) throw new Error(`$ref ${ref} points at nothing`);
    return { node, path };
  };
  // `path` is where the value is written in the description; `depth` how deep it lands once followed.
  const walk = (node: unknown, path: LimitPath, depth: number): unknown => {
    if (++values > MAX_VALUES)
      throw new DescriptionLimitError(
        `the description holds more than ${MAX_VALUES.toLocaleString("en")} values once its $refs are followed, here (each $ref copies its target: a large schema referred to from many places, or schemas that each refer twice to the next, multiply); refer to large schemas from fewer places`,
        path,
      );
    if (depth > MAX_DEPTH) throw new DescriptionLimitError(TOO_DEEP, path);
    if (Array.isArray(node)) return node.map((x, i) => walk(x, [...path, i], depth + 1));
    if (!node || typeof node !== "object") return node;
    const obj = node as Json;
    if (typeof obj.$ref === "string" && obj.$ref.startsWith("#/")) {
      const ref = obj.$ref;
      if (resolving.has(ref)) throw new Error(`$ref ${ref} refers to itself`);
      resolving.add(ref);
      const found = target(ref);
      const resolved = walk(found.node, found.path, depth);
      resolving.delete(ref);
      const { $ref: _, ...siblings } = obj;
      const rest = walk(siblings, path, depth) as Json;
      const out =
        Object.keys(rest).length && resolved && typeof resolved === "object"
          ? { ...(resolved as Json), ...rest }
          : resolved;
      const name = SCHEMA_REF_RE.exec(ref)?.[1];
      if (name && out && typeof out === "object" && !Array.isArray(out))
        (out as Json)[SCHEMA_NAME] = decodeURIComponent(name);
      return out;
    }
    return Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, walk(v, [...path, k], depth + 1)]),
    );
  };
  return walk(doc, [], 0) as Json;
}

function parameter(p: Json): ApiParameter {
  return {
    name: String(p.name),
    in: p.in as ApiParameter["in"],
    required: p.required === true,
    description: String(p.description ?? ""),
    schema: (p.schema as JsonSchema) ?? {},
    example: p.example,
  };
}

function firstExample(media: Json): unknown {
  if ("example" in media) return media.example;
  const examples = media.examples as Record<string, Json> | undefined;
  const first = examples && Object.values(examples)[0];
  return first?.value;
}

/** One operation of a path item (or of a webhook): its parameters merged with the item's. */
function operation(
  path: string,
  method: string,
  item: Json,
  op: Json,
  globalSecurity: Json[],
): ApiOperation {
  const shared = ((item.parameters as Json[]) ?? []).map(parameter);
  const own = ((op.parameters as Json[]) ?? []).map(parameter);
  const parameters = [
    ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)),
    ...own,
  ];
  const body = op.requestBody as Json | undefined;
  const [mediaType, media] = Object.entries((body?.content as Record<string, Json>) ?? {})[0] ?? [];
  const security = (op.security as Json[] | undefined) ?? globalSecurity;
  return {
    id: String(op.operationId),
    method: method.toUpperCase(),
    path,
    summary: String(op.summary ?? ""),
    description: String(op.description ?? ""),
    tags: (op.tags as string[]) ?? [],
    parameters,
    requestBody:
      body && mediaType && media
        ? {
            required: body.required === true,
            mediaType,
            schema: (media.schema as JsonSchema) ?? {},
            example: firstExample(media),
          }
        : undefined,
    responses: Object.entries((op.responses as Record<string, Json>) ?? {}).map(([status, r]) => {
      const [type, content] = Object.entries((r.content as Record<string, Json>) ?? {})[0] ?? [];
      return {
        status,
        description: String(r.description ?? ""),
        mediaType: type,
        schema: content?.schema as JsonSchema | undefined,
        example: content ? firstExample(content) : undefined,
        errorType: r["x-error-type"] as string | undefined,
        errorCodes: (r["x-error-codes"] as string[]) ?? [],
        headers: Object.keys((r.headers as Json) ?? {}),
      };
    }),
    auth: {
      schemes: [...new Set(security.flatMap((s) => Object.keys(s)))],
      scopes: [...new Set(security.flatMap((s) => Object.values(s).flat() as string[]))],
    },
    exampleQuery: (op["x-example-query"] as Record<string, unknown>) ?? {},
  };
}

/** The operations of a map of path items (`paths`, or `webhooks` by name). */
function operationsOf(items: unknown, globalSecurity: Json[], webhooks: boolean): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const [key, item] of Object.entries((items as Record<string, Json>) ?? {}))
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const found = operation(webhooks ? "" : key, method, item, op, globalSecurity);
      if (webhooks) {
        found.webhook = key;
        if (typeof op["x-example-url"] === "string") found.exampleUrl = op["x-example-url"];
      }
      out.push(found);
    }
  return out;
}

/** Indexes a description (with `$ref`s or without). */
export function indexApi(raw: Json): ApiDescription {
  const doc = dereference(raw);
  const servers = (doc.servers as Json[] | undefined) ?? [];
  const globalSecurity = (doc.security as Json[] | undefined) ?? [];
  const operations = operationsOf(doc.paths, globalSecurity, false);
  const webhooks = operationsOf(doc.webhooks, globalSecurity, true);
  return {
    server: String(servers[0]?.url ?? ""),
    operations,
    webhooks,
    byId: new Map([...operations, ...webhooks].map((o) => [o.id, o])),
  };
}

/** The operations whose path template matches `path` (no query), with the values of its parameters. */
export function operationsAt(
  api: ApiDescription,
  path: string,
): { ops: ApiOperation[]; params: Record<string, string> } {
  const clean = path.replace(/\/+$/, "") || "/";
  let best: { ops: ApiOperation[]; params: Record<string, string>; literal: number } | undefined;
  for (const op of api.operations) {
    const names: string[] = [];
    const pattern = op.path
      .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      .replace(/\{(\w+)\}/g, (_, n: string) => {
        names.push(n);
        return "([^/]+)";
      });
    const m = new RegExp(`^${pattern}$`).exec(clean);
    if (!m) continue;
    // A literal segment beats a parameter: /users/me is not /users/{id}.
    const literal = op.path.replace(/\{\w+\}/g, "").length;
    if (best && literal < best.literal) continue;
    const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    if (best && literal === best.literal && best.ops[0]!.path === op.path) best.ops.push(op);
    else best = { ops: [op], params, literal };
  }
  return best ? { ops: best.ops, params: best.params } : { ops: [], params: {} };
}
