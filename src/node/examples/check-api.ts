/**
 * The API checks of code samples (design.md §9, README "Checked examples"): a request to the
 * API base in a bash `curl` or an `http` block must be an operation of the description
 * (`api-path`: no such path, or a query parameter it does not take or a value past its limit;
 * `api-method`: the path does not take the method), carry the headers the operation needs and a
 * body its schema accepts (`api-body`: unknown fields, wrong types, missing required fields,
 * values past a limit, a missing `Authorization`). A JSON block that shows an operation's body
 * (fence option `:response=ID`, `:response=ID:STATUS` or `:request=ID`, or placed right after a
 * block with one request, at most one line of text between) must fit its schema (`api-response`). Pure functions over samples.
 */
import type { Diagnostic } from "../core/errors.ts";
import {
  operationsAt,
  type ApiDescription,
  type ApiOperation,
} from "../reference/openapi-index.ts";
import { schemaProblems } from "../reference/schema-check.ts";
import { curlRequests, httpRequest, type WrittenRequest } from "./api-requests.ts";
import type { CheckContext, CodeSample } from "./sample.ts";

export { loadOpenApi } from "../reference/openapi-load.ts";
export type { ApiDescription } from "../reference/openapi-index.ts";

const OPERATION_RE = /(?:^|\s):(request|response)=(\w+)(?::(\d{3}))?(?=\s|$)/;

/** The requests of a sample, when it is a kind that holds requests. */
function requestsOf(sample: CodeSample): WrittenRequest[] {
  if (["bash", "sh", "shell", "console"].includes(sample.lang)) return curlRequests(sample.code);
  if (sample.lang === "http") {
    const r = httpRequest(sample.code);
    return r ? [r] : [];
  }
  return [];
}

/** Checks every sample against the description; `context.siteValues.apiBase` says which URLs are Brook's. */
export function checkApiSamples(
  samples: CodeSample[],
  api: ApiDescription,
  context: CheckContext,
): Diagnostic[] {
  const base = (context.siteValues.apiBase ?? api.server).replace(/\/$/, "");
  const out: Diagnostic[] = [];
  // The operation each sample's one request matched, for a JSON block right after it.
  const matched = new Map<number, ApiOperation>();
  samples.forEach((sample, index) => {
    if (sample.noCheck !== undefined) return;
    const at = (
      line: number,
      column: number,
      rule: string,
      message: string,
      hint: string,
    ): Diagnostic => ({
      file: sample.file,
      line: sample.line + 1 + line,
      column,
      rule,
      message,
      hint,
    });
    const requests = requestsOf(sample).filter(
      (r) => r.url === base || r.url.startsWith(base + "/") || r.url.startsWith(base + "?"),
    );
    const ops = requests.map((r) =>
      checkRequest(r, base, api, (...a) => out.push(at(r.line, r.column, ...a))),
    );
    if (requests.length === 1 && ops[0]) matched.set(index, ops[0]);
    if (sample.lang === "json") {
      const target = jsonTarget(sample, samples, matched, api);
      if ("problem" in target)
        out.push(
          at(
            0,
            1,
            "api-response",
            target.problem,
            "use :response=ID or :request=ID with an operationId of the REST API's description",
          ),
        );
      else if (target.schema) {
        let value: unknown;
        try {
          value = JSON.parse(sample.code);
        } catch {
          return; // json-syntax reports it.
        }
        for (const p of schemaProblems(target.schema, value))
          out.push(
            at(
              lineOfField(sample.code, p.field),
              1,
              "api-response",
              `the JSON is not ${target.what}: ${p.message}`,
              "change the example to match the REST API's description (data/openapi.yaml), or the description if Brook changed",
            ),
          );
      }
    }
  });
  return out;
}

type Report = (rule: string, message: string, hint: string) => void;

/** Checks one request; the operation it is, when its path and method are one. */
function checkRequest(
  r: WrittenRequest,
  base: string,
  api: ApiDescription,
  report: Report,
): ApiOperation | undefined {
  const rest = r.url.slice(base.length);
  const [path = "", query = ""] = rest.split("?", 2) as [string, string?];
  const { ops } = operationsAt(api, path || "/");
  if (!ops.length) {
    report(
      "api-path",
      `${r.method} ${path || "/"} is no operation of the REST API`,
      "check the path against the REST reference (/api/rest/); paths are relative to {{ site.apiBase }}",
    );
    return undefined;
  }
  const op = ops.find((o) => o.method === r.method);
  if (!op) {
    report(
      "api-method",
      `${path} does not take ${r.method}; it takes ${ops.map((o) => o.method).join(", ")}`,
      "use one of the methods the REST reference lists for this path",
    );
    return undefined;
  }
  // Query parameters: known, and within their limits when literal.
  for (const pair of query ? query.split("&") : []) {
    const [name = "", value = ""] = pair.split("=", 2) as [string, string?];
    if (!name || name.includes("$")) continue;
    const param = op.parameters.find((p) => p.in === "query" && p.name === name);
    if (!param) {
      report(
        "api-path",
        `${op.method} ${op.path} takes no query parameter '${name}'`,
        `its query parameters: ${
          op.parameters
            .filter((p) => p.in === "query")
            .map((p) => p.name)
            .join(", ") || "none"
        }`,
      );
      continue;
    }
    if (value.includes("$")) continue;
    const typed =
      param.schema.type === "integer" || param.schema.type === "number"
        ? Number(value)
        : param.schema.type === "boolean"
          ? value === "true"
            ? true
            : value === "false"
              ? false
              : value
          : decodeURIComponent(value);
    for (const p of schemaProblems(param.schema, typed))
      report(
        "api-path",
        `query parameter ${name}: ${p.message.replace(/^the value /, "")}`,
        "the REST reference gives each parameter's type and limits",
      );
  }
  // Headers the operation needs.
  if (op.auth.schemes.length && !r.headers.has("authorization") && !r.dynamicHeaders)
    report(
      "api-body",
      `${op.method} ${op.path} needs an Authorization header`,
      'add -H "Authorization: Bearer $BROOK_API_KEY"',
    );
  for (const p of op.parameters)
    if (
      p.in === "header" &&
      p.required &&
      !r.headers.has(p.name.toLowerCase()) &&
      !r.dynamicHeaders
    )
      report(
        "api-body",
        `${op.method} ${op.path} needs the header ${p.name}`,
        `add -H "${p.name}: ${String(p.schema.const ?? p.example ?? "…")}"`,
      );
  // The body.
  const body = op.requestBody;
  if (!body) {
    if (r.body) report("api-body", `${op.method} ${op.path} takes no body`, "remove the -d option");
    return op;
  }
  if (!r.body) {
    if (body.required)
      report(
        "api-body",
        `${op.method} ${op.path} needs a body (${body.mediaType})`,
        "add -d with the body the REST reference shows",
      );
    return op;
  }
  if (!r.body.literal) return op;
  let value: unknown;
  if (r.body.form) value = Object.fromEntries(new URLSearchParams(r.body.text));
  else {
    try {
      value = JSON.parse(r.body.text);
    } catch (e) {
      report(
        "api-body",
        `the body of ${op.method} ${op.path} is not JSON: ${(e as Error).message}`,
        'write the body as JSON in single quotes: -d \'{"name": "…"}\'',
      );
      return op;
    }
  }
  for (const p of schemaProblems(body.schema, value))
    report(
      "api-body",
      `the body of ${op.method} ${op.path}: ${p.message}`,
      "the REST reference lists the body's fields, their types and limits",
    );
  return op;
}

/** Which schema a JSON block shows, if any. */
function jsonTarget(
  sample: CodeSample,
  samples: CodeSample[],
  matched: Map<number, ApiOperation>,
  api: ApiDescription,
): { schema?: Record<string, unknown>; what?: string } | { problem: string } {
  const mark = OPERATION_RE.exec(sample.meta);
  if (mark) {
    const [, kind, id = "", status] = mark;
    const op = api.byId.get(id);
    if (!op) return { problem: `:${kind}=${id} names no operation of the REST API` };
    if (kind === "request")
      return op.requestBody
        ? { schema: op.requestBody.schema, what: `a request body of ${op.id}` }
        : { problem: `${op.id} takes no body` };
    const r = status
      ? op.responses.find((x) => x.status === status)
      : op.responses.find((x) => x.status.startsWith("2"));
    if (!r) return { problem: `${op.id} has no ${status ?? "success"} response` };
    return r.schema ? { schema: r.schema, what: `a ${r.status} response of ${op.id}` } : {};
  }
  const prev = sample.previous;
  const op = prev === undefined ? undefined : matched.get(prev);
  const before = prev === undefined ? undefined : samples[prev];
  // Right after: at most one line of text between the two blocks (its closing fence and this one).
  const between = before
    ? sample.line - (before.line + before.code.split("\n").length + 1) - 1
    : Infinity;
  if (!op || before?.file !== sample.file || between > 3) return {};
  const r = op.responses.find(
    (x) => x.status.startsWith("2") && x.mediaType === "application/json",
  );
  return r?.schema
    ? { schema: r.schema, what: `a ${r.status} response of ${op.id} (the request right before it)` }
    : {};
}

/** The 0-based line of a field's key in pretty JSON (`settings.queue_size` → the line of "queue_size"), else 0. */
function lineOfField(code: string, field: string): number {
  const last = field.split(".").at(-1);
  if (!last || /^\d+$/.test(last)) return 0;
  const i = code.split("\n").findIndex((l) => l.includes(`"${last}"`));
  return Math.max(i, 0);
}
