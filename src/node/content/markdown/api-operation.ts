/**
 * `::operation{id=createSubscription}`: one operation (or webhook) of the REST API description,
 * rendered where the directive stands (README, "REST API operations") by operation-nodes.ts: the
 * method and path as text, the description, the fields as a tree, the request in every language
 * and a response for each status. Nodes made from the description, so code groups, highlighting
 * and the Markdown for machines treat them as if they were written there; they carry no position
 * (nothing of them is in the page's source). Their code blocks go to the example checks as the
 * page's own, placed at the directive's line.
 */
import { readFileSync } from "node:fs";
import type { Heading, Parent, RootContent } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import { indexApi, type ApiDescription } from "../../../shared/openapi/operations.ts";
import { propose } from "../../../shared/similar.ts";
import type { CodeSample } from "../../examples/sample.ts";
import { generatedSamples } from "../code/code-samples.ts";
import { sharedOf } from "./field-nodes.ts";
import { generatedNodes, paragraph } from "./generated-nodes.ts";
import { operationNodes } from "./operation-nodes.ts";
import { placeOf, type PassReport } from "./pass-report.ts";

export { operationNodes };

/** What the directive needs of the page being rendered. */
export interface OperationContext extends PassReport {
  api?: ApiDescription;
  /** Set when the page showed an operation: the page then depends on the description. */
  usedApi?: boolean;
  /** The page's code blocks for the example checks: the operation's are added. */
  samples?: CodeSample[];
  route?: string;
  /** The component objects whose response fields the page showed, and where (sharedObjects). */
  shownObjects?: Map<string, string>;
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

/**
 * The nodes that stand for the directive: the operation, or a diagnostic and nothing. `above` is
 * the depth of the heading the directive stands under: its parts' headings are one level below.
 */
export function expandOperation(
  node: LeafDirective,
  ctx: OperationContext,
  above = 3,
): RootContent[] {
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
  const nodes = generatedNodes(
    api,
    id,
    () => (api.rendered?.[id] as RootContent[] | undefined) ?? operationNodes(op, api.server),
  );
  sharedObjects(nodes, (ctx.shownObjects ??= new Map()));
  placeHeadings(nodes, Math.min(above + 1, 6) as Heading["depth"]);
  // Checked as the page's own blocks, each problem reported at the directive.
  ctx.samples?.push(
    ...generatedSamples(nodes, {
      file: place.file,
      line: place.line,
      column: place.column ?? 1,
      route: ctx.route ?? "",
      origin: `::operation{id=${id}}`,
    }),
  );
  return nodes;
}

/**
 * A response object the page already showed (`Workflow` under Create, then Get and Update) is
 * shown once: a later copy of its fields becomes a link to the first, as an API reference
 * documents an object once. Request bodies stay whole (field-nodes.ts marks responses only).
 */
export function sharedObjects(nodes: RootContent[], shown: Map<string, string>): void {
  // In document order, recursively: the nodes are the build's own, a few levels deep.
  nodes.forEach((node, i) => {
    const shared = sharedOf(node);
    const first = shared && shown.get(shared.object);
    if (first) {
      nodes[i] = paragraph([
        { type: "text", value: "A " },
        { type: "inlineCode", value: shared.object },
        { type: "text", value: " object: " },
        { type: "link", url: `#${first}`, children: [{ type: "text", value: "its fields" }] },
        { type: "text", value: "." },
      ]);
      return;
    }
    if (shared) shown.set(shared.object, shared.target);
    if ("children" in node) sharedObjects(node.children as RootContent[], shown);
  });
}

/** Gives the operation's own headings (Parameters, Request body…) the depth under the writer's. */
function placeHeadings(nodes: RootContent[], depth: Heading["depth"]): void {
  for (const node of nodes) {
    if (node.type === "heading") node.depth = depth;
    else if ("children" in node) placeHeadings(node.children as RootContent[], depth);
  }
}

/** The description as the build hands it to its workers: the JSON and each operation's nodes. */
export function workerFile(json: string, api: ApiDescription): string {
  const rendered = Object.fromEntries(
    [...api.byId.values()].map((o) => [o.id, operationNodes(o, api.server)]),
  );
  return `{"description":${json},"rendered":${JSON.stringify(rendered)}}`;
}

/**
 * The writer's notes on an operation (what follows its directive, up to the next heading, rule or
 * operation) move into its first column, under its fields: beside the samples, at the width of
 * the text around them.
 */
export function adoptNotes(parent: Parent, index: number): void {
  const op = parent.children[index];
  const doc = op?.type === "generated" ? op.children[0] : undefined;
  if (!doc || doc.type !== "generated") return;
  let end = index + 1;
  for (; end < parent.children.length; end++) {
    const next = parent.children[end]!;
    if (next.type === "heading" || next.type === "thematicBreak") break;
    if (next.type === "leafDirective" && next.name === "operation") break;
  }
  doc.children.push(...(parent.children.splice(index + 1, end - index - 1) as RootContent[]));
}
