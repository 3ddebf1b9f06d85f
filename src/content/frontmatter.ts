/** Frontmatter: parsed by gray-matter, checked against the content contract (design.md §2). */
import matter from "gray-matter";
import type { Diagnostic } from "../errors.ts";
import type { MetaTag } from "../shared/types.ts";
import { isOutlineSetting, type OutlineSetting } from "../shared/outline.ts";

/** Layouts the templates register. */
export const LAYOUTS = ["doc", "home", "not-found"] as const;
const KEYS = ["title", "description", "prev", "next", "layout", "meta", "outline"];
const ROUTE_RE = /^\/([^\s#?]*\/)?$/;

/** Validated frontmatter of one page. */
export interface Frontmatter {
  title: string;
  description: string;
  prev?: false | string;
  next?: false | string;
  layout: string;
  meta: MetaTag[];
  /** The outline's heading levels; absent: the site's `outline`. */
  outline?: OutlineSetting;
}

/** The result: frontmatter, the body, and the 1-based line of the body's first line in the file. */
export interface ParsedFrontmatter {
  frontmatter: Frontmatter;
  body: string;
  bodyLine: number;
}

/** Splits and validates frontmatter; every problem of the file becomes a diagnostic. */
export function parseFrontmatter(source: string, file: string): { result?: ParsedFrontmatter; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const problem = (message: string, hint: string, line = 1, column?: number) =>
    diagnostics.push({ file, line, column, message, hint, rule: "frontmatter" });

  if (!source.startsWith("---")) {
    problem("the file has no frontmatter", "start the file with ---, a title: and a description:, then ---");
    return { diagnostics };
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    // gray-matter caches by content; a fresh options object bypasses the cache's stale errors.
    parsed = matter(source, {});
  } catch (e) {
    const mark = (e as { mark?: { line: number; column: number } }).mark;
    const reason = (e as { reason?: string }).reason ?? (e as Error).message.split("\n")[0];
    diagnostics.push({
      file,
      line: mark ? mark.line + 2 : 1,
      column: mark ? mark.column + 1 : undefined,
      rule: "yaml",
      message: `frontmatter is not valid YAML: ${reason}`,
      hint: "quote values that contain ':' or '#', and indent lists consistently",
    });
    return { diagnostics };
  }
  const data = (parsed.data ?? {}) as Record<string, unknown>;
  const lines = source.split("\n");
  const keyLine = (key: string) => {
    const i = lines.findIndex((l) => l.startsWith(key + ":"));
    return i >= 0 ? i + 1 : 1;
  };

  for (const key of Object.keys(data)) {
    if (!KEYS.includes(key)) problem(`unknown frontmatter key '${key}'`, `allowed keys: ${KEYS.join(", ")}`, keyLine(key));
  }
  const str = (key: "title" | "description"): string => {
    const v = data[key];
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) {
      problem(`missing ${key}`, `add ${key}: "..." to the frontmatter`, keyLine(key));
      return "";
    }
    if (typeof v !== "string") {
      problem(`${key} must be a string, got ${typeof v}`, `quote the value: ${key}: "..."`, keyLine(key));
      return "";
    }
    return v.trim();
  };
  const title = str("title");
  const description = str("description");
  if (description.length > 160) {
    problem(`description is ${description.length} characters, over the limit of 160`, "shorten it to one sentence a search result can show", keyLine("description"));
  }
  const nav = (key: "prev" | "next"): false | string | undefined => {
    const v = data[key];
    if (v === undefined) return undefined;
    if (v === false) return false;
    if (typeof v === "string" && ROUTE_RE.test(v)) return v;
    problem(`${key} must be false or a route such as /quickstart/, got ${JSON.stringify(v)}`, `write ${key}: false to hide the link`, keyLine(key));
    return undefined;
  };
  const prev = nav("prev");
  const next = nav("next");
  let layout = "doc";
  if (data.layout !== undefined) {
    if (typeof data.layout === "string" && (LAYOUTS as readonly string[]).includes(data.layout)) layout = data.layout;
    else problem(`unknown layout ${JSON.stringify(data.layout)}`, `use one of ${LAYOUTS.join(", ")}`, keyLine("layout"));
  }
  const meta: MetaTag[] = [];
  if (data.meta !== undefined) {
    const ok =
      Array.isArray(data.meta) &&
      data.meta.every((m) => {
        if (!m || typeof m !== "object") return false;
        const entry = m as Record<string, unknown>;
        const keys = Object.keys(entry);
        const named = typeof entry.name === "string" || typeof entry.property === "string";
        return named && typeof entry.content === "string" && keys.every((k) => ["name", "property", "content"].includes(k));
      });
    if (ok) meta.push(...(data.meta as MetaTag[]));
    else problem("meta must be a list of { name or property, content } strings", 'write meta:\n    - name: robots\n      content: "noindex"', keyLine("meta"));
  }
  const outline = data.outline;
  if (outline !== undefined && !isOutlineSetting(outline)) {
    problem(`outline must be false, 2, 3 or [2, 3], got ${JSON.stringify(outline)}`, "write outline: false to hide the outline, or outline: [2, 3] for ## and ###", keyLine("outline"));
  }
  const fmLines = source.slice(0, source.length - parsed.content.length).split("\n").length;
  if (diagnostics.length) return { diagnostics };
  return {
    result: { frontmatter: { title, description, prev, next, layout, meta, ...(outline !== undefined && { outline: outline as OutlineSetting }) }, body: parsed.content, bodyLine: fmLines },
    diagnostics,
  };
}
