/**
 * Code blocks and copying, in the page script (boot.ts): `click` for a code block's copy button
 * (copy-code.ts), "Copy page" (copy-page.ts) and a code group's tab; `tabs` (code-groups.ts) for
 * the groups of the page shown.
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
