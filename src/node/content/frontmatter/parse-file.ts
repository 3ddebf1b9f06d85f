/**
 * A whole page file parsed at once: read (frontmatter included), then its body. For tests and the
 * fuzz test: the build reads files on the main thread and parses bodies on the workers, so the
 * workers never load the frontmatter reader (YAML, zod).
 */
import type { Diagnostic } from "../../core/errors.ts";
import { parseBody, type PageFacts, type ParseOptions } from "../parse-page.ts";
import { readPageSource, type PageSource } from "./page-source.ts";

/** Reads, then parses, one page file. */
export async function parsePage(
  bytes: Uint8Array,
  meta: { relativePath: string; file: string; route: string },
  options: ParseOptions,
): Promise<{
  page?: PageSource & { html: string; markdown?: string; facts: PageFacts };
  errors: Diagnostic[];
  warnings: Diagnostic[];
}> {
  const read = readPageSource(bytes, meta);
  if (!read.source) return { errors: read.errors, warnings: [] };
  const parsed = await parseBody(read.source, options);
  if (parsed.html === undefined || !parsed.facts)
    return { errors: parsed.errors, warnings: parsed.warnings };
  return {
    page: { ...read.source, html: parsed.html, markdown: parsed.markdown, facts: parsed.facts },
    errors: [],
    warnings: parsed.warnings,
  };
}
