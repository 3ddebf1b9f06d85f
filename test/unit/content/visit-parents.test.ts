/**
 * The bundle's visitParents (src/content/markdown/visit-parents.ts, aliased in for the package by
 * scripts/node-bundle.js) walks as the package does: the same nodes, ancestors and indexes in the
 * same order, the same answer to SKIP, EXIT, an index, reverse, enter and exit, the same changes
 * when a visitor splices, and the same errors. Trees: pages of the docs as mdast and as hast.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import remarkDirective from "remark-directive";
import remarkRehype from "remark-rehype";
import type { Node, Parent } from "unist";
import * as theirs from "unist-util-visit-parents";
import * as ours from "../../../src/content/markdown/visit-parents.ts";
import { ROOT } from "../../helpers/site.ts";

type Impl = typeof ours;
const markdown = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const toHtmlTree = unified().use(remarkRehype);
const parse = (text: string): Node => markdown.parse(text);
const dir = join(ROOT, "content");
const pages = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".md"))
  .sort()
  .slice(0, 12)
  .map((f) => readFileSync(join(dir, f), "utf8"));
const mdast = () => pages.map(parse);
const hast = () => mdast().map((t) => toHtmlTree.runSync(t as never) as Node);

/** What a walk saw: each call's phase, node, ancestors and index, nodes numbered in first-seen order. */
function trace(
  impl: Impl,
  tree: Node,
  run: (impl: Impl, log: (phase: string, node: Node, ancestors: Parent[], index?: number) => void) => void,
): string[] {
  const ids = new Map<Node, number>();
  const id = (n: Node) => ids.get(n) ?? (ids.set(n, ids.size), ids.size - 1);
  id(tree);
  const out: string[] = [];
  run(impl, (phase, node, ancestors, index) =>
    out.push(`${phase} ${id(node)} ${node.type} [${ancestors.map(id).join(",")}] ${index}`),
  );
  return out;
}

/** Runs `walk` with both implementations on fresh copies of the trees; the traces and the trees after must agree. */
function same(
  trees: () => Node[],
  walk: (impl: Impl, tree: Node, log: (phase: string, node: Node, ancestors: Parent[], index?: number) => void) => void,
): void {
  const a = trees();
  const b = trees();
  let calls = 0;
  a.forEach((tree, i) => {
    const mine = trace(ours, tree, (impl, log) => walk(impl, tree, log));
    const theirsTrace = trace(theirs as unknown as Impl, b[i]!, (impl, log) => walk(impl, b[i]!, log));
    expect(mine).toEqual(theirsTrace);
    calls += mine.length;
  });
  expect(a).toEqual(b);
  expect(calls).toBeGreaterThan(0);
}

describe("visitParents as the bundle has it", () => {
  it("finds the docs' pages to walk", () => expect(pages.length).toBe(12));

  for (const [name, trees] of [
    ["mdast", mdast],
    ["hast", hast],
  ] as const) {
    it(`visits every node of ${name} in order, with ancestors and index`, () => {
      same(trees, (impl, tree, log) => impl.visitParents(tree, (n, a, i) => void log("in", n, a, i)));
      same(trees, (impl, tree, log) =>
        impl.visitParents(tree, (n, a, i) => void log("in", n, a, i), true),
      );
    });

    it(`applies a test to ${name} (type, function, object)`, () => {
      same(trees, (impl, tree, log) =>
        impl.visitParents(tree, "text", (n, a, i) => void log("in", n, a, i)),
      );
      same(trees, (impl, tree, log) =>
        impl.visitParents(
          tree,
          (n: Node, i?: number | null) => n.type !== "text" && i !== 0,
          (n, a, i) => void log("in", n, a, i),
          true,
        ),
      );
      same(trees, (impl, tree, log) =>
        impl.visitParents(tree, { type: name === "mdast" ? "heading" : "element" }, (n, a, i) => void log("in", n, a, i)),
      );
    });

    it(`answers SKIP, EXIT and an index on ${name} as the package does`, () => {
      let seen = 0;
      same(trees, (impl, tree, log) => {
        seen = 0;
        impl.visitParents(tree, (n, a, i) => {
          log("in", n, a, i);
          seen++;
          if (n.type === "paragraph" || n.type === "table") return impl.SKIP;
          if (seen === 400) return impl.EXIT;
          if (i === 0 && (a.at(-1)?.children.length ?? 0) > 2) return 2;
          if (n.type === "list") return [impl.CONTINUE];
          return undefined;
        });
      });
    });

    it(`runs enter and exit on ${name}, exit's result winning`, () => {
      let exits = 0;
      same(trees, (impl, tree, log) => {
        exits = 0;
        impl.visitParents(tree, {
          enter: (n, a, i) => void log("enter", n, a, i),
          exit: (n, a, i) => {
            log("exit", n, a, i);
            return ++exits === 300 ? impl.EXIT : undefined;
          },
        });
      });
      same(trees, (impl, tree, log) =>
        impl.visitParents(tree, "text", { exit: (n, a, i) => void log("exit", n, a, i) }, true),
      );
    });
  }

  it("keeps up with a visitor that splices the tree (as find-and-replace does)", () => {
    same(mdast, (impl, tree, log) =>
      impl.visitParents(tree, "text", (n, a, i) => {
        log("in", n, a, i);
        const parent = a.at(-1)!;
        const value = (n as unknown as { value: string }).value;
        if (i === undefined || value.length < 8) return undefined;
        const half = Math.floor(value.length / 2);
        parent.children.splice(
          i,
          1,
          { type: "text", value: value.slice(0, half) } as Node,
          { type: "emphasis", children: [{ type: "text", value: value.slice(half) }] } as Node,
        );
        return i + 2;
      }),
    );
  });

  it("throws what the package throws", () => {
    const tree = parse("a *b*");
    const bad: [unknown, unknown, unknown][] = [
      [null, () => undefined, undefined],
      [tree, 3, undefined],
      [tree, "text", { enter: 1, exit: () => undefined }],
      [tree, "text", { enter: () => undefined }],
      [tree, { exit: () => "skip" }, undefined],
    ];
    for (const args of bad) {
      const call = (impl: Impl) => () =>
        (impl.visitParents as (...a: unknown[]) => void)(...args);
      let message = "";
      try {
        call(theirs as unknown as Impl)();
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).not.toBe("");
      expect(call(ours)).toThrow(message);
    }
  });
});
