/**
 * `list_api_operations` and `get_api_operation`: Brook's REST API from the OpenAPI description the
 * build publishes (`openapi.json` under the base). An operation is found by its operationId, by
 * `METHOD /path`, or by the words of a question ("how do I create a subscription").
 */
import { MAX_DEPTH, MAX_VALUES } from "../../shared/openapi/limits.ts";
import { similarity } from "../../shared/similar.ts";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** How deep `$ref`s are inlined when an operation is shown (a schema that refers to itself stops there). */
const MAX_REF_DEPTH = 6;
const WORD_RE = /[a-z0-9]+/g;
/** Words of a question that say nothing about which operation it means. */
const QUESTION_WORDS = new Set(
  "a an the how do does i we you can to of for in on with my me is are what which via using use api brook endpoint operation request".split(
    " ",
  ),
);
/** Verbs readers use for each method. */
const VERBS: Record<string, string[]> = {
  get: ["get", "list", "read", "fetch", "retrieve", "show", "find", "see"],
  post: ["create", "add", "make", "new", "send", "post", "emit", "trigger", "start", "invoke"],
  put: ["replace", "set", "update", "put"],
  patch: ["update", "change", "edit", "modify", "rename", "pause", "patch"],
  delete: ["delete", "remove", "unsubscribe", "cancel", "drop"],
};

type Json = Record<string, unknown>;

/** One operation of the description. */
export interface ApiOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tags: string[];
  raw: Json;
}

/** The operations of an OpenAPI description, in its order. */
export function operationsOf(spec: Json): ApiOperation[] {
  const out: ApiOperation[] = [];
  const paths = (spec.paths ?? {}) as Record<string, Json>;
  // A site's description may hold anything where an object or a list belongs: skipped, not thrown on.
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      out.push({
        operationId: String(op.operationId ?? `${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ""),
        description: String(op.description ?? ""),
        tags: Array.isArray(op.tags) ? op.tags.map(String) : [],
        raw: {
          ...op,
          parameters: [...list(item.parameters), ...list(op.parameters)],
        },
      });
    }
  }
  return out;
}

/**
 * The operation `asked` names, best first: an operationId or `METHOD /path` exactly, else the
 * operations whose words and verb best match the question (at most `max`).
 */
export function findOperations(ops: ApiOperation[], asked: string, max = 3): ApiOperation[] {
  const text = asked.trim();
  const exact = ops.find(
    (o) =>
      o.operationId.toLowerCase() === text.toLowerCase() ||
      `${o.method} ${o.path}`.toLowerCase() === text.toLowerCase(),
  );
  if (exact) return [exact];
  const words = (text.toLowerCase().match(WORD_RE) ?? []).filter((w) => !QUESTION_WORDS.has(w));
  if (!words.length) return [];
  const scored = ops.map((o) => {
    const own = new Set(
      `${o.operationId.replace(/([a-z])([A-Z])/g, "$1 $2")} ${o.summary} ${o.path} ${o.tags.join(" ")}`
        .toLowerCase()
        .match(WORD_RE) ?? [],
    );
    let score = 0;
    for (const w of words) {
      if (VERBS[o.method.toLowerCase()]!.includes(w)) score += 1.5;
      let best = 0;
      for (const t of own)
        best = Math.max(
          best,
          t === w || t === singular(w) || singular(t) === w ? 1 : similarity(w, t) > 0.8 ? 0.6 : 0,
        );
      score += best;
    }
    return { o, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map((s) => s.o);
}

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function singular(w: string): string {
  return w.endsWith("ies") ? w.slice(0, -3) + "y" : w.endsWith("s") ? w.slice(0, -1) : w;
}

/** An operation for an assistant: its parameters, body and responses with their schemas inlined, and an example request. */
export function describeOperation(spec: Json, op: ApiOperation, apiBase: string): Json {
  // The build publishes no description past these limits, $refs followed; a site's could be made
  // to overflow the stack, or to copy a schema that refers twice to the next into billions.
  let values = 0;
  const inline = (v: unknown, depth = 0, level = 0): unknown => {
    if (++values > MAX_VALUES || level > MAX_DEPTH)
      throw new Error(
        `${op.method} ${op.path} in openapi.json holds more than ${MAX_VALUES.toLocaleString("en-US")} values or ${MAX_DEPTH} levels once its $refs are followed; brook-docs never publishes one that large`,
      );
    if (Array.isArray(v)) return v.map((x) => inline(x, depth, level + 1));
    if (!v || typeof v !== "object") return v;
    const ref = (v as Json).$ref;
    if (typeof ref === "string" && ref.startsWith("#/")) {
      if (depth >= MAX_REF_DEPTH) return { $ref: ref };
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>(
          (node, key) => (node as Json | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")],
          spec,
        );
      return inline(target, depth + 1, level);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inline(x, depth, level + 1)]));
  };
  const raw = inline(op.raw) as Json;
  const body = (raw.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const json = body?.["application/json"];
  return {
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    summary: op.summary,
    description: op.description,
    tags: op.tags,
    security: raw.security ?? spec.security,
    parameters: raw.parameters,
    requestBody: raw.requestBody,
    responses: raw.responses,
    example: exampleRequest(op, apiBase, json),
  };
}

/** A cURL request for the operation: the body from the description's example, else one made from its schema. */
function exampleRequest(op: ApiOperation, apiBase: string, body: Json | undefined): string {
  const lines = [
    `curl -X ${op.method} "${apiBase}${op.path}"`,
    `  -H "Authorization: Bearer $BROOK_API_KEY"`,
  ];
  if (body) {
    const example =
      body.example ??
      Object.values((body.examples as Record<string, Json>) ?? {})[0]?.value ??
      sample(body.schema);
    lines.push(`  -H "Content-Type: application/json"`, `  -d '${JSON.stringify(example)}'`);
  }
  return lines.join(" \\\n");
}

/** A value a schema accepts: its example or default, else a placeholder of its type (required fields only). */
function sample(schema: unknown, depth = 0): unknown {
  const s = (schema ?? {}) as Json;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if (depth > MAX_REF_DEPTH) return null;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "object" || s.properties) {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    const required = Array.isArray(s.required)
      ? (s.required as string[])
      : Object.keys(props).slice(0, 2);
    return Object.fromEntries(
      required.filter((k) => k in props).map((k) => [k, sample(props[k], depth + 1)]),
    );
  }
  if (type === "array") return [sample(s.items, depth + 1)];
  if (type === "integer" || type === "number") return typeof s.minimum === "number" ? s.minimum : 1;
  if (type === "boolean") return true;
  return "string";
}
