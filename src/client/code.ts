/**
 * The copying and code blocks' chunk, loaded on first use: `click` on the first click of a code
 * block's copy button (copy-code.ts), of "Copy page" (copy-page.ts) or of a code group's tab, `tabs`
 * (code-groups.ts) by pages that have code groups. One chunk for all keeps the page bundle's share of it to one import.
 */
import { copyCode } from "./copy-code.ts";
import { copyPage } from "./copy-page.ts";

import { choose } from "./code-groups.ts";

/** Does what `button` is for: chooses a code group's tab, copies the page's Markdown, or copies its code block. */
export function click(button: HTMLButtonElement): void {
  if (button.getAttribute("role") === "tab") choose(button);
  else if (button.classList.contains("copy-page")) void copyPage(button);
  else copyCode(button);
}
export { default as tabs } from "./code-groups.ts";
