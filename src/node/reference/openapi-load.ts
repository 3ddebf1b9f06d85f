/**
 * Loads the REST API's description (config `reference.openapi`): YAML with the value tags of
 * openapi-values.ts, validated by a maintained OpenAPI 3.1 parser (@readme/openapi-parser), its
 * examples checked against their schemas. Every problem is a diagnostic at the YAML file's line:
 * the parser names a line of the description as JSON, which is mapped back to its path and, with
 * the YAML document's ranges, to the line that wrote it.
 */
import { LineCounter, isScalar, parseDocument, visit } from "yaml";
import { lineOf } from "../core/yaml-lines.ts";
import { createHash } from "node:crypto";
import type { Diagnostic } from "../core/errors.ts";
import { valueTags, type ValueSource } from "./openapi-values.ts";
import { indexApi, type ApiDescription } from "../../shared/openapi/operations.ts";
import { validationThread } from "./openapi-thread.ts";
import {
  DescriptionLimitError,
  MAX_DEPTH,
  TOO_DEEP,
  TOO_MANY_WRITTEN,
  tooLarge,
} from "../../shared/openapi/limits.ts";
import { descriptionProblems, type DescriptionProblem } from "./openapi-validate.ts";

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

/** Parses, resolves and validates the description's text; diagnostics name `file`. */
export async function loadOpenApi(
  text: string,
  file: string,
  source: ValueSource,
): Promise<{ loaded?: LoadedOpenApi; diagnostics: Diagnostic[] }> {
  const parsed = parseOpenApi(text, file, source);
  const diagnostics = await parsed.validate();
  return diagnostics.length ? { diagnostics } : { loaded: parsed.loaded, diagnostics };
}

/**
 * Parses and resolves the description's text, without validating it. `validate` gives every
 * diagnostic, at the YAML's lines (on a thread of its own with `thread`, when the bundle has
 * one); without `loaded`, `diagnostics` are the YAML's errors or the index's, and `validate` says
 * more where it can.
 */
export function parseOpenApi(
  text: string,
  file: string,
  source: ValueSource,
): {
  loaded?: LoadedOpenApi;
  diagnostics: Diagnostic[];
  validate: (thread?: boolean) => Promise<Diagnostic[]>;
  /** Starts the thread `validate(true)` uses, so it is ready when asked. */
  startThread: () => void;
} {
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
      // The YAML library reports nesting its reader cannot follow as its stack's overflow.
      /call stack/i.test(e.message)
        ? `the YAML nests too deep to read; a description nests at most ${MAX_DEPTH} levels`
        : e.message.split("\n")[0]!,
      "openapi-yaml",
      "fix the YAML at this line (a !value names a value of data/values.ts)",
    ),
  );
  const none = () => undefined;
  const refuse = (diagnostics: Diagnostic[]) => ({
    diagnostics,
    validate: async () => diagnostics,
    startThread: none,
  });
  if (yamlErrors.length) return refuse(yamlErrors);
  const value = doc.toJS({ maxAliasCount: 1000 }) as Record<string, unknown>;
  // An empty file, a scalar or a list: the parser would refuse it as an argument, not a description.
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return refuse([
      at(
        1,
        `the description is ${value === null ? "empty" : Array.isArray(value) ? "a list" : "a single value"}: an OpenAPI document is a mapping with openapi, info and paths`,
      ),
    ]);
  // Before anything walks it: deeper nesting overflows the stacks of the YAML writer and the parser.
  const past = tooLarge(value);
  if (past)
    return refuse([
      at(lineOf(doc, counter, past.path), past.over === "depth" ? TOO_DEEP : TOO_MANY_WRITTEN),
    ]);
  const json = JSON.stringify(value, null, 2) + "\n";
  const hash = createHash("sha1").update(json).digest("hex");
  let onThread: (() => Promise<DescriptionProblem[]>) | undefined;
  const startThread = () => void (onThread ??= validationThread(json));
  const validate = async (thread = false): Promise<Diagnostic[]> => {
    const problems = thread
      ? await (onThread ?? validationThread(json))()
      : await descriptionProblems(value);
    return problems.map(({ path, message, rule, hint }) =>
      rule === "openapi-example"
        ? at(
            lineOf(doc, counter, path ?? []),
            message,
            rule,
            hint ?? "make the example match its schema, or the schema the example",
          )
        : at(path ? lineOf(doc, counter, path) : 1, message, rule, hint),
    );
  };
  let api: ApiDescription;
  try {
    api = indexApi(value);
  } catch (e) {
    // A limit is the whole answer: the parser would follow the same $refs.
    if (e instanceof DescriptionLimitError)
      return refuse([at(lineOf(doc, counter, e.path), e.message)]);
    // What the parser says of such a description names its line; the index's message does not.
    const failed = at(1, (e as Error).message);
    return {
      diagnostics: [failed],
      startThread: none,
      validate: async () => {
        const found = await validate();
        return found.length ? found : [failed];
      },
    };
  }
  // Published: the values in place of their tags (anchors stay: every YAML reader follows them).
  // The file's own header explains the tags, which the published file no longer has. Lines are
  // found from the nodes' ranges, which this leaves as they were.
  doc.commentBefore = " Brook's REST API, OpenAPI 3.1: the description the docs are made from.";
  visit(doc, {
    Scalar: (_, node) => {
      if (!isScalar(node) || !node.tag?.startsWith("!")) return;
      // A tag that stands for a list (`!errors`) is written as the list.
      if (Array.isArray(node.value)) return doc.createNode(node.value);
      node.tag = undefined;
    },
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
    validate,
    startThread,
  };
}
