import { describe, expect, it } from "vitest";
import { isOutlineSetting, outlineLevels, outlineTree } from "../../../src/shared/outline.ts";
import type { Header } from "../../../src/shared/types.ts";

const h = (level: 2 | 3, slug: string): Header => ({ level, slug, title: slug });
const headers = [
  h(3, "before"),
  h(2, "a"),
  h(3, "a1"),
  h(3, "a2"),
  h(2, "b"),
  h(2, "c"),
  h(3, "c1"),
];
const shape = (items: ReturnType<typeof outlineTree>): unknown =>
  items.map((i) => (i.children.length ? [i.header.slug, shape(i.children)] : i.header.slug));

describe("outline", () => {
  it("knows the settings a writer may give", () => {
    for (const ok of [false, 2, 3, [2, 3], [2, 2], [3, 3]])
      expect(isOutlineSetting(ok), JSON.stringify(ok)).toBe(true);
    for (const bad of [true, 1, 4, [3, 2], [2], [2, 3, 3], "2", null, undefined])
      expect(isOutlineSetting(bad), JSON.stringify(bad)).toBe(false);
    expect(outlineLevels(false)).toBeNull();
    expect(outlineLevels(2)).toEqual([2, 2]);
    expect(outlineLevels([2, 3])).toEqual([2, 3]);
  });

  it("nests ### under the ## before it, and keeps only the levels asked for", () => {
    expect(shape(outlineTree(headers, [2, 3]))).toEqual([
      "before",
      ["a", ["a1", "a2"]],
      "b",
      ["c", ["c1"]],
    ]);
    expect(shape(outlineTree(headers, [2, 2]))).toEqual(["a", "b", "c"]);
    expect(shape(outlineTree(headers, [3, 3]))).toEqual(["before", "a1", "a2", "c1"]);
    expect(outlineTree(headers, null)).toEqual([]);
  });
});
