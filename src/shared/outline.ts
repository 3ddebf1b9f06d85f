/** The "On this page" outline's depth: frontmatter and config `outline` (docs/design.md §8), shared by build and templates. */
import type { Header } from "./types.ts";

/** Heading levels the outline lists, `[from, to]`. */
export type OutlineLevels = [2 | 3, 2 | 3];

/** What a writer may set: `false` (no outline), one level, or a range of levels. */
export type OutlineSetting = false | 2 | 3 | OutlineLevels;

const level = (v: unknown): v is 2 | 3 => v === 2 || v === 3;

/** Whether `value` is a valid `outline` setting: false, 2, 3, or [from, to] with from ≤ to. */
export function isOutlineSetting(value: unknown): value is OutlineSetting {
  if (value === false || level(value)) return true;
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    level(value[0]) &&
    level(value[1]) &&
    value[0] <= value[1]
  );
}

/** A setting as the levels the outline lists; null when it shows none. */
export function outlineLevels(setting: OutlineSetting): OutlineLevels | null {
  if (setting === false) return null;
  return typeof setting === "number" ? [setting, setting] : setting;
}

/** One outline entry with the entries below it. */
export interface OutlineItem {
  header: Header;
  children: OutlineItem[];
}

/** The page's headers within `levels`, `###` nested under the `##` before them. */
export function outlineTree(headers: Header[], levels: OutlineLevels | null): OutlineItem[] {
  if (!levels) return [];
  const top: OutlineItem[] = [];
  let parent: OutlineItem | undefined;
  for (const header of headers) {
    if (header.level < levels[0] || header.level > levels[1]) continue;
    const item: OutlineItem = { header, children: [] };
    // A `###` before any `##` (or with `##` not listed) stays at the top level.
    if (header.level > levels[0] && parent) parent.children.push(item);
    else {
      top.push(item);
      parent = item;
    }
  }
  return top;
}
