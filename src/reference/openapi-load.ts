/**
 * Loads the REST API's description (config `reference.openapi`): YAML with the value tags of
 * openapi-values.ts, validated by a maintained OpenAPI 3.1 parser (@readme/openapi-parser), its
 * examples checked against their schemas. Every problem is a diagnostic at the YAML file's line:
 * the parser names a line of the description as JSON, which is mapped back to its path and, with
 * the YAML document's ranges, to the line that wrote it.
 */
import { LineCounter, isScalar, parseDocument, visit, type Document } from "yaml";
import { createHash } from "node:crypto";
import type { Diagnostic } from "../errors.ts";
import { valueTags, type ValueSource } from "./openapi-values.ts";
import { indexApi, type ApiDescription } from "./openapi-index.ts";
import { schemaProblems } from "./schema-check.ts";

/** The description, values resolved: as published, and indexed. */
export interface LoadedOpenApi {
  /** The file as diagnostics name it (data/openapi.yaml). */
  file: string;
  /** The published YAML (the tags replaced by their values) and JSON. */
  yaml: string;
  json: string;
  /** A hash of the JSON: what pages that show an operation depend on. */
  hash: string;
  api: ApiDescription;
  /** The site values the description read. */
  values: string[];
}

type Path = (string | number)[];

/** The path of each line of `JSON.stringify(value, null, 2)` (line n at index n - 1). */
export function jsonLinePaths(value: unknown): Path[] {
  const lines: Path[] = [[]];
  const visitValue = (v: unknown, path: Path) => {
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

/** The line of the YAML node at `path`, or of its nearest ancestor the document has. */
export function lineOf(doc: Document, counter: LineCounter, path: Path): number {
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range) return counter.linePos(range[0]).line;
  }
  return 1;
}

/** Parses, resolves and validates the description's text; diagnostics name `file`. */
export async function loadOpenApi(
  text: string,
  file: string,
  source: ValueSource,
): Promise<{ loaded?: LoadedOpenApi; diagnostics: Diagnostic[] }> {
  const counter = new LineCounter();
  const used = new Set<string>();
  const doc = parseDocument(text, {
    customTags: valueTags(source, used),
    lineCounter: counter,
    prettyErrors: false,
    uniqueKeys: true,
  });
  const at = (
    line: number,
    message: string,
    rule = "openapi",
    hint = "fix the description; the OpenAPI 3.1 specification says what each field takes",
  ): Diagnostic => ({ file, line, column: 1, rule, message, hint });
  const yamlErrors = [...doc.errors, ...doc.warnings].map((e) =>
    at(
      counter.linePos(e.pos[0]).line,
      e.message.split("\n")[0]!,
      "openapi-yaml",
      "fix the YAML at this line (a !value names a value of data/values.ts)",
    ),
  );
  if (yamlErrors.length) return { diagnostics: yamlErrors };
  const value = doc.toJS({ maxAliasCount: 1000 }) as Record<string, unknown>;
  const json = JSON.stringify(value, null, 2) + "\n";
  const hash = createHash("sha1").update(json).digest("hex");
  // The parser dereferences the object it is given, and its messages quote that object as JSON.
  const checked = structuredClone(value);
  // Loaded only here: a build that takes the description from its cache never loads the parser.
  const parser = await import("@readme/openapi-parser");
  const result = await parser.validate(checked as never, {
    validate: { errors: { colorize: false } },
  });
  if (!result.valid) {
    const paths = jsonLinePaths(checked);
    return {
      diagnostics: result.errors.map((e) => {
        const [message = "invalid", ...frame] = e.message.split("\n");
        const marked = frame.map((l) => /^>\s*(\d+)\s*\|/.exec(l)).find(Boolean);
        const pointed = frame.find((l) => /^\s*\|\s*\^/.test(l))?.replace(/^\s*\|\s*\^\s*/, "");
        const line = marked ? lineOf(doc, counter, paths[Number(marked[1]) - 1] ?? []) : 1;
        return at(
          line,
          `the description is not valid OpenAPI 3.1: ${message.trim()}${pointed ? ` (${pointed.trim()})` : ""}`,
        );
      }),
    };
  }
  let api: ApiDescription;
  try {
    api = indexApi(value);
  } catch (e) {
    return { diagnostics: [at(1, (e as Error).message)] };
  }
  const diagnostics = exampleProblems(api).map(({ path, message }) =>
    at(
      lineOf(doc, counter, path),
      message,
      "openapi-example",
      "make the example match its schema, or the schema the example",
    ),
  );
  if (diagnostics.length) return { diagnostics };
  // Published: the values in place of their tags (anchors stay: every YAML reader follows them).
  // The file's own header explains the tags, which the published file no longer has.
  doc.commentBefore = " Brook's REST API, OpenAPI 3.1: the description the docs are made from.";
  visit(doc, {
    Scalar: (_, node) =>
      void (isScalar(node) && node.tag?.startsWith("!") && (node.tag = undefined)),
  });
  return {
    loaded: {
      file,
      yaml: doc.toString({ lineWidth: 0 }),
      json,
      hash,
      api,
      values: [...used].sort(),
    },
    diagnostics: [],
  };
}

/** Examples of the description that their own schemas refuse. */
function exampleProblems(api: ApiDescription): { path: Path; message: string }[] {
  const out: { path: Path; message: string }[] = [];
  for (const op of api.operations) {
    const base: Path = ["paths", op.path, op.method.toLowerCase()];
    const body = op.requestBody;
    if (body?.example !== undefined)
      for (const p of schemaProblems(body.schema, body.example))
        out.push({
          path: [...base, "requestBody", "content", body.mediaType, "example"],
          message: `${op.id}: the request example: ${p.message}`,
        });
    for (const r of op.responses)
      if (r.schema && r.example !== undefined && r.mediaType === "application/json")
        for (const p of schemaProblems(r.schema, r.example))
          out.push({
            path: [...base, "responses", r.status],
            message: `${op.id}: the ${r.status} response's example: ${p.message}`,
          });
    for (const p of op.parameters)
      if (p.example !== undefined)
        for (const q of schemaProblems(p.schema, p.example))
          out.push({
            path: [...base],
            message: `${op.id}: the example of parameter ${p.name}: ${q.message}`,
          });
  }
  return out;
}
