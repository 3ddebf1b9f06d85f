/**
 * The uses of a step's roots in a tree-sitter syntax tree, for any language: from an identifier
 * that names a root, the accesses written after it (`.x`, `["x"]`, a call), as the grammar's node
 * types spell them (python-steps.ts and go-steps.ts give the tables).
 */
import type { Node as SyntaxNode } from "web-tree-sitter";
import type { Access, Place, RootUse } from "./step-members.ts";

/** A grammar's node type and fields for one kind of access: [type, the field holding what is accessed, the field after]. */
type Rule = readonly [type: string, from: string, what: string];

/** How a grammar writes accesses, and reads a literal key and a call's arguments. */
export interface AccessGrammar {
  member: Rule;
  key: Rule;
  call: Rule;
  /** The text of a key written as a plain string literal, else undefined. */
  literal: (node: SyntaxNode) => string | undefined;
  /** A call's keyword arguments, how many positional ones, and whether any is spread. */
  args: (node: SyntaxNode) => Omit<Extract<Access, { kind: "call" }>, "kind" | keyof Place>;
}

/** Whether `child` is the `field` of `parent`. */
export function isField(parent: SyntaxNode | null, field: string, child: SyntaxNode): boolean {
  return !!parent && parent.childForFieldName(field)?.id === child.id;
}

/** Where a node starts, in the block's lines (`offset`: the lines added before the block's code). */
export function placeOf(node: SyntaxNode, offset: number): Place {
  return { line: node.startPosition.row + 1 - offset, column: node.startPosition.column + 1 };
}

/** The accesses written after the identifier `node`, as the root `root` (a use). */
export function useOf(
  grammar: AccessGrammar,
  node: SyntaxNode,
  root: string,
  offset: number,
): RootUse {
  const accesses: Access[] = [];
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (!parent) break;
    const [memberType, memberFrom, memberWhat] = grammar.member;
    const [keyType, keyFrom, keyWhat] = grammar.key;
    const [callType, callFrom, callWhat] = grammar.call;
    if (parent.type === memberType && isField(parent, memberFrom, current)) {
      const name = parent.childForFieldName(memberWhat);
      if (!name) break;
      accesses.push({ kind: "member", name: name.text, ...placeOf(name, offset) });
    } else if (parent.type === keyType && isField(parent, keyFrom, current)) {
      const key = parent.childForFieldName(keyWhat);
      if (!key) break;
      accesses.push({ kind: "key", key: grammar.literal(key), ...placeOf(key, offset) });
    } else if (parent.type === callType && isField(parent, callFrom, current)) {
      const args = parent.childForFieldName(callWhat);
      if (!args) break;
      accesses.push({ kind: "call", ...grammar.args(args), ...placeOf(args, offset) });
    } else break;
    current = parent;
  }
  return { root, accesses };
}

/**
 * The identifiers named `name` under `scope` that read it, less those under a nested function (of
 * `functions`' types) that declares `name` again (`shadows`), and those `notRead` says declare it.
 * Nodes are fetched by type in one call each: walking the tree node by node from JavaScript cost
 * about 7 ms a block (each step crosses into WebAssembly).
 */
export function readsOf(
  scope: SyntaxNode,
  name: string,
  functions: readonly string[],
  shadows: (fn: SyntaxNode) => boolean,
  notRead: (id: SyntaxNode) => boolean,
): SyntaxNode[] {
  const inner = scope
    .descendantsOfType([...functions])
    .filter((f) => f.id !== scope.id && shadows(f));
  const inside = (id: SyntaxNode, f: SyntaxNode) =>
    id.startIndex >= f.startIndex && id.endIndex <= f.endIndex;
  return scope
    .descendantsOfType("identifier")
    .filter((id) => id.text === name && !notRead(id) && !inner.some((f) => inside(id, f)));
}
