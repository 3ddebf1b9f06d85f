/** Finds the Markdown files of a content folder and the route each one makes (design.md §2). */
import { readdirSync } from "node:fs";
import { join, sep } from "node:path";
import { BrookError } from "../errors.ts";

/** A content file before it is read. */
export interface SourceFile {
  /** Path relative to the content folder, with `/` separators: `api/rest/index.md`. */
  relativePath: string;
  absolutePath: string;
  route: string;
}

/** The route of a content file: `limits.md` → `/limits/`, `api/rest/index.md` → `/api/rest/`. */
export function fileToRoute(relativePath: string): string {
  const noExt = relativePath.replace(/\.md$/, "");
  const trimmed = noExt === "index" ? "" : noExt.endsWith("/index") ? noExt.slice(0, -"/index".length) : noExt;
  return trimmed ? `/${trimmed}/` : "/";
}

/** Every `*.md` under `dir` (dot folders and node_modules skipped), sorted by path. */
export function discoverContent(dir: string): SourceFile[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch (e) {
    throw new BrookError(`cannot read the content folder ${dir}: ${(e as Error).message}`, "pass an existing folder to --content", { cause: e });
  }
  return entries
    .map((e) => e.split(sep).join("/"))
    .filter((p) => p.endsWith(".md") && !p.split("/").some((part) => part.startsWith(".") || part === "node_modules"))
    .sort()
    .map((relativePath) => ({ relativePath, absolutePath: join(dir, relativePath), route: fileToRoute(relativePath) }));
}
