/**
 * An operation's fields as the reference shows them (api-operation.ts): one block per field with
 * its name (a link to itself, `#createWorkflow-settings.memory_mb`), type, whether it is required,
 * its description and its limits; the fields of a nested object or of an array's objects folded
 * under it in a `<details>` ("Child attributes"), which opens from the keyboard before any script.
 * As Markdown for machines, a nested list.
 */
import type { Code, List, ListItem, PhrasingContent, RootContent } from "mdast";
import type { FieldNode } from "../../reference/openapi-fields.ts";
import { block, paragraph, parseGenerated, span } from "./generated-nodes.ts";

/** The ids given out in one operation: each field's anchor is unique on the page. */
export class FieldIds {
  private taken = new Set<string>();
  constructor(readonly operation: string) {}
  /** `operation-rest`, or with `-2`, `-3`… when an earlier field of the operation took it. */
  take(rest: string): string {
    const base = `${this.operation}-${rest}`;
    let id = base;
    for (let n = 2; this.taken.has(id); n++) id = `${base}-${n}`;
    this.taken.add(id);
    return id;
  }
}

/** Parsed descriptions, by their text: ID fields share theirs across every operation. */
const parsed = new Map<string, RootContent[]>();

/** A description's Markdown as blocks (descriptions come from the description, as trusted as a page). */
export function markdownBlocks(text: string): RootContent[] {
  if (!text.trim()) return [];
  let nodes = parsed.get(text);
  if (!nodes) {
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(text, (nodes = parseGenerated(text)));
  }
  return structuredClone(nodes);
}

/** A description and the facts after it, as one text; the pattern, if any, never wrapped (a regular expression has no parts). */
function describe(description: string, facts: string[], pattern?: string): RootContent[] {
  const blocks = markdownBlocks([description, ...facts].filter(Boolean).join(" "));
  const last = blocks.at(-1);
  if (pattern !== undefined && last?.type === "paragraph")
    for (const c of last.children)
      if (c.type === "inlineCode" && c.value === pattern.replace(/`/g, "'"))
        c.data = { hProperties: { className: ["nowrap"] } };
  return blocks;
}

/** One field: its line (name, type, required, where), its description, and its children folded. */
function fieldItem(
  name: string,
  id: string,
  tags: PhrasingContent[],
  body: RootContent[],
  children?: List,
  more: RootContent[] = [],
): ListItem {
  const head = paragraph(
    [
      {
        type: "inlineCode",
        value: name,
        data: { hName: "a", hProperties: { className: ["field-name"], href: `#${id}` } },
      },
      ...tags.flatMap((t): PhrasingContent[] => [{ type: "text", value: " " }, t]),
    ],
    "field",
  );
  const folded = children
    ? [
        block("details", "field-children", [
          {
            ...paragraph([{ type: "text", value: "Child attributes" }]),
            data: { hName: "summary" },
          },
          children,
        ]),
      ]
    : [];
  return {
    type: "listItem",
    spread: true,
    data: { hProperties: { id } },
    children: [head, ...body, ...folded, ...more] as ListItem["children"],
  };
}

/** A list of field blocks. */
function fieldsList(items: ListItem[]): List {
  return {
    type: "list",
    ordered: false,
    spread: false,
    data: { hProperties: { className: ["fields"] } },
    children: items,
  };
}

/**
 * A block that shows the fields of a component schema (`Workflow`), with the id a later copy on
 * the page links to instead of repeating them (sharedObjects, api-operation.ts).
 */
export interface SharedObject {
  object: string;
  target: string;
}

/** Marks `node` as showing `shared`'s fields. */
export function markShared<T extends RootContent>(node: T, shared: SharedObject | undefined): T {
  if (shared) (node as { data?: object }).data = { ...node.data, shared };
  return node;
}

/** The object a node shows the fields of, when markShared marked it. */
export function sharedOf(node: RootContent): SharedObject | undefined {
  return (node.data as { shared?: SharedObject } | undefined)?.shared;
}

/**
 * The fields of a schema as a tree of blocks; ids `operation-prefix` + the field's dotted path.
 * With `share`, each component object's fields are marked for sharedObjects.
 */
export function fieldTreeNodes(tree: FieldNode[], ids: FieldIds, prefix = "", share = false): List {
  return fieldsList(
    tree.map((f) => {
      const id = ids.take(prefix + f.path.join("."));
      const tags: PhrasingContent[] = [span(f.type, "field-type")];
      if (f.required) tags.push(span("required", "field-required"));
      const children = f.children.length
        ? fieldTreeNodes(f.children, ids, prefix, share)
        : undefined;
      const item = fieldItem(
        f.name,
        id,
        tags,
        describe(f.description, f.facts, f.pattern),
        children,
      );
      const folded = item.children.find((c) => c.type === "generated");
      if (folded && share && f.object) markShared(folded, { object: f.object, target: id });
      return item;
    }),
  );
}

/** A parameter, as a field block that says where it goes (`path`, `query`, `header`). */
export interface ParameterField {
  name: string;
  in: string;
  type: string;
  required: boolean;
  description: string;
  facts: string[];
  pattern?: string;
}

/** The parameters as field blocks; ids `operation-name`. */
export function parameterNodes(params: ParameterField[], ids: FieldIds): List {
  return fieldsList(
    params.map((p) => {
      const tags: PhrasingContent[] = [span(p.type, "field-type"), span(p.in, "field-in")];
      if (p.required) tags.push(span("required", "field-required"));
      return fieldItem(p.name, ids.take(p.name), tags, describe(p.description, p.facts, p.pattern));
    }),
  );
}

/** An error an operation can answer: its status, its `type`, its `code` values, when, and its example. */
export interface ErrorEntry {
  status: string;
  type?: string;
  codes: string[];
  description: string;
  example?: Code;
}

const tick = (v: string) => "`" + v.replace(/`/g, "'") + "`";

/**
 * The errors as blocks: status and type on the line, then when, the codes, and the example folded
 * (one copy of the same answer in every operation, without the ids a tab needs: the page stays
 * light).
 */
export function errorNodes(errors: ErrorEntry[], ids: FieldIds): List {
  return fieldsList(
    errors.map((e) => {
      const codes = e.codes.length
        ? `${e.codes.length === 1 ? "Code" : "Codes"} ${e.codes.map(tick).join(", ")}.`
        : "";
      const tags: PhrasingContent[] = e.type
        ? [
            {
              type: "inlineCode",
              value: e.type,
              data: { hProperties: { className: ["field-type"] } },
            },
          ]
        : [];
      const example = e.example
        ? [
            block("details", "error-example", [
              { ...paragraph([{ type: "text", value: "Example" }]), data: { hName: "summary" } },
              e.example,
            ]),
          ]
        : [];
      return fieldItem(
        e.status,
        ids.take(`error-${e.status}`),
        tags,
        markdownBlocks([e.description, codes].filter(Boolean).join(" ")),
        undefined,
        example,
      );
    }),
  );
}
