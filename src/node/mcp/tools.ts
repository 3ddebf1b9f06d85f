/**
 * The assistant server's tools (docs/design.md §9 fixes their names). Each takes the loaded docs and
 * its arguments, and answers with Markdown text; a question it cannot answer is a tool error.
 */
import { z } from "zod";
import { describeOperation, findOperations, operationsOf } from "./api-operations.ts";
import { parseJson, readPage, routeOf, suggestPages, type Docs } from "./docs.ts";
import { docsSearch, type SearchHit } from "./docs-search.ts";
import { OPENAPI_FILES, VALUES_FILE } from "../../shared/output-layout.ts";
import { figuresOf, findFigures } from "./limits.ts";

/** A tool's answer. */
export type ToolResult = { content: { type: "text"; text: string }[]; isError?: boolean };

/** A tool error an assistant can read. */
export const toolError = (text: string): ToolResult => ({
  content: [{ type: "text", text }],
  isError: true,
});

/** One tool: its name, what it is for (for the assistant), its arguments and what it does. */
export interface Tool {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  run(docs: Docs, args: Record<string, unknown>): Promise<ToolResult>;
}

/** Results of search_docs: as many as the search box shows pages, five unless asked. */
const MAX_RESULTS = 8;
const DEFAULT_RESULTS = 5;

const answer = (text: string): ToolResult => ({ content: [{ type: "text", text }] });
const searches = new WeakMap<Docs, ReturnType<typeof docsSearch>>();

/** The tools, in the order `--help` lists them. */
export const TOOLS: Tool[] = [
  {
    name: "search_docs",
    title: "Search the Brook docs",
    description:
      "Searches the Brook developer docs with the site's own search; returns the best pages first, each with its best section, URL and a snippet.",
    input: {
      query: z.string().describe("What to look for, in words or as a question"),
      limit: z
        .number()
        .int()
        .min(1)
        .max(MAX_RESULTS)
        .optional()
        .describe(`How many pages (default ${DEFAULT_RESULTS})`),
    },
    async run(docs, args) {
      const query = String(args.query ?? "").trim();
      if (!query)
        return toolError(
          "the query is empty: ask with a few words, such as `respond to an HTTP request`",
        );
      let search = searches.get(docs);
      if (!search) searches.set(docs, (search = docsSearch(docs)));
      const hits = await search(query, Number(args.limit ?? DEFAULT_RESULTS));
      if (!hits.length)
        return answer(`No page of the docs matches "${query}". Try other words, or list_pages.`);
      return answer(hits.map(formatHit).join("\n\n"));
    },
  },
  {
    name: "get_page",
    title: "Read a page of the Brook docs",
    description:
      "Returns a page of the Brook docs as Markdown, with its title, URL and last update. Takes a route (/limits/), a path or a URL of the docs.",
    input: { path_or_url: z.string().describe("The page: /workflows/steps/triggers/, or its URL") },
    async run(docs, args) {
      const asked = String(args.path_or_url ?? "");
      const { route, asked: tried } = routeOf(docs, asked);
      const page = route && (await readPage(docs, route));
      if (!page) {
        const near = suggestPages(docs, tried);
        const hint = near.length
          ? ` Did you mean: ${near.map((p) => `${p.route} (${p.title})`).join(", ")}?`
          : " list_pages lists every page.";
        return toolError(`No page at ${tried}.${hint}`);
      }
      const head = [
        `Title: ${page.title}`,
        `URL: ${page.url}`,
        ...(page.lastUpdated ? [`Last updated: ${page.lastUpdated}`] : []),
      ];
      return answer(`${head.join("\n")}\n\n${page.markdown}`);
    },
  },
  {
    name: "list_pages",
    title: "List the pages of the Brook docs",
    description:
      "Lists the Brook docs' pages by sidebar group, with their descriptions; optionally only the groups whose name contains `group`.",
    input: { group: z.string().optional().describe("A sidebar group, such as Workflows or API") },
    async run(docs, args) {
      const group = String(args.group ?? "")
        .trim()
        .toLowerCase();
      const pages = docs.pages.filter((p) => !group || p.group.toLowerCase().includes(group));
      if (!pages.length) {
        const groups = [...new Set(docs.pages.map((p) => p.group))];
        return toolError(
          `No sidebar group matches "${args.group}". The groups: ${groups.join("; ")}.`,
        );
      }
      const out: string[] = [];
      let last = "";
      for (const p of pages) {
        if (p.group !== last) out.push(`${out.length ? "\n" : ""}## ${(last = p.group)}`);
        out.push(`- ${p.title} (${p.route}): ${p.description}`);
      }
      return answer(out.join("\n"));
    },
  },
  {
    name: "list_api_operations",
    title: "List Brook's REST API operations",
    description:
      "Lists the operations of Brook's REST API (method, path, operationId, summary), optionally of one tag such as Workflows.",
    input: { tag: z.string().optional().describe("Only the operations of this tag") },
    async run(docs, args) {
      const { spec } = await openApi(docs);
      const tag = String(args.tag ?? "")
        .trim()
        .toLowerCase();
      const ops = operationsOf(spec).filter(
        (o) => !tag || o.tags.some((t) => t.toLowerCase() === tag),
      );
      if (!ops.length)
        return toolError(
          tag
            ? `No operation has the tag "${args.tag}". Tags: ${tagsOf(spec).join(", ")}.`
            : `${OPENAPI_FILES.json} of these docs lists no operation.`,
        );
      return answer(
        ops.map((o) => `- ${o.method} ${o.path} (${o.operationId}): ${o.summary}`).join("\n"),
      );
    },
  },
  {
    name: "get_api_operation",
    title: "Describe a Brook REST API operation",
    description:
      "Describes one operation of Brook's REST API: parameters, request and response schemas, and an example request. Takes an operationId, `METHOD /path`, or a question such as `create a subscription`.",
    input: {
      operation: z.string().describe("operationId, `POST /subscriptions`, or what you want to do"),
    },
    async run(docs, args) {
      const { spec, apiBase } = await openApi(docs);
      const asked = String(args.operation ?? "").trim();
      if (!asked)
        return toolError(
          "name an operation: an operationId, `METHOD /path`, or what you want to do",
        );
      const [best, ...others] = findOperations(operationsOf(spec), asked);
      if (!best)
        return toolError(`No operation matches "${asked}"; list_api_operations lists them all.`);
      const text = JSON.stringify(describeOperation(spec, best, apiBase), null, 2);
      const more = others.length
        ? `\n\nAlso close: ${others.map((o) => `${o.method} ${o.path} (${o.operationId})`).join(", ")}`
        : "";
      return answer(
        `${best.method} ${best.path}: ${best.summary}\n\n\`\`\`json\n${text}\n\`\`\`${more}`,
      );
    },
  },
  {
    name: "get_limit",
    title: "Look up a Brook limit",
    description:
      "Returns Brook's figures (limits, plans, runtimes, retries, timings) as the docs state them; by key (limits.httpPayload) or words (http payload). Without a name, all of them.",
    input: { name: z.string().optional().describe("A key or words, such as `queue size`") },
    async run(docs, args) {
      const values = parseJson<unknown>(await docs.source.read(VALUES_FILE));
      if (values === undefined)
        return toolError(
          `these docs publish no ${VALUES_FILE}: rebuild them with this version of brook-docs`,
        );
      const figures = figuresOf(values);
      const asked = String(args.name ?? "").trim();
      const found = asked ? findFigures(figures, asked) : figures;
      if (!found.length)
        return toolError(
          `No figure matches "${asked}". Keys: ${figures.map((f) => f.name).join(", ")}.`,
        );
      return answer(
        found.map((f) => `${f.name}: ${f.value}`).join("\n") +
          `\n\nThe limits page: ${docs.pages.find((p) => p.route === "/limits/")?.url ?? "/limits/"}`,
      );
    },
  },
];

function formatHit(h: SearchHit, i: number): string {
  return `${i + 1}. ${h.title}${h.section ? ` › ${h.section}` : ""}\n   ${h.url}\n   ${h.snippet}`;
}

/** The published OpenAPI description and the API's base URL. */
async function openApi(docs: Docs): Promise<{ spec: Record<string, unknown>; apiBase: string }> {
  const spec = parseJson<Record<string, unknown>>(await docs.source.read(OPENAPI_FILES.json));
  if (!spec?.paths)
    throw new Error(
      `these docs publish no OpenAPI description (${OPENAPI_FILES.json} under the docs' base)`,
    );
  const servers = spec.servers as { url?: string }[] | undefined;
  return { spec, apiBase: servers?.[0]?.url ?? "" };
}

function tagsOf(spec: Record<string, unknown>): string[] {
  return [...new Set(operationsOf(spec).flatMap((o) => o.tags))];
}
