/**
 * The rules of a request to the REST API, whoever wrote it: a page's `curl` or `http` block
 * (src/node/examples/check-api.ts) or the example request the description itself makes
 * (src/shared/openapi/example-request.ts, which the reference shows and `brook-docs mcp` hands out).
 * The path is an operation's, filled in and within its parameters' schemas (`api-path`), the method
 * one it takes (`api-method`), the required query parameters and headers are there, and the body is
 * one its schema accepts (`api-body`).
 */
import {
  operationsAt,
  type ApiDescription,
  type ApiOperation,
} from "../../shared/openapi/operations.ts";
import { FORM, type ExampleRequest } from "../../shared/openapi/example-request.ts";
import { schemaProblems } from "./schema-check.ts";

/** A request to check: as written on a page, or as the description's example makes it. */
export interface CheckedRequest {
  method: string;
  /** The whole URL (site values already replaced). */
  url: string;
  /** Header names in lower case → values. */
  headers: Map<string, string>;
  /** A header word is a variable (`-H "$AUTH"`): the headers cannot be known. */
  dynamicHeaders: boolean;
  /** The body as written; `literal` false when the shell makes it (`$(jq …)`, `@file`). */
  body?: { text: string; literal: boolean; form: boolean };
}

/** What is wrong with an operation's example request (and what the description lacks to make one). */
export function exampleRequestProblems(example: ExampleRequest, api: ApiDescription): string[] {
  // What the description lacks is said once; a request it could not fill is not checked as well.
  if (example.gaps.length) return [...example.gaps];
  const out: string[] = [];
  const body = example.body;
  const request: CheckedRequest = {
    method: example.method,
    url: example.url,
    headers: new Map(example.headers.map(([k, v]) => [k.toLowerCase(), v])),
    dynamicHeaders: false,
    body: body && {
      text:
        body.mediaType === FORM
          ? new URLSearchParams(
              Object.entries(body.value).map(([k, v]): [string, string] => [k, String(v)]),
            ).toString()
          : JSON.stringify(body.value),
      literal: true,
      form: body.mediaType === FORM,
    },
  };
  checkRequest(request, api.server.replace(/\/$/, ""), api, (_rule, message) => out.push(message));
  return out;
}

/** Where a problem of a request goes: its rule, what is wrong, how to fix it. */
export type Report = (rule: string, message: string, hint: string) => void;

/** Checks one request; the operation it is, when its path and method are one. */
export function checkRequest(
  r: CheckedRequest,
  base: string,
  api: ApiDescription,
  report: Report,
): ApiOperation | undefined {
  const rest = r.url.slice(base.length);
  const [path = "", query = ""] = rest.split("?", 2) as [string, string?];
  const { ops, params } = operationsAt(api, path || "/");
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
  // Path parameters: filled in, and within their schema when literal.
  for (const [name, value] of Object.entries(params)) {
    if (value.includes("$")) continue;
    const param = op.parameters.find((p) => p.in === "path" && p.name === name);
    if (/^\{.*\}$/.test(value)) {
      report(
        "api-path",
        `path parameter ${name} is not filled in (${value})`,
        "write a real value, or a shell variable such as $WORKFLOW_ID",
      );
      continue;
    }
    for (const p of param ? schemaProblems(param.schema, value) : [])
      report(
        "api-path",
        `path parameter ${name}: ${p.message.replace(/^the value /, "")}`,
        "the REST reference gives each parameter's type and pattern",
      );
  }
  // Query parameters: the required ones given; each known, and within its limits when literal.
  const given = new Set((query ? query.split("&") : []).map((pair) => pair.split("=", 1)[0]));
  for (const p of op.parameters)
    if (p.in === "query" && p.required && !given.has(p.name))
      report(
        "api-path",
        `${op.method} ${op.path} needs the query parameter ${p.name}`,
        `add ${p.name}=… to the URL (the REST reference gives its values)`,
      );
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
