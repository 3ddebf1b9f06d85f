/** Build-time syntax highlighting with Shiki (Oniguruma WASM from the package: measured faster than the JS engine). No highlighter JS reaches the browser. */
import { createHash } from "node:crypto";
import { createHighlighterCore, type HighlighterCore } from "shiki/core";
import { createOnigurumaEngine } from "shiki/engine/oniguruma";
import type { Element, ElementContent, Root } from "hast";
import { codeColorVars } from "./code-colors.ts";

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

interface ThemeJson {
  colors?: Record<string, string>;
  tokenColors?: { scope?: string | string[]; settings: { foreground?: string; fontStyle?: string } }[];
}

let highlighter: Promise<HighlighterCore> | undefined;
/** github-light colour → github-dark colour of the same scopes. */
let darkOf = new Map<string, string>();

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [light, dark] = await Promise.all([import("shiki/themes/github-light.mjs"), import("shiki/themes/github-dark.mjs")]);
    darkOf = pairColors(light.default as ThemeJson, dark.default as ThemeJson);
    return createHighlighterCore({ themes: [light.default], langs: [], engine: createOnigurumaEngine(import("shiki/wasm")) });
  })();
  return highlighter;
}

/**
 * The two GitHub themes give the same scopes their own colours, so one tokenisation with the
 * light theme plus this light→dark table yields both (Shiki's dual-theme mode tokenises twice:
 * measured 3.7x slower on our docs; the table differs from it on about 0.5% of string tokens).
 */
export function pairColors(light: ThemeJson, dark: ThemeJson): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  const vote = (l?: string, d?: string) => {
    if (!l || !d) return;
    const key = l.toLowerCase();
    const m = votes.get(key) ?? new Map<string, number>();
    m.set(d.toLowerCase(), (m.get(d.toLowerCase()) ?? 0) + 1);
    votes.set(key, m);
  };
  const darkRules = new Map((dark.tokenColors ?? []).map((r) => [JSON.stringify(r.scope), r.settings.foreground]));
  for (const rule of light.tokenColors ?? []) vote(rule.settings.foreground, darkRules.get(JSON.stringify(rule.scope)));
  vote(light.colors?.["editor.foreground"], dark.colors?.["editor.foreground"]);
  vote(light.colors?.["editor.background"], dark.colors?.["editor.background"]);
  return new Map([...votes].map(([l, m]) => [l, [...m].sort((a, b) => b[1] - a[1])[0]![0]]));
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
  // Never tokenise while another grammar is being added to the registry.
  await loadChain;
  // No tokenising time limit: Shiki's default (500 ms a line) cuts tokens short on a busy
  // machine, and the same input must always give the same HTML.
  const root = hl.codeToHast(code, { lang: lang ?? "text", theme: "github-light", tokenizeTimeLimit: 0 }) as Root;
  const pre = root.children[0] as Element;
  styleToClass(pre, styles);
  return pre;
}

const loading = new Map<string, Promise<void>>();
let loadChain: Promise<unknown> = Promise.resolve();

/** Loads one grammar; loads run one after another (concurrent loads into one registry are not safe). */
function loadLanguage(hl: HighlighterCore, lang: string): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = loadChain.then(async () => {
      const m = (await import(`shiki/langs/${lang}.mjs`)) as { default: Parameters<HighlighterCore["loadLanguage"]>[0] };
      await hl.loadLanguage(m.default);
    });
    loadChain = p.catch(() => undefined);
    loading.set(lang, p);
  }
  return p;
}

/** Loads the highlighter ahead of the first code block (so the first page does not pay for it). */
export function warmHighlighter(): Promise<unknown> {
  return getHighlighter();
}

/** `color:#abc;font-style:italic` from the light theme → both themes' custom properties. */
function dualStyle(style: string): string {
  return style
    .split(";")
    .filter(Boolean)
    .map((decl) => {
      const [prop, value] = decl.split(":").map((x) => x.trim()) as [string, string];
      const v = value.toLowerCase();
      if (prop === "color") return codeColorVars(v, darkOf.get(v) ?? v);
      if (prop === "background-color") return `--shiki-light-bg:${v};--shiki-dark-bg:${darkOf.get(v) ?? v}`;
      if (prop === "font-style" || prop === "font-weight" || prop === "text-decoration") return `--shiki-${prop}:${v}`;
      return "";
    })
    .filter(Boolean)
    .join(";");
}

function styleToClass(node: Element, styles: CodeStyles): void {
  // Shiki may share property objects between calls: never mutate them in place.
  node.properties = { ...node.properties };
  const raw = node.properties?.style;
  const style = typeof raw === "string" && raw ? dualStyle(raw) : "";
  if (style) {
    const cls = "s" + createHash("sha1").update(style).digest("base64url").slice(0, 6).replace(/[-_]/g, "x");
    styles[cls] = style;
    delete node.properties.style;
    // Shiki's hast names the attribute `class`; merge it so the element keeps one class list.
    const existing = node.properties.className ?? node.properties.class;
    delete node.properties.class;
    node.properties.className = Array.isArray(existing) ? [...existing.map(String), cls] : existing ? [String(existing), cls] : [cls];
  }
  delete node.properties?.tabindex;
  for (const child of node.children as ElementContent[]) if (child.type === "element") styleToClass(child, styles);
}
