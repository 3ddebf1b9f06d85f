/**
 * Names of the files a parsed body is kept in by the build cache. Apart from parse-page.ts so the
 * main thread, which only names them, does not load the Markdown chain.
 */
import { createHash } from "node:crypto";
import type { PageFacts } from "./parse-page.ts";

/**
 * The file a parsed body is kept in (`<stem>.<deps>.html`): named by what the parse read too, so
 * a body parsed with other includes or site values, by a build that then failed, is never taken
 * for this one.
 */
export function bodyFileName(
  stem: string,
  deps: PageFacts["deps"],
  values: Record<string, string>,
): string {
  const read = JSON.stringify([deps.siteValues.map((k) => [k, values[k] ?? null]), deps.files]);
  return `${stem}.${createHash("sha1").update(read).digest("hex").slice(0, 16)}.html`;
}

/** The file a parsed body's Markdown for machines is kept in, beside its HTML's (`<stem>.<deps>.md`). */
export function bodyMarkdownFile(bodyFile: string): string {
  return bodyFile.replace(/\.html$/, ".md");
}
