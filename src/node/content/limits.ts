/**
 * Explicit limits on content (README, "Security"): input from strangers can be large or
 * pathological, and each of these turns what would be a hang, an out-of-memory or a stack overflow
 * into a quick `file:line` error.
 */

/**
 * Largest Markdown page, in bytes. Our pages are under 40 KB; a 512 KB page of real docs (hundreds
 * of highlighted code blocks) builds in about 5 s here, half the time budget below.
 */
export const MAX_PAGE_BYTES = 512 * 1024;

/** Largest frontmatter block, in bytes. */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;

/** Most YAML aliases a frontmatter block may use (a "billion laughs" needs thousands). */
export const MAX_YAML_ALIASES = 50;

/** Deepest nesting of frontmatter values (objects and lists). */
export const MAX_FRONTMATTER_DEPTH = 16;

/** Longest run of one emphasis, bracket or quote marker outside code (`*`, `_`, `[`, `>`, …). */
export const MAX_MARKER_RUN = 256;

/** Deepest a line may open lists and quotes (markers and indentation, two columns a level). */
export const MAX_LINE_NESTING = 50;

/** Most block quotes and footnotes a page may have (alerts are block quotes too); our pages have at most 3. */
export const MAX_BLOCK_QUOTES = 1000;

/** Deepest Markdown tree: lists, quotes, emphasis and links inside each other (a list level counts 2). */
export const MAX_MARKDOWN_DEPTH = 100;

/**
 * How long one page may take to parse and render on a build worker before the worker is stopped
 * and the page reported. Legitimate pages take milliseconds; a 1 MB page about a second.
 */
export const PAGE_TIME_BUDGET_MS = 10_000;

/**
 * Most errors, and most warnings, one page reports; one more diagnostic counts the rest. A
 * hostile page can make a problem every few bytes, and a list of 100,000 is unreadable and too
 * long to hand on in one call.
 */
export const MAX_PAGE_DIAGNOSTICS = 200;

/**
 * Deepest folder under content/ or public/ (a folder at the top is level 1). Our docs use 3. The
 * sidebar, the breadcrumbs and the output folder are made by walks as deep as the folders: at
 * 1,900 levels (a path can hold about 2,000) the sidebar overflowed the stack, and the next
 * build could not remove the previous output.
 */
export const MAX_FOLDER_DEPTH = 32;

/** Largest file copied from public/, in bytes. */
export const MAX_PUBLIC_FILE_BYTES = 50 * 1024 * 1024;

/**
 * Most files one page may include or import (`<!--@include: …-->`, `<<< …`), counted through
 * nested includes: an include of a part that includes a part twice, ten levels down, would
 * otherwise read a thousand files for one line.
 */
export const MAX_INCLUDES = 500;

/** Deepest chain of includes (a part that includes a part …). */
export const MAX_INCLUDE_DEPTH = 10;

/**
 * Largest page with everything it includes, in characters: the same bound as a page on its own,
 * so the time budget below holds for a page made of parts too.
 */
export const MAX_EXPANDED_PAGE = MAX_PAGE_BYTES;

/** A size for a message about a limit: `600 KB`, `1.5 MB`. */
export function formatBytes(n: number): string {
  return n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(2).replace(/\.?0+$/, "")} MB`
    : `${Math.ceil(n / 1024)} KB`;
}
