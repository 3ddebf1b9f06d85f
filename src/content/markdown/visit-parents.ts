/**
 * The bundle's `unist-util-visit-parents` (scripts/node-bundle.js aliases the package to this
 * module): the same walk, visitor results and errors, without what the package does for every
 * node it enters: a fresh closure, and a `name` property defined on it for stack traces (about
 * a tenth of a worker's time went to the package's walks, which remark-gfm's autolinks,
 * mdast-util-to-hast and rehype-slug each make over the whole page). test/content/visit-parents.test.ts
 * holds the two side by side.
 */
import type { Node, Parent } from "unist";
import { convert, type Test } from "unist-util-is";

/** Go on into the node's children. */
export const CONTINUE = true;
/** Stop the whole walk. */
export const EXIT = false;
/** Do not enter the node's children. */
export const SKIP = "skip";

type Action = typeof CONTINUE | typeof EXIT | typeof SKIP;
type Tuple = [Action?, number?];
type Result = Action | number | Tuple | null | undefined | void;
type Visitor = (node: Node, ancestors: Parent[], index?: number) => Result;
type Visitors = Visitor | { enter?: Visitor | null; exit: Visitor };

const NOTHING: Tuple = [];

function toTuple(value: Result): Tuple {
  if (Array.isArray(value)) return value;
  if (typeof value === "number") return [CONTINUE, value];
  return value === null || value === undefined ? NOTHING : [value];
}

/**
 * Visits `tree` depth-first (last child first when `reverse`), calling the visitor (or `enter`
 * and `exit`) with each node that passes `test`, its ancestors and its index.
 */
export function visitParents(tree: Node, visitors: Visitors, reverse?: boolean | null): void;
export function visitParents(
  tree: Node,
  test: Test,
  visitors: Visitors,
  reverse?: boolean | null,
): void;
export function visitParents(
  tree: Node,
  testOrVisitors: Test | Visitors,
  visitorsOrReverse?: Visitors | boolean | null,
  maybeReverse?: boolean | null,
): void {
  if (!tree || typeof tree !== "object")
    throw new Error("Unexpected value `" + String(tree) + "` for `tree`, expected node");
  let test: Test;
  let visitors: unknown;
  let reverse: boolean;
  if (
    typeof visitorsOrReverse === "function" ||
    (visitorsOrReverse && typeof visitorsOrReverse === "object")
  ) {
    test = testOrVisitors as Test;
    visitors = visitorsOrReverse;
    reverse = Boolean(maybeReverse);
  } else {
    visitors = testOrVisitors;
    reverse = Boolean(visitorsOrReverse);
  }
  let enter: Visitor | undefined;
  let exit: Visitor | undefined;
  if (typeof visitors === "function") enter = visitors as Visitor;
  else if (visitors && typeof visitors === "object") {
    const { enter: e, exit: x } = visitors as { enter?: unknown; exit?: unknown };
    if (e !== null && e !== undefined) {
      if (typeof e !== "function")
        throw new Error(
          "Unexpected value `" + String(e) + "` for `visitors.enter`, expected optional visitor",
        );
      enter = e as Visitor;
    }
    if (typeof x !== "function")
      throw new Error(
        "Unexpected value `" +
          String(x) +
          "` for `visitors.exit`, expected visitor (pass a visitor directly if you only want an enter visitor)",
      );
    exit = x as Visitor;
  } else
    throw new Error(
      "Unexpected value `" +
        String(visitors) +
        "` for `enter` or `visitors`, expected visitor or object with visitors",
    );
  const is = convert(test);
  const checks = Boolean(test);
  const step = reverse ? -1 : 1;

  const visit = (node: Node, index: number | undefined, ancestors: Parent[]): Tuple => {
    const matches = !checks || is(node, index, ancestors[ancestors.length - 1] || undefined);
    let result = NOTHING;
    if (enter && matches) {
      result = toTuple(enter(node, ancestors, index));
      if (result[0] === EXIT) return result;
    }
    const parent = node as Parent;
    if ("children" in node && parent.children && result[0] !== SKIP) {
      // One ancestors list per parent, shared by its children, as the package does.
      const below = [...ancestors, parent];
      let offset = (reverse ? parent.children.length : -1) + step;
      while (offset > -1 && offset < parent.children.length) {
        const sub = visit(parent.children[offset]!, offset, below);
        if (sub[0] === EXIT) return sub;
        offset = typeof sub[1] === "number" ? sub[1] : offset + step;
      }
    }
    if (exit && matches) {
      const after = toTuple(exit(node, ancestors, index));
      if (after[0] === SKIP)
        throw new Error(
          "Unexpected value `" +
            String(after[0]) +
            "` from `exit`, expected `CONTINUE`, `EXIT`, index, or nothing",
        );
      // A result from `exit` wins over one from `enter`.
      if (after[0] === EXIT || typeof after[1] === "number") return after;
    }
    return result;
  };
  visit(tree, undefined, []);
}
