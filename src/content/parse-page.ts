/** One content file → a parsed page: bytes checked, frontmatter validated, Markdown rendered. */
import type { Diagnostic } from "../errors.ts";
import type { Header } from "../shared/types.ts";
import { parseFrontmatter, type Frontmatter } from "./frontmatter.ts";
import { renderMarkdown, type LinkRef, type Section } from "./markdown.ts";
import { replaceSiteValues } from "./site-values.ts";
import type { CodeStyles } from "./highlight.ts";
import { MAX_PAGE_BYTES } from "./limits.ts";
import { checkMarkerRuns } from "./markdown-guard.ts";

/** What the content stage knows of a page; plain data, safe to cache and to pass between threads. */
export interface ParsedPage {
  relativePath: string;
  /** The file as named in diagnostics: `content/limits.md`. */
  file: string;
  route: string;
  frontmatter: Frontmatter;
  html: string;
  headers: Header[];
  links: LinkRef[];
  sections: Section[];
  ids: string[];
  codeStyles: CodeStyles;
  /** The file's warnings, kept with the page so that a page from the cache reports them again. */
  warnings?: Diagnostic[];
}

/** What parsing one file yields: the page, or the errors that stop it; warnings either way. */
export interface ParseResult {
  page?: ParsedPage;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/** Options that change how a page renders: part of the cache key. */
export interface ParseOptions {
  base: string;
  siteValues: Record<string, string>;
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Parses one file's bytes; returns the page, or the diagnostics that stop it, plus warnings. */
export async function parsePage(
  bytes: Uint8Array,
  meta: { relativePath: string; file: string; route: string },
  options: ParseOptions,
): Promise<ParseResult> {
  const { file } = meta;
  if (bytes.length > MAX_PAGE_BYTES) {
    return { errors: [{ file, rule: "file-size", message: `the page is ${formatBytes(bytes.length)}, over the limit of ${formatBytes(MAX_PAGE_BYTES)}`, hint: "split it into several pages" }], warnings: [] };
  }
  let source: string;
  try {
    source = decoder.decode(bytes);
  } catch {
    return { errors: [{ file, line: lineOfInvalidUtf8(bytes), rule: "encoding", message: "the file is not valid UTF-8", hint: "save the file as UTF-8" }], warnings: [] };
  }
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
  source = source.replace(/\r\n?/g, "\n");
  if (source.trim() === "") {
    return { errors: [{ file, line: 1, rule: "empty-file", message: "the file is empty", hint: "add frontmatter (title, description) and a body, or delete the file" }], warnings: [] };
  }
  const fm = parseFrontmatter(source, file);
  if (!fm.result) return { errors: fm.diagnostics, warnings: [] };
  const { frontmatter, body, bodyLine } = fm.result;
  const runs = checkMarkerRuns(body, file, bodyLine - 1);
  if (runs.length) return { errors: runs, warnings: [] };
  const values = replaceSiteValues(body, options.siteValues, file, bodyLine - 1);
  const md = await renderMarkdown(values.body, { file, base: options.base, lineOffset: bodyLine - 1 });
  const errors = [...values.diagnostics, ...md.diagnostics.filter((d) => d.rule !== "code-language")];
  const warnings = md.diagnostics.filter((d) => d.rule === "code-language");
  if (errors.length) return { errors, warnings };
  return {
    page: { ...meta, frontmatter, html: md.html, headers: md.headers, links: md.links, sections: md.sections, ids: md.ids, codeStyles: md.codeStyles },
    errors,
    warnings,
  };
}

function lineOfInvalidUtf8(bytes: Uint8Array): number {
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return 1;
}

/** `1.5 MB`, `512 KB`: sizes in messages. */
export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2).replace(/\.?0+$/, "")} MB` : `${Math.ceil(n / 1024)} KB`;
}
