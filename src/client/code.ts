/**
 * The copying and code blocks' chunk, loaded on first use: `copy` on the first click of a code
 * block's copy button (copy-code.ts) or of "Copy page" (copy-page.ts), `tabs` (code-groups.ts) by
 * pages that have code groups. One chunk for all keeps the page bundle's share of it to one import.
 */
import { copyCode } from "./copy-code.ts";
import { copyPage } from "./copy-page.ts";

/** Copies what `button` is for: the page's Markdown, or its code block. */
export function copy(button: HTMLButtonElement): void {
  if (button.classList.contains("copy-page")) void copyPage(button);
  else copyCode(button);
}
export { default as tabs } from "./code-groups.ts";
