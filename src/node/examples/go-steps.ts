/**
 * What a Go block is, and where it uses the step's roots. Go says it in the types: a value
 * declared as the SDK's `brook.Event` or `*brook.Context` (the handler's parameters, a helper's
 * `ctx *brook.Context`) is a root, read in the function that declares it. Statements that read
 * `ctx` or `event` without declaring them are part of a step. Anything else is not checked.
 */
import type { Node as SyntaxNode } from "web-tree-sitter";
import type { BlockUses } from "./python-steps.ts";
import type { RootUse } from "./step-members.ts";
import type { StepLanguages } from "./step-languages.ts";
import { isField, readsOf, useOf, type AccessGrammar } from "./tree-uses.ts";

const FUNCTIONS = new Set(["function_declaration", "method_declaration", "func_literal"]);
const DECLARATIONS = new Set([
  "parameter_declaration",
  "variadic_parameter_declaration",
  "var_spec",
]);

const GO: AccessGrammar = {
  member: ["selector_expression", "operand", "field"],
  key: ["index_expression", "operand", "index"],
  call: ["call_expression", "function", "arguments"],
  literal: (node) => {
    if (node.type === "raw_string_literal") return node.text.slice(1, -1);
    if (node.type !== "interpreted_string_literal") return undefined;
    return node.namedChildren.some((c) => c?.type === "escape_sequence")
      ? undefined
      : node.text.slice(1, -1);
  },
  args: (node) => {
    const args = node.namedChildren.filter((a) => a && a.type !== "comment");
    return {
      keywords: [],
      positional: args.length,
      spread: args.some((a) => a?.type === "variadic_argument"),
    };
  },
};

/** Whether the identifier declares a name (a parameter, a variable, `x :=`, a range's key). */
function declares(id: SyntaxNode): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if (DECLARATIONS.has(parent.type) || parent.type === "const_spec")
    return parent.childrenForFieldName("name").some((n) => n.id === id.id);
  if (parent.type === "expression_list") {
    const statement = parent.parent;
    return (
      (statement?.type === "short_var_declaration" || statement?.type === "range_clause") &&
      isField(statement, "left", parent)
    );
  }
  return false;
}

/** The names a function's parameters declare. */
function parameterNames(fn: SyntaxNode): string[] {
  const list = fn.childForFieldName("parameters");
  return (list?.namedChildren ?? []).flatMap((p) =>
    p ? p.childrenForFieldName("name").map((n) => n.text) : [],
  );
}

/** The block's kind and its uses of the roots (`offset`: the lines added before its code). */
export function goUses(root: SyntaxNode, languages: StepLanguages, offset: number): BlockUses {
  const { go } = languages;
  let alias = go.name;
  for (const spec of root.descendantsOfType("import_spec"))
    if (spec.childForFieldName("path")?.text.slice(1, -1) === go.package)
      alias = spec.childForFieldName("name")?.text ?? go.name;
  const byType = new Map<string, string>();
  for (const [rootName, type] of Object.entries(go.types)) {
    byType.set(`${alias}.${type}`, rootName);
    byType.set(`*${alias}.${type}`, rootName);
  }
  const uses: RootUse[] = [];
  let typed = false;
  for (const declaration of root.descendantsOfType([...DECLARATIONS])) {
    const type = declaration.childForFieldName("type")?.text.replace(/\s+/g, "");
    const rootName = type && byType.get(type);
    if (!rootName) continue;
    typed = true;
    let scope: SyntaxNode | null = declaration.parent;
    while (scope && !FUNCTIONS.has(scope.type) && scope.id !== root.id) scope = scope.parent;
    const body = scope && FUNCTIONS.has(scope.type) ? scope.childForFieldName("body") : root;
    if (!body) continue;
    for (const name of declaration.childrenForFieldName("name").map((n) => n.text)) {
      const shadows = (n: SyntaxNode) =>
        FUNCTIONS.has(n.type) && n.id !== scope?.id && parameterNames(n).includes(name);
      for (const id of readsOf(body, name, [...FUNCTIONS], shadows, declares))
        uses.push(useOf(GO, id, rootName, offset));
    }
  }
  if (typed) return { kind: "step", uses };
  const declared = new Set(
    root
      .descendantsOfType("identifier")
      .filter(declares)
      .map((i) => i.text),
  );
  for (const name of Object.keys(languages.step)) {
    if (declared.has(name)) continue;
    const shadows = (n: SyntaxNode) => FUNCTIONS.has(n.type) && parameterNames(n).includes(name);
    for (const id of readsOf(root, name, [...FUNCTIONS], shadows, declares))
      uses.push(useOf(GO, id, name, offset));
  }
  return { kind: uses.length ? "fragment" : "script", uses };
}
