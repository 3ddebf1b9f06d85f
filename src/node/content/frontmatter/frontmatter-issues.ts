/**
 * What a frontmatter schema issue says to the writer: the message and hint of each key's problem,
 * in the words of the content contract (docs/design.md §2).
 */
import type { z } from "zod";
import {
  frontmatterSchema,
  LAYOUTS,
  MAX_DESCRIPTION,
  MAX_KEYWORD_CHARS,
  MAX_KEYWORDS,
  MAX_MOVED_FROM,
} from "./frontmatter-schema.ts";

/** The keys a page's frontmatter may have. */
export const KEYS = Object.keys(frontmatterSchema.shape);

/** The message and hint for one schema issue, in the words of the content contract. */
export function describeIssue(
  issue: z.core.$ZodIssue,
  data: Record<string, unknown>,
): { message: string; hint: string; key?: string } {
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0]!;
    return {
      key,
      message: `unknown frontmatter key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")}`,
      hint: `allowed keys: ${KEYS.join(", ")}`,
    };
  }
  const key = String(issue.path[0] ?? "");
  const value = data[key];
  if (key === "title" || key === "description") {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === ""))
      return { key, message: `missing ${key}`, hint: `add ${key}: "..." to the frontmatter` };
    if (typeof value !== "string")
      return {
        key,
        message: `${key} must be a string, got ${Array.isArray(value) ? "a list" : typeof value}`,
        hint: `quote the value: ${key}: "..."`,
      };
    return {
      key,
      message: `description is ${value.trim().length} characters, over the limit of ${MAX_DESCRIPTION}`,
      hint: "shorten it to one sentence a search result can show",
    };
  }
  if (key === "prev" || key === "next") {
    return {
      key,
      message: `${key} must be false or a route such as /quickstart/, got ${JSON.stringify(value)}`,
      hint: `write ${key}: false to hide the link`,
    };
  }
  if (key === "layout")
    return {
      key,
      message: `unknown layout ${JSON.stringify(value)}`,
      hint: `use one of ${LAYOUTS.join(", ")}`,
    };
  if (key === "outline")
    return {
      key,
      message: `outline must be false, 2, 3 or [2, 3], got ${JSON.stringify(value)}`,
      hint: "write outline: false to hide the outline, or outline: [2, 3] for ## and ###",
    };
  if (key === "keywords")
    return {
      key,
      message: `keywords must be a list of at most ${MAX_KEYWORDS} phrases of at most ${MAX_KEYWORD_CHARS} characters`,
      hint: "write keywords: [change my email, delete my account]",
    };
  if (key === "meta")
    return {
      key,
      message: "meta must be a list of { name or property, content } strings",
      hint: 'write meta:\n    - name: robots\n      content: "noindex"',
    };
  if (key === "search_weight")
    return {
      key,
      message: `search_weight must be a number from 0.1 to 2, got ${JSON.stringify(value)}`,
      hint: "write search_weight: 0.8 to rank the page a little below others that match as well",
    };
  if (key === "moved_from")
    return {
      key,
      message: `moved_from must be a page's route, or a list of at most ${MAX_MOVED_FROM}, each with an optional #section, got ${JSON.stringify(value)}`,
      hint: "write moved_from: /api/rest/#workflows (the page this one's sections came from)",
    };
  return {
    key: key || undefined,
    message: `frontmatter ${key || "value"}: ${issue.message}`,
    hint: `allowed keys: ${KEYS.join(", ")}`,
  };
}
