/**
 * The API checks of code samples (docs/design.md §9, README "Checked examples"): a request to the
 * API base in a bash `curl` or an `http` block must be an operation of the description
 * (`api-path`: no such path, or a query parameter it does not take or a value past its limit;
 * `api-method`: the path does not take the method), carry the headers the operation needs and a
 * body its schema accepts (`api-body`: unknown fields, wrong types, missing required fields,
 * values past a limit, a missing `Authorization`). A JSON block that shows an operation's body
 * (fence option `:response=ID`, `:response=ID:STATUS` or `:request=ID`, or placed right after a
 * block with one request, at most one line of text between) must fit its schema (`api-response`). Pure functions over samples.
 */
import type { Diagnostic } from "../core/errors.ts";
import type { ApiDescription, ApiOperation } from "../../shared/openapi/operations.ts";
import { checkRequest } from "../reference/request-check.ts";
import { schemaProblems } from "../reference/schema-check.ts";
import { curlRequests, httpRequest, type WrittenRequest } from "./api-requests.ts";
import { placeInSample, type CheckContext, type CodeSample } from "./sample.ts";

export { loadOpenApi } from "../reference/openapi-load.ts";
export type { ApiDescription } from "../../shared/openapi/operations.ts";

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

/**
 * Checks every sample against the description; `context.siteValues.apiBase` says which URLs are
 * Brook's. `bodies` gets the index of each JSON block checked as an operation's body, with which.
 */
export function checkApiSamples(
  samples: CodeSample[],
  api: ApiDescription,
  context: CheckContext,
  bodies?: Map<number, "request" | "response">,
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
      ...placeInSample(sample, line, column, message),
      rule,
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
        bodies?.set(index, target.what?.startsWith("a request") ? "request" : "response");
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
