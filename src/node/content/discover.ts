/** Finds the Markdown files of a content folder, the files of public/, and the route each page makes (docs/design.md §2). */
import { existsSync, statSync } from "node:fs";
import { BrookError, type Diagnostic } from "../core/errors.ts";
import { checkName, walkFolder } from "./parts/walk.ts";

/** A content file before it is read. */
export interface SourceFile {
  /** Path relative to the content folder, with `/` separators: `api/rest/index.md`. */
  relativePath: string;
  /** Where the bytes are (the target, when the file is a link inside the folder). */
  absolutePath: string;
  route: string;
}

/** A file of public/, copied under the base. */
export interface PublicFile {
  /** Path relative to public/, `/`-separated: `img/logo.svg`. */
  relativePath: string;
  absolutePath: string;
}

/** The route of a content file: `limits.md` → `/limits/`, `api/rest/index.md` → `/api/rest/`. */
export function fileToRoute(relativePath: string): string {
  const noExt = relativePath.replace(/\.md$/, "");
  const trimmed =
    noExt === "index" ? "" : noExt.endsWith("/index") ? noExt.slice(0, -"/index".length) : noExt;
  return trimmed ? `/${trimmed}/` : "/";
}

/** Whether a content path holds parts and snippets (a segment starting with `_`), never a page. */
export function isPartPath(relativePath: string): boolean {
  return relativePath.split("/").some((s) => s.startsWith("_"));
}

/**
 * Every page (`*.md` outside `_` folders, dot folders and node_modules) under `dir`, sorted by
 * path; names that cannot be URLs and links out of the folder are diagnostics.
 */
export function discoverContent(
  dir: string,
  display: (relativePath: string) => string,
): { files: SourceFile[]; diagnostics: Diagnostic[] } {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new BrookError(
      `cannot read the content folder ${dir}: it does not exist or is not a folder`,
      "pass an existing folder to --content",
    );
  }
  const walked = walkFolder(dir, { display, wanted: (p) => p.endsWith(".md") && !isPartPath(p) });
  const diagnostics = [...walked.diagnostics];
  const files: SourceFile[] = [];
  for (const f of walked.files) {
    const bad = checkName(f.relativePath, display(f.relativePath));
    if (bad) diagnostics.push(bad);
    else
      files.push({
        relativePath: f.relativePath,
        absolutePath: f.realPath,
        route: fileToRoute(f.relativePath),
      });
  }
  return { files, diagnostics };
}

/** Every file of public/ (dot files skipped), with the same rules on names and links. */
export function discoverPublic(
  dir: string,
  display: (relativePath: string) => string,
): { files: PublicFile[]; diagnostics: Diagnostic[] } {
  if (!existsSync(dir)) return { files: [], diagnostics: [] };
  const walked = walkFolder(dir, { display, wanted: () => true });
  const diagnostics = [...walked.diagnostics];
  const files: PublicFile[] = [];
  for (const f of walked.files) {
    const bad = checkName(f.relativePath, display(f.relativePath));
    if (bad) diagnostics.push(bad);
    else files.push({ relativePath: f.relativePath, absolutePath: f.realPath });
  }
  return { files, diagnostics };
}
