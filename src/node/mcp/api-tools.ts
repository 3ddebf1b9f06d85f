/**
 * The tools of the REST API, from the description the build publishes (`openapi.json` under the
 * base): `list_api_operations` and `get_api_operation`. The description is read and indexed once
 * a session, as the build reads it (src/shared/openapi/operations.ts).
 */
import { z } from "zod";
import {
  indexApi,
  type ApiDescription,
  type ApiOperation,
} from "../../shared/openapi/operations.ts";
import { SAMPLE_LANGUAGES } from "../../shared/openapi/request-samples.ts";
import { OPENAPI_FILES } from "../../shared/output-layout.ts";
import { ANSWER_CHARS, cutAtBlock, cutLines, quoteInput } from "./answer-size.ts";
import { operationText, type SampleLanguage } from "./api-operation-text.ts";
import { findOperation } from "./api-operations.ts";
import { parseJson, type Docs } from "./docs.ts";
import { answer, toolError, type Tool } from "./tool-result.ts";

type Json = Record<string, unknown>;

/** The published description as written and indexed. */
interface Api {
  spec: Json;
  api: ApiDescription;
}

const apis = new WeakMap<Docs, Promise<Api>>();

/** The published description, read and indexed once for these docs. */
function openApi(docs: Docs): Promise<Api> {
  let api = apis.get(docs);
  if (!api) {
    api = (async () => {
      const spec = parseJson<Json>(await docs.source.read(OPENAPI_FILES.json));
      if (!spec || typeof spec !== "object" || spec.paths === undefined)
        throw new Error(
          `these docs publish no OpenAPI description (${OPENAPI_FILES.json} under the docs' base)`,
        );
      try {
        return { spec, api: indexApi(spec) };
      } catch (e) {
        throw new Error(
          `${OPENAPI_FILES.json} of these docs cannot be read: ${(e as Error).message}; brook-docs never publishes such a description`,
        );
      }
    })();
    apis.set(docs, api);
    // A site that did not answer is asked again next time.
    api.catch(() => apis.delete(docs));
  }
  return api;
}

/** Room kept for the note that says where a cut answer goes on (its longest is under 300). */
const CUT_NOTE_CHARS = 300;
/** The longest line naming an operation (the docs' longest is under 100). */
const LINE_CHARS = 200;

/**
 * `head` and the operation's text from `start`, within the bound: cut at a block when longer (no
 * operation of the docs is), with the `start` to go on from.
 */
function bounded(head: string, text: string, start: number, asked: string): string {
  const rest = text.slice(start);
  if (head.length + rest.length <= ANSWER_CHARS.operation) return head + rest;
  const cut = cutAtBlock(rest, ANSWER_CHARS.operation - head.length - CUT_NOTE_CHARS);
  const next = start + cut.rest!;
  return `${head}${cut.text}\n\n---\nCut here: this answer holds characters ${start} to ${next} of ${text.length}. For the rest, call get_api_operation with the same operation (${quoteInput(asked)}) and start ${next}.`;
}

const line = (o: ApiOperation) => {
  const text = `${o.method} ${o.path} (${o.id}): ${o.summary}`;
  return text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS)}…` : text;
};

/** list_api_operations */
export const listApiOperations: Tool = {
  name: "list_api_operations",
  title: "List Brook's REST API operations",
  description: `Lists the operations of Brook's REST API (method, path, operationId, summary), optionally of one tag such as Workflows; one line each, at most ${ANSWER_CHARS.list.toLocaleString("en-US")} characters (past it, the answer says how many it left out).`,
  input: { tag: z.string().optional().describe("Only the operations of this tag") },
  async run(docs, args) {
    const { api } = await openApi(docs);
    const tag = String(args.tag ?? "")
      .trim()
      .toLowerCase();
    const ops = api.operations.filter((o) => !tag || o.tags.some((t) => t.toLowerCase() === tag));
    if (!ops.length) {
      const tags = [...new Set(api.operations.flatMap((o) => o.tags))];
      return toolError(
        tag
          ? `No operation has the tag ${quoteInput(String(args.tag))}. Tags: ${tags.join(", ")}.`
          : `${OPENAPI_FILES.json} of these docs lists no operation.`,
      );
    }
    return answer(
      cutLines(
        ops.map((o) => `- ${line(o)}`),
        ANSWER_CHARS.list,
        (left) => `${left} more are not listed: ask list_api_operations with a tag.`,
      ),
    );
  },
};

/** get_api_operation */
export const getApiOperation: Tool = {
  name: "get_api_operation",
  title: "Describe a Brook REST API operation",
  description: `Describes one operation of Brook's REST API: auth, parameters, request body and responses (shared schemas named once, the error codes of each status) and the example request the REST reference shows, in at most ${ANSWER_CHARS.operation.toLocaleString("en-US")} characters (a longer one is cut at a block and says the \`start\` of the rest). Takes an operationId, \`METHOD /path\` (a template or a real path), or the words of what you want to do (\`create a subscription\`); a name that matches no operation is an error that lists the closest ones.`,
  input: {
    operation: z.string().describe("operationId, `POST /subscriptions`, or what you want to do"),
    language: z
      .enum(SAMPLE_LANGUAGES.map((l) => l.key) as [SampleLanguage, ...SampleLanguage[]])
      .optional()
      .describe("The example request's language (default curl)"),
    start: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Where to go on from, in characters, as a cut answer says"),
  },
  async run(docs, args) {
    const asked = String(args.operation ?? "").trim();
    if (!asked)
      return toolError("name an operation: an operationId, `METHOD /path`, or what you want to do");
    const { spec, api } = await openApi(docs);
    const found = findOperation(api, asked);
    if (!found.op)
      return toolError(
        `No operation matches ${quoteInput(asked)}: ${found.why}. The closest: ${found.closest.map(line).join("; ")}. list_api_operations lists them all.`,
      );
    const text = operationText(spec, api, found.op, (args.language as SampleLanguage) ?? "curl");
    const note =
      found.matched === "by its words"
        ? `Matched by the words of ${quoteInput(asked)}${found.others.length ? `; also close: ${found.others.map(line).join("; ")}` : ""}.\n\n`
        : "";
    return answer(bounded(note, text, Number(args.start ?? 0), asked));
  },
};
