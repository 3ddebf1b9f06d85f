/**
 * `get_api_operation`'s answer: one operation of the REST API in a few KB of Markdown. Its
 * method, path, auth and parameters; its request body and responses with each shared schema
 * named where it is used (every error answers the same envelope); the error types and codes each
 * status can carry; the example request the REST reference shows, made by the one builder the
 * site and the build's checks use (src/shared/openapi/example-request.ts), in the language asked
 * for; and last each shared schema written once, which a cut answer leaves for its second part.
 */
import { exampleRequest } from "../../shared/openapi/example-request.ts";
import type { ApiDescription, ApiOperation } from "../../shared/openapi/operations.ts";
import { requestSamples, SAMPLE_LANGUAGES } from "../../shared/openapi/request-samples.ts";
import { isObject, SchemaWriter } from "./api-schema-text.ts";

type Json = Record<string, unknown>;

/** A language of the example request: `curl`, `node`, `python` or `go`. */
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number]["key"];

/** The operation as text; `spec` is the description as published, `$ref`s as written. */
export function operationText(
  spec: Json,
  api: ApiDescription,
  op: ApiOperation,
  language: SampleLanguage,
): string {
  const item = (spec.paths as Json)[op.path] as Json;
  const raw = item[op.method.toLowerCase()] as Json;
  const schemas = new SchemaWriter(spec, `${op.method} ${op.path}`);
  const out = [
    `# ${op.method} ${op.path}`,
    "",
    `${op.summary} (operationId \`${op.id}\`; ${op.tags.join(", ") || "no tag"}). Paths are relative to ${api.server}.`,
  ];
  if (op.description) out.push("", op.description);
  out.push("", `Auth: ${authText(spec, op)}`);

  const params = [...list(item.parameters), ...list(raw.parameters)].map((p) => follow(spec, p));
  const own = params.filter(
    (p, i) => !params.slice(i + 1).some((q) => q.name === p.name && q.in === p.in),
  );
  if (own.length) {
    out.push("", "## Parameters", "");
    for (const p of own) {
      const about = typeof p.description === "string" ? ` — ${p.description}` : "";
      out.push(
        `- \`${String(p.name)}\` (${String(p.in)}${p.required === true ? ", required" : ""}): ${schemas.type(p.schema)}${about}`,
      );
    }
  }

  const body = isObject(raw.requestBody) ? follow(spec, raw.requestBody) : undefined;
  const [mediaType, media] = Object.entries(isObject(body?.content) ? body.content : {})[0] ?? [];
  if (mediaType && isObject(media))
    out.push(
      "",
      `## Request body (${mediaType}${body?.required === true ? ", required" : ""})`,
      "",
      "```ts",
      schemas.type(media.schema),
      "```",
    );

  out.push("", "## Responses", "");
  for (const [status, value] of Object.entries(isObject(raw.responses) ? raw.responses : {})) {
    const r = follow(spec, value);
    const [type, content] = Object.entries(isObject(r.content) ? r.content : {})[0] ?? [];
    const shape =
      type && isObject(content) ? `${type}, ${schemas.type(content.schema)}` : "no body";
    const codes = Array.isArray(r["x-error-codes"]) ? r["x-error-codes"].map(String) : [];
    const error =
      typeof r["x-error-type"] === "string"
        ? ` Error type \`${r["x-error-type"]}\`${codes.length ? `, codes ${codes.map((c) => `\`${c}\``).join(", ")}` : ""}.`
        : "";
    out.push(`- **${status}** (${shape}): ${String(r.description ?? "")}${error}`);
  }

  const example = exampleRequest(op, api.server);
  const label = SAMPLE_LANGUAGES.find((l) => l.key === language)!;
  out.push("", `## Example request (${label.label})`, "");
  if (example.gaps.length)
    out.push(`The description lacks what a working request needs: ${example.gaps.join("; ")}.`);
  else {
    const others = SAMPLE_LANGUAGES.filter((l) => l.key !== language).map((l) => `\`${l.key}\``);
    out.push(
      "```" + label.lang,
      requestSamples(example)[language].trimEnd(),
      "```",
      "",
      `The same request in ${others.join(", ")}: ask again with \`language\`.`,
    );
  }

  const definitions = schemas.definitions();
  if (definitions.length)
    out.push(
      "",
      "## Schemas",
      "",
      "Each named once; `?` marks an optional field.",
      "",
      "```ts",
      ...definitions,
      "```",
    );
  return out.join("\n");
}

/** Who may call it: each security scheme as a request sends it, and the OAuth scopes it needs. */
function authText(spec: Json, op: ApiOperation): string {
  if (!op.auth.schemes.length) return "none.";
  const defined = (spec.components as Json | undefined)?.securitySchemes as Json | undefined;
  const ways = op.auth.schemes.map((name) => {
    const s = isObject(defined?.[name]) ? (defined[name] as Json) : {};
    if (s.type === "http")
      return `\`${name}\`, \`Authorization: ${capital(String(s.scheme ?? "bearer"))} …\``;
    if (s.type === "apiKey") return `\`${name}\`, the ${String(s.in)} \`${String(s.name)}\``;
    return `\`${name}\`, an access token as \`Authorization: Bearer …\``;
  });
  const scopes = op.auth.scopes.map((s) => `\`${s}\``).join(", ");
  return `${ways.join("; or ")}${scopes ? ` (OAuth scope ${scopes})` : ""}.`;
}

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A parameter, body or response: its `$ref` followed (at most a few hops, as a description chains them). */
function follow(spec: Json, value: unknown): Json {
  let node = value;
  for (let hops = 0; hops < 8 && isObject(node) && typeof node.$ref === "string"; hops++) {
    const path = node.$ref.startsWith("#/") ? node.$ref.slice(2).split("/") : [];
    node = path.reduce<unknown>(
      (at, key) =>
        isObject(at)
          ? at[decodeURIComponent(key).replace(/~1/g, "/").replace(/~0/g, "~")]
          : undefined,
      spec,
    );
  }
  return isObject(node) ? node : {};
}
