/**
 * The nodes of one operation of the REST API's description, as `::operation` shows it
 * (api-operation.ts), laid out as the reference's two columns (templates/theme.css):
 *
 * - `.operation-doc`: the method and path as text, the description, the token it needs, then the
 *   parameters, the request body's fields, the success response's fields and the errors it can
 *   answer, each field a block with its children folded (field-nodes.ts);
 * - `.operation-samples`: the example request in every language of SAMPLE_LANGUAGES, written by
 *   request-samples.ts from the one example request (example-request.ts), and the example of the
 *   answer it succeeds with; each error's example is folded under the error, in the first column.
 *   Every example fence is marked with the response it shows (`:response=ID:STATUS`).
 *
 * A webhook (the description's `webhooks`) is laid out the same way: what Brook sends, and the
 * delivery as the receiver gets it.
 */
import type { Code, RootContent } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import type { ApiOperation, ApiResponse } from "../../../shared/openapi/operations.ts";
import { exampleRequest } from "../../../shared/openapi/example-request.ts";
import {
  requestMessage,
  requestSamples,
  SAMPLE_LANGUAGES,
} from "../../../shared/openapi/request-samples.ts";
import {
  factsOf,
  fieldTree,
  objectName,
  patternOf,
  typeOf,
} from "../../reference/openapi-fields.ts";
import {
  errorNodes,
  FieldIds,
  fieldTreeNodes,
  markdownBlocks,
  markShared,
  parameterNodes,
} from "./field-nodes.ts";
import { addCodeBreaks } from "./code-breaks.ts";
import { block, paragraph } from "./generated-nodes.ts";

const ORG_HEADER = "X-Brook-Org";

/** The reason phrase of the success statuses, for an answer without a body. */
const REASONS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted",
  "204": "No Content",
};

/** A heading of an operation's part, with an id of the operation's (its depth: api-operation.ts). */
function partHeading(text: string, id: string): RootContent {
  return {
    type: "heading",
    depth: 4,
    children: [{ type: "text", value: text }],
    data: { hProperties: { id, className: ["operation-part"] } },
  };
}

/** A code group of fences. */
function codeGroup(fences: Code[]): ContainerDirective {
  return { type: "containerDirective", name: "code-group", attributes: {}, children: fences };
}

const fence = (lang: string, label: string, value: string, mark = ""): Code => ({
  type: "code",
  lang,
  meta: `[${label}]${mark ? ` ${mark}` : ""}`,
  value: value.replace(/\n$/, ""),
});

/** Who may call the operation, and the org header. */
function authText(op: ApiOperation): string {
  const auth =
    op.auth.schemes.length === 0
      ? op.webhook
        ? "Brook signs each delivery: check the signature before you trust it."
        : "No token: the client's credentials are the body."
      : op.auth.scopes.length
        ? `An OAuth token needs ${op.auth.scopes.map((s) => "`" + s + "`").join(" or ")}.`
        : "User API keys only.";
  const org = op.parameters.some((p) => p.in === "header" && p.name === ORG_HEADER)
    ? ` Send \`${ORG_HEADER}: org_...\` to act in an org.`
    : "";
  return auth + org;
}

/** The example of one response, as the reader would receive it; `label` its title, if any. */
function responseFence(op: ApiOperation, r: ApiResponse, label?: string): Code | undefined {
  const make = (lang: string, value: string, mark = ""): Code => ({
    type: "code",
    lang,
    meta: [label && `[${label}]`, mark].filter(Boolean).join(" ") || null,
    value: value.replace(/\n$/, ""),
  });
  if (r.mediaType === undefined)
    return make("http", `HTTP/1.1 ${r.status} ${REASONS[r.status] ?? ""}`.trim());
  if (r.example === undefined) return undefined;
  if (typeof r.example === "string") return make("text", r.example);
  const json = r.mediaType === "application/json";
  return make(
    json ? "json" : "text",
    JSON.stringify(r.example, null, 2),
    json && !op.webhook ? `:response=${op.id}:${r.status}` : "",
  );
}

/** The left column: what the operation is, what it takes and what it answers. */
function docNodes(op: ApiOperation, ids: FieldIds): RootContent[] {
  const route = op.webhook ? `${op.method} <your URL>` : `${op.method} ${op.path}`;
  const out: RootContent[] = [
    paragraph([{ type: "inlineCode", value: route }], "operation-route"),
    ...markdownBlocks(op.description),
    ...markdownBlocks(authText(op)),
  ];
  const params = op.parameters.filter((p) => !(p.in === "header" && p.name === ORG_HEADER));
  if (params.length)
    out.push(
      partHeading(op.webhook ? "Headers" : "Parameters", ids.take("parameters")),
      parameterNodes(
        params.map((p) => ({
          name: p.name,
          in: p.in,
          type: typeOf(p.schema),
          required: p.required,
          description: p.description || String(p.schema.description ?? ""),
          facts: factsOf(p.schema),
          pattern: patternOf(p.schema),
        })),
        ids,
      ),
    );
  if (op.requestBody) {
    out.push(partHeading(op.webhook ? "Delivery body" : "Request body", ids.take("body")));
    if (op.requestBody.mediaType !== "application/json")
      out.push(paragraph([{ type: "inlineCode", value: op.requestBody.mediaType }]));
    const tree = fieldTree(op.requestBody.schema);
    if (tree.length) out.push(fieldTreeNodes(tree, ids));
  }
  const ok = op.responses.filter((r) => !/^[45]/.test(r.status));
  const responseId = ids.take("response");
  if (ok.length) out.push(partHeading(ok.length > 1 ? "Responses" : "Response", responseId));
  for (const r of ok) {
    out.push(...markdownBlocks(`\`${r.status}\`: ${r.description}`));
    const tree = r.schema && r.mediaType === "application/json" ? fieldTree(r.schema) : [];
    if (!tree.length) continue;
    // An object the page showed before is a link there (sharedObjects, api-operation.ts).
    const object = objectName(r.schema);
    const list = fieldTreeNodes(tree, ids, "response-", true);
    out.push(markShared(list, object ? { object, target: responseId } : undefined));
  }
  const errors = op.responses.filter((r) => /^[45]/.test(r.status));
  if (errors.length)
    out.push(
      partHeading("Errors", ids.take("errors")),
      errorNodes(
        errors.map((r) => ({
          status: r.status,
          type: r.errorType,
          codes: r.errorCodes,
          description: r.description,
          example: responseFence(op, r),
        })),
        ids,
      ),
    );
  return out;
}

/** The right column: the request in every language (a webhook: the delivery), and a response for each status. */
function sampleNodes(op: ApiOperation, server: string): RootContent[] {
  const request = exampleRequest(op, op.webhook ? (op.exampleUrl ?? server) : server);
  const out: RootContent[] = [];
  if (op.webhook) out.push(fence("http", "Delivery", requestMessage(request)));
  else {
    const samples = requestSamples(request);
    out.push(codeGroup(SAMPLE_LANGUAGES.map((l) => fence(l.lang, l.label, samples[l.key]))));
  }
  // The answers it succeeds with (the errors' are folded under each error): one block, or a code
  // group of them when there are several.
  const ok = op.responses.filter((r) => !/^[45]/.test(r.status));
  const responses = ok
    .map((r) => responseFence(op, r, ok.length > 1 ? r.status : `Response ${r.status}`))
    .filter((f): f is Code => f !== undefined);
  if (responses.length > 1) out.push(codeGroup(responses));
  else out.push(...responses);
  return out;
}

/** The nodes of one operation (or webhook): the two columns in one block. */
export function operationNodes(op: ApiOperation, server: string): RootContent[] {
  const ids = new FieldIds(op.id);
  const nodes = [
    block("div", "operation", [
      block("div", "operation-doc", docNodes(op, ids)),
      block("div", "operation-samples", sampleNodes(op, server)),
    ]),
  ];
  addCodeBreaks(nodes);
  return nodes;
}
