/**
 * What a Python block is, and where it uses the step's roots. A step defines the handler
 * (`def handler(event, ctx)`, the name from data/runtime-languages.yaml): its parameters are the
 * roots, in order, and so is a parameter of the same name in another function of the block (a
 * helper the step passes `ctx` to). Code that reads `ctx` or `event` without defining them is part
 * of a step. Anything else (a script using `requests`) is not checked.
 */
import type { Node as SyntaxNode } from "web-tree-sitter";
import type { RootUse } from "./step-members.ts";
import type { StepLanguages } from "./step-languages.ts";
import { isField, readsOf, useOf, type AccessGrammar } from "./tree-uses.ts";

/** What a block was checked as. */
export type StepKind = "step" | "fragment" | "script";

/** A block's kind and its uses of the roots. */
export interface BlockUses {
  kind: StepKind;
  uses: RootUse[];
}

const FUNCTIONS = new Set(["function_definition", "lambda"]);
const PATTERNS = new Set(["pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern"]);
const STRING_RE = /^[rRbBuU]{0,2}("""|'''|"|')([\s\S]*)\1$/;

const PYTHON: AccessGrammar = {
  member: ["attribute", "object", "attribute"],
  key: ["subscript", "value", "subscript"],
  call: ["call", "function", "arguments"],
  literal: (node) => {
    if (
      node.type !== "string" ||
      node.children.some(
        (c) =>
          c?.type !== "string_start" && c?.type !== "string_content" && c?.type !== "string_end",
      )
    )
      return undefined;
    return STRING_RE.exec(node.text)?.[2];
  },
  args: (node) => {
    const out = {
      keywords: [] as { name: string; line: number; column: number }[],
      positional: 0,
      spread: false,
    };
    if (node.type !== "argument_list") return { ...out, positional: 1 };
    for (const arg of node.namedChildren) {
      if (!arg || arg.type === "comment") continue;
      const name = arg.type === "keyword_argument" ? arg.childForFieldName("name") : null;
      if (name)
        out.keywords.push({
          name: name.text,
          line: name.startPosition.row + 1,
          column: name.startPosition.column + 1,
        });
      else if (arg.type === "list_splat" || arg.type === "dictionary_splat") out.spread = true;
      else out.positional++;
    }
    return out;
  },
};

/** The names a function's parameters declare, in order. */
function parameters(fn: SyntaxNode): string[] {
  const list = fn.childForFieldName("parameters");
  if (!list) return [];
  return list.namedChildren.flatMap((p) => {
    if (!p) return [];
    if (p.type === "identifier") return [p.text];
    const name =
      p.childForFieldName("name") ?? p.namedChildren.find((c) => c?.type === "identifier");
    return name && p.type !== "list_splat_pattern" && p.type !== "dictionary_splat_pattern"
      ? [name.text]
      : [];
  });
}

/** Whether the identifier is no read of a name: it declares one, or names an attribute or keyword. */
function notRead(id: SyntaxNode): boolean {
  const parent = id.parent;
  if (parent?.type === "attribute") return isField(parent, "attribute", id);
  if (parent?.type === "keyword_argument") return isField(parent, "name", id);
  return declares(id);
}

/** Whether the identifier declares a name (a parameter, an assignment's target, an import...). */
function declares(id: SyntaxNode): boolean {
  let node = id;
  while (node.parent && PATTERNS.has(node.parent.type)) node = node.parent;
  const parent = node.parent;
  if (!parent) return false;
  switch (parent.type) {
    case "parameters":
    case "lambda_parameters":
    case "typed_parameter":
    case "dotted_name":
    case "as_pattern_target":
      return true;
    case "default_parameter":
    case "typed_default_parameter":
    case "function_definition":
    case "class_definition":
      return isField(parent, "name", node);
    case "assignment":
    case "augmented_assignment":
    case "for_statement":
    case "for_in_clause":
      return isField(parent, "left", node);
    case "aliased_import":
      return isField(parent, "alias", node);
    default:
      return false;
  }
}

/** The block's kind and its uses of the roots. */
export function pythonUses(root: SyntaxNode, languages: StepLanguages): BlockUses {
  const roots = Object.keys(languages.step);
  const functions = root.descendantsOfType("function_definition");
  const handler =
    functions.find(
      (f) =>
        f.parent?.id === root.id && f.childForFieldName("name")?.text === languages.python.handler,
    ) ??
    functions.find(
      (f) =>
        f.parent?.type === "decorated_definition" &&
        f.parent.parent?.id === root.id &&
        f.childForFieldName("name")?.text === languages.python.handler,
    );
  const uses: RootUse[] = [];
  if (handler) {
    // The handler's parameters by position; a helper's by the same names.
    const named = new Map(
      parameters(handler)
        .slice(0, roots.length)
        .map((p, i) => [p, roots[i]!]),
    );
    for (const fn of functions)
      for (const param of parameters(fn)) {
        const rootName = named.get(param);
        if (!rootName) continue;
        const body = fn.childForFieldName("body");
        if (!body) continue;
        const shadows = (n: SyntaxNode) => FUNCTIONS.has(n.type) && parameters(n).includes(param);
        for (const id of readsOf(body, param, [...FUNCTIONS], shadows, notRead))
          uses.push(useOf(PYTHON, id, rootName, 0));
      }
    return { kind: "step", uses };
  }
  const declared = new Set(
    root
      .descendantsOfType("identifier")
      .filter(declares)
      .map((id) => id.text),
  );
  for (const name of roots) {
    if (declared.has(name)) continue;
    const shadows = (n: SyntaxNode) => FUNCTIONS.has(n.type) && parameters(n).includes(name);
    for (const id of readsOf(root, name, [...FUNCTIONS], shadows, notRead))
      uses.push(useOf(PYTHON, id, name, 0));
  }
  return { kind: uses.length ? "fragment" : "script", uses };
}
