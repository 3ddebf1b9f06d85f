/**
 * What is wrong with the REST API's description, as paths into it: the maintained OpenAPI 3.1
 * parser's verdict (@readme/openapi-parser), then the description's own examples against their
 * schemas and the example request they make (request-check.ts). Plain data in, plain data out, so it runs on this thread or on a thread of its own
 * (openapi-worker.ts); openapi-load.ts turns the paths into the YAML's lines.
 */
import { indexApi, type ApiDescription } from "../../shared/openapi/operations.ts";
import { exampleRequest } from "../../shared/openapi/example-request.ts";
import { exampleRequestProblems } from "./request-check.ts";
import { lintProblems } from "./openapi-lint.ts";
import { patternRisk } from "./safe-pattern.ts";
import { schemaProblems } from "./schema-check.ts";

/** A path into the description: keys and array indexes. */
export type DescriptionPath = (string | number)[];

/** One problem of the description; `path` absent when the parser named no place. */
export interface DescriptionProblem {
  path?: DescriptionPath;
  message: string;
  rule: "openapi" | "openapi-example";
  /** How to fix it, where the check knows better than the rule's usual hint. */
  hint?: string;
}

/** The path of each line of `JSON.stringify(value, null, 2)` (line n at index n - 1). */
export function jsonLinePaths(value: unknown): DescriptionPath[] {
  const lines: DescriptionPath[] = [[]];
  const visitValue = (v: unknown, path: DescriptionPath) => {
    if (!v || typeof v !== "object") return;
    const entries: [string | number, unknown][] = Array.isArray(v)
      ? v.map((x, i) => [i, x])
      : Object.entries(v).filter(([, x]) => x !== undefined);
    if (!entries.length) return;
    for (const [k, x] of entries) {
      lines.push([...path, k]);
      visitValue(x, [...path, k]);
    }
    lines.push(path);
  };
  visitValue(value, []);
  return lines;
}

/** The OpenAPI parser, loaded only here: a build that takes the description from its cache never loads it. */
export function loadParser(): Promise<typeof import("@readme/openapi-parser")> {
  return import("@readme/openapi-parser");
}

/**
 * The parser's problems; or else, once every pattern is known to be safe to run, the linter's
 * and the examples' (a description the parser refuses is not indexed or linted).
 */
export async function descriptionProblems(
  value: Record<string, unknown>,
): Promise<DescriptionProblem[]> {
  // The parser dereferences the object it is given, and its messages quote that object as JSON.
  const checked = structuredClone(value);
  const parser = await loadParser();
  const result = await parser.validate(checked as never, {
    validate: { errors: { colorize: false } },
  });
  if (!result.valid) {
    const paths = jsonLinePaths(checked);
    return result.errors.map((e) => {
      const [message = "invalid", ...frame] = e.message.split("\n");
      const marked = frame.map((l) => /^>\s*(\d+)\s*\|/.exec(l)).find(Boolean);
      const pointed = frame.find((l) => /^\s*\|\s*\^/.test(l))?.replace(/^\s*\|\s*\^\s*/, "");
      return {
        path: marked ? (paths[Number(marked[1]) - 1] ?? []) : undefined,
        message: `the description is not valid OpenAPI 3.1: ${message.trim()}${pointed ? ` (${pointed.trim()})` : ""}`,
        rule: "openapi",
      };
    });
  }
  const patterns = patternProblems(value);
  if (patterns.length) return patterns;
  let api: ApiDescription;
  try {
    api = indexApi(value);
  } catch (e) {
    return [{ message: (e as Error).message, rule: "openapi" }];
  }
  return [...(await lintProblems(value)), ...exampleProblems(api)];
}

/** Every schema `pattern` that may backtrack without end (safe-pattern.ts), by its path. */
function patternProblems(value: unknown): DescriptionProblem[] {
  const out: DescriptionProblem[] = [];
  const stack: [unknown, DescriptionPath][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (!v || typeof v !== "object") continue;
    for (const [k, x] of Object.entries(v)) {
      const at = [...path, Array.isArray(v) ? Number(k) : k];
      const risk = k === "pattern" && typeof x === "string" ? patternRisk(x) : undefined;
      if (risk)
        out.push({
          path: at,
          rule: "openapi",
          message: `the pattern ${JSON.stringify(x)} is not safe to run on the pages' examples: ${risk}; write it so that no two ways of repeating match the same text (^(a+)+$ can, ^a+$ cannot)`,
        });
      else stack.push([x, at]);
    }
  }
  return out;
}

/** Examples of the description that their own schemas refuse. */
function exampleProblems(api: ApiDescription): DescriptionProblem[] {
  const out: DescriptionProblem[] = [];
  const add = (path: DescriptionPath, message: string) =>
    out.push({ path, message, rule: "openapi-example" });
  for (const op of [...api.operations, ...api.webhooks]) {
    const base: DescriptionPath = op.webhook
      ? ["webhooks", op.webhook, op.method.toLowerCase()]
      : ["paths", op.path, op.method.toLowerCase()];
    const body = op.requestBody;
    if (body?.example !== undefined)
      for (const p of schemaProblems(body.schema, body.example))
        add(
          [...base, "requestBody", "content", body.mediaType, "example"],
          `${op.id}: the request example: ${p.message}`,
        );
    for (const r of op.responses) {
      if (!r.schema || r.mediaType !== "application/json") continue;
      // Every answer the reference shows has an example a reader (and a mock server) can trust.
      if (r.example === undefined)
        out.push({
          path: [...base, "responses", r.status],
          message: `${op.id}: the ${r.status} response has no example`,
          rule: "openapi-example",
          hint: "add an `example` beside the response's `schema`: an answer as Brook sends it",
        });
      else
        for (const p of schemaProblems(r.schema, r.example))
          add(
            [...base, "responses", r.status],
            `${op.id}: the ${r.status} response's example: ${p.message}`,
          );
    }
    for (const p of op.parameters)
      if (p.example !== undefined)
        for (const q of schemaProblems(p.schema, p.example))
          add(base, `${op.id}: the example of parameter ${p.name}: ${q.message}`);
    // The request the reference shows and assistants get: made from these examples, it must work.
    // (A webhook's goes to the reader's URL: its parts are checked above, and by what it lacks.)
    const example = exampleRequest(op, op.exampleUrl ?? api.server);
    const problems = op.webhook
      ? [...example.gaps, ...(op.exampleUrl ? [] : ["x-example-url names no URL to send it to"])]
      : exampleRequestProblems(example, api);
    for (const m of problems) add(base, `${op.id}: the example request: ${m}`);
  }
  return out;
}
