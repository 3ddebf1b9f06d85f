/** Build-time syntax highlighting with Shiki (Oniguruma WASM from the package: measured faster than the JS engine). No highlighter JS reaches the browser. */
import { createHash } from "node:crypto";
import { createHighlighterCore, type HighlighterCore } from "shiki/core";
import { createOnigurumaEngine } from "shiki/engine/oniguruma";
import type { Element, ElementContent, Root } from "hast";

/** Languages the docs use; anything else renders as plain text (and is reported by the build). */
export const LANGUAGES = [
  "javascript", "typescript", "jsx", "tsx", "json", "jsonc", "bash", "shellscript", "python", "go", "yaml",
  "toml", "http", "sql", "html", "css", "diff", "ini", "xml", "markdown", "dotenv",
] as const;

const ALIASES: Record<string, string> = {
  js: "javascript", mjs: "javascript", cjs: "javascript", ts: "typescript", sh: "bash", shell: "bash",
  zsh: "bash", console: "bash", py: "python", yml: "yaml", golang: "go", md: "markdown", env: "dotenv",
};

/** Languages rendered without highlighting on purpose. */
export const PLAIN_LANGUAGES = new Set(["text", "txt", "plain", "plaintext", "output", "log"]);

let highlighter: Promise<HighlighterCore> | undefined;

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import("shiki/themes/github-light.mjs"), import("shiki/themes/github-dark.mjs")],
    langs: [],
    engine: createOnigurumaEngine(import("shiki/wasm")),
  });
  return highlighter;
}

/** Resolves a fence's language to a loaded Shiki language, `null` for plain text, `undefined` if unknown. */
export function resolveLanguage(lang: string): string | null | undefined {
  const l = lang.toLowerCase();
  if (PLAIN_LANGUAGES.has(l)) return null;
  const name = ALIASES[l] ?? l;
  return (LANGUAGES as readonly string[]).includes(name) ? name : undefined;
}

/** Token styles become classes (so a strict CSP needs no inline styles); class → declarations. */
export type CodeStyles = Record<string, string>;

/** Highlights `code` into a `<pre>` hast element whose token styles are classes recorded in `styles`. */
export async function highlightCode(code: string, lang: string | null, styles: CodeStyles): Promise<Element> {
  const hl = await getHighlighter();
  // Grammars load on first use: compiling all of them costs each worker a second.
  if (lang && !hl.getLoadedLanguages().includes(lang)) await loadLanguage(hl, lang);
  const root = hl.codeToHast(code, {
    lang: lang ?? "text",
    themes: { light: "github-light", dark: "github-dark" },
    defaultColor: false,
  }) as Root;
  const pre = root.children[0] as Element;
  styleToClass(pre, styles);
  return pre;
}

const loading = new Map<string, Promise<void>>();

function loadLanguage(hl: HighlighterCore, lang: string): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = import(`shiki/langs/${lang}.mjs`).then((m: { default: Parameters<HighlighterCore["loadLanguage"]>[0] }) => hl.loadLanguage(m.default));
    loading.set(lang, p);
  }
  return p;
}

/** Loads the highlighter ahead of the first code block (so the first page does not pay for it). */
export function warmHighlighter(): Promise<unknown> {
  return getHighlighter();
}

function styleToClass(node: Element, styles: CodeStyles): void {
  const style = node.properties?.style;
  if (typeof style === "string" && style) {
    const cls = "s" + createHash("sha1").update(style).digest("base64url").slice(0, 6).replace(/[-_]/g, "x");
    styles[cls] = style;
    delete node.properties.style;
    const existing = node.properties.className;
    node.properties.className = Array.isArray(existing) ? [...existing.map(String), cls] : existing ? [String(existing), cls] : [cls];
  }
  delete node.properties?.tabindex;
  for (const child of node.children as ElementContent[]) if (child.type === "element") styleToClass(child, styles);
}
