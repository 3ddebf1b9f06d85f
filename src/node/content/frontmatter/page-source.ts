/**
 * The first, cheap look at a content file (on the main thread, before any worker): size, UTF-8,
 * line endings, frontmatter. What it yields is all the site model needs (titles, layouts,
 * prev/next); the Markdown body is parsed later, on a worker.
 */
import type { Diagnostic } from "../../core/errors.ts";
import { parseFrontmatter } from "./frontmatter.ts";
import type { Frontmatter, ParsedFrontmatter } from "./frontmatter-schema.ts";
import { formatBytes, MAX_PAGE_BYTES } from "../limits.ts";

/** A page before its Markdown is parsed: plain data, safe to cache and to pass to a worker. */
export interface PageSource {
  /** Path relative to the content folder: `api/rest/index.md`. */
  relativePath: string;
  /** The file as named in diagnostics: `content/api/rest/index.md`. */
  file: string;
  route: string;
  frontmatter: Frontmatter;
  /** The Markdown after the frontmatter, `\n` line endings. */
  body: string;
  /** The 1-based line of the body's first line in the file. */
  bodyLine: number;
  /** Where a title or description that reads site values starts (src/node/content/frontmatter/frontmatter-values.ts). */
  valuesAt?: ParsedFrontmatter["valuesAt"];
  movedFromLine?: number;
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Reads one file's bytes into a PageSource, or the diagnostics that stop it. */
export function readPageSource(
  bytes: Uint8Array,
  meta: { relativePath: string; file: string; route: string },
): { source?: PageSource; errors: Diagnostic[] } {
  const { file } = meta;
  if (bytes.length > MAX_PAGE_BYTES) {
    return {
      errors: [
        {
          file,
          rule: "file-size",
          message: `the page is ${formatBytes(bytes.length)}, over the limit of ${formatBytes(MAX_PAGE_BYTES)}`,
          hint: "split it into several pages",
        },
      ],
    };
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return {
      errors: [
        {
          file,
          line: lineOfInvalidUtf8(bytes),
          rule: "encoding",
          message: "the file is not valid UTF-8",
          hint: "save the file as UTF-8",
        },
      ],
    };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.replace(/\r\n?/g, "\n");
  if (text.trim() === "") {
    return {
      errors: [
        {
          file,
          line: 1,
          rule: "empty-file",
          message: "the file is empty",
          hint: "add frontmatter (title, description) and a body, or delete the file",
        },
      ],
    };
  }
  const fm = parseFrontmatter(text, file);
  if (!fm.result) return { errors: fm.diagnostics };
  const { frontmatter, body, bodyLine, valuesAt, movedFromLine } = fm.result;
  return {
    source: {
      ...meta,
      frontmatter,
      body,
      bodyLine,
      ...(Object.keys(valuesAt).length && { valuesAt }),
      ...(movedFromLine && { movedFromLine }),
    },
    errors: [],
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
