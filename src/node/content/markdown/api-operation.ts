/**
 * `::operation{id=createSubscription}`: one operation of the REST API description, rendered where
 * the directive stands (README, "The REST API description"). It writes the method and path as
 * text, the description, the parameters, the request body's and the response's fields (type,
 * required, limits, description), a request example as a code group (cURL, Node.js, Python) with
 * the response beside it on wide screens, and the errors. It is Markdown made from the
 * description and parsed like the page, so code groups, highlighting and the Markdown for
 * machines treat it as if it were written there; its nodes carry no position (nothing of it is
 * in the page's source).
 */
import { readFileSync } from "node:fs";
import type { RootContent } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import {
  indexApi,
  type ApiDescription,
  type ApiOperation,
} from "../../../shared/openapi/operations.ts";
import { exampleRequest } from "../../../shared/openapi/example-request.ts";
import { requestSamples } from "../../../shared/openapi/request-samples.ts";
import { fieldRows, typeOf, limitsOf } from "../../reference/openapi-fields.ts";
import { propose } from "../../../shared/similar.ts";
import { generatedNodes, parseGenerated } from "./generated-nodes.ts";
import { placeOf, type PassReport } from "./pass-report.ts";

/** What the directive needs of the page being rendered. */
export interface OperationContext extends PassReport {
  api?: ApiDescription;
  /** Set when the page showed an operation: the page then depends on the description. */
  usedApi?: boolean;
}

const descriptions = new Map<string, ApiDescription>();

/** The description a build wrote for its workers, read once per worker. */
export function apiFromFile(path: string): ApiDescription {
  let api = descriptions.get(path);
  if (!api) {
    const file = JSON.parse(readFileSync(path, "utf8")) as {
      description: Record<string, unknown>;
      rendered?: Record<string, unknown[]>;
    };
    api = { ...indexApi(file.description), rendered: file.rendered };
    descriptions.set(path, api);
  }
  return api;
}

/** The nodes that stand for the directive: the operation, or a diagnostic and nothing. */
export function expandOperation(node: LeafDirective, ctx: OperationContext): RootContent[] {
  const id = node.attributes?.id ?? "";
  const place = placeOf(node, ctx);
  if (!ctx.api) {
    ctx.diagnostics.push({
      ...place,
      rule: "api-operation",
      message: `::operation{id=${id}} needs the REST API's description, and the config names none`,
      hint: "set reference.openapi in site.config.ts (data/openapi.yaml)",
    });
    return [];
  }
  ctx.usedApi = true;
  const op = ctx.api.byId.get(id);
  if (!op) {
    const guess = propose(id, [...ctx.api.byId.keys()]);
    ctx.diagnostics.push({
      ...place,
      rule: "api-operation",
      message: `no operation '${id}' in the REST API's description${guess ? `; did you mean '${guess}'?` : ""}`,
      hint: "write ::operation{id=…} with an operationId of data/openapi.yaml",
    });
    return [];
  }
  // Made by the build once per description (the parse costs a page's budget when it is a
  // reference of many operations), or here when it was not.
  const api = ctx.api;
  return generatedNodes(
    api,
    id,
    () => (api.rendered?.[id] as RootContent[] | undefined) ?? operationNodes(op, api.server),
  );
}

/** The nodes of one operation: its Markdown parsed, without positions, the example in its box. */
export function operationNodes(op: ApiOperation, server: string): RootContent[] {
  const nodes = parseGenerated(operationMarkdown(op, server));
  // The example (request and response) side by side on wide screens: one box around the two.
  const group = nodes.findIndex((n) => n.type === "containerDirective" && n.name === "code-group");
  if (group >= 0 && nodes[group + 1]?.type === "code") {
    const pair = nodes.splice(group, 2);
    nodes.splice(group, 0, {
      type: "blockquote",
      data: { hName: "div", hProperties: { className: ["api-example"] } },
      children: pair as never,
    });
  }
  return nodes;
}

/** The description as the build hands it to its workers: the JSON and each operation's nodes. */
export function workerFile(json: string, api: ApiDescription): string {
  const rendered = Object.fromEntries(
    api.operations.map((o) => [o.id, operationNodes(o, api.server)]),
  );
  return `{"description":${json},"rendered":${JSON.stringify(rendered)}}`;
}

const cell = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    // A run of spaces is tried from its start only: from inside it, time grew with its square.
    .replace(/(?<!\s)\s*\n\s*/g, " ");
const code = (text: string) => "`" + text.replace(/`/g, "'") + "`";

/** The Markdown of one operation. */
export function operationMarkdown(op: ApiOperation, server: string): string {
  const out: string[] = [`${code(`${op.method} ${op.path}`)}`];
  if (op.description) out.push(op.description);
  const auth =
    op.auth.schemes.length === 0
      ? "No token: the client's credentials are the body."
      : op.auth.scopes.length
        ? `An OAuth token needs ${op.auth.scopes.map(code).join(" or ")}.`
        : "User API keys only.";
  const org = op.parameters.some((p) => p.in === "header" && p.name === "X-Brook-Org")
    ? " Send `X-Brook-Org: org_...` to act in an org."
    : "";
  out.push(auth + org);
  const params = op.parameters.filter((p) => !(p.in === "header" && p.name === "X-Brook-Org"));
  if (params.length) {
    out.push(
      "**Parameters**",
      "| name | in | type | required | description |\n|---|---|---|---|---|",
    );
    out[out.length - 1] +=
      "\n" +
      params
        .map(
          (p) =>
            `| ${code(p.name)} | ${p.in} | ${cell(typeOf(p.schema))} | ${p.required ? "yes" : "no"} | ${cell([p.description, limitsOf(p.schema)].filter(Boolean).join(" "))} |`,
        )
        .join("\n");
  }
  if (op.requestBody) {
    const rows = fieldRows(op.requestBody.schema);
    out.push(`**Request body** (${code(op.requestBody.mediaType)})`);
    if (rows.length)
      out.push(
        "| field | type | required | description |\n|---|---|---|---|\n" +
          rows
            .map(
              (r) =>
                `| ${code(r.name)} | ${cell(r.type)} | ${r.required ? "yes" : "no"} | ${cell(r.description)} |`,
            )
            .join("\n"),
      );
  }
  const example = requestSamples(exampleRequest(op, server));
  const ok = op.responses.find((r) => r.status.startsWith("2"));
  const fence = (lang: string, label: string, text: string) =>
    "````" + `${lang} [${label}]\n${text.replace(/\n$/, "")}\n` + "````";
  out.push(
    `:::code-group\n${fence("bash", "cURL", example.curl)}\n\n${fence("js", "Node.js", example.node)}\n\n${fence("python", "Python", example.python)}\n:::`,
  );
  if (ok) {
    const body =
      ok.example === undefined
        ? ""
        : typeof ok.example === "string"
          ? ok.example
          : JSON.stringify(ok.example, null, 2);
    const lang = ok.mediaType === "application/json" ? "json" : "text";
    out.push(fence(lang, `Response ${ok.status}`, body || `${ok.status}: ${ok.description}`));
    const rows = ok.schema && ok.mediaType === "application/json" ? fieldRows(ok.schema) : [];
    out.push(`**Response** ${code(ok.status)}: ${ok.description}`);
    if (rows.length)
      out.push(
        "| field | type | description |\n|---|---|---|\n" +
          rows
            .map((r) => `| ${code(r.name)} | ${cell(r.type)} | ${cell(r.description)} |`)
            .join("\n"),
      );
  }
  const errors = op.responses.filter((r) => /^[45]/.test(r.status));
  if (errors.length) {
    out.push(
      "**Errors**",
      "| status | `type` | `code` values | when |\n|---|---|---|---|\n" +
        errors
          .map(
            (r) =>
              `| ${r.status} | ${r.errorType ? code(r.errorType) : ""} | ${r.errorCodes.map(code).join(", ")} | ${cell(r.description)} |`,
          )
          .join("\n"),
    );
  }
  return out.join("\n\n") + "\n";
}
