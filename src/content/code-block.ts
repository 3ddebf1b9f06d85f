/** The HTML of a code block: its highlighted lines in a frame with the language label and a copy button. */

const escapeAttribute = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A `.code-block`: label, copy button and `pre.shiki` with one `span.line` per line. */
export function codeBlockHtml(lines: string[], lang: string): string {
  const label = escapeAttribute(lang);
  const body = lines.map((l) => `<span class="line">${l}</span>`).join("\n");
  return (
    `<div class="code-block" data-lang="${label}"><span class="code-lang" aria-hidden="true">${label}</span>` +
    `<button type="button" class="copy" aria-label="Copy code">Copy</button>` +
    `<pre class="shiki" tabindex="0"><code>${body}</code></pre></div>`
  );
}
