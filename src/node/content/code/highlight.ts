/**
 * Build-time syntax highlighting with Shiki (Oniguruma WASM from the package: measured faster than
 * the JS engine). Tokens become HTML directly, coloured by the theme classes of code-theme.ts (no
 * inline style: the CSP allows none). Highlighted blocks are kept by content hash, so a block
 * that did not change is never tokenised again and a build whose blocks all hit never loads Shiki.
 */
import { createHash } from "node:crypto";
import type { HighlighterCore } from "shiki/core";
import { backgroundClass, colorClass, fontStyleClasses, LIGHT_THEME } from "./code-theme.ts";

/** Languages the docs use; anything else renders as plain text (and is reported by the build). */
export const LANGUAGES = [
  "javascript",
  "typescript",
  "jsx",
  "tsx",
  "json",
  "jsonc",
  "bash",
  "shellscript",
  "python",
  "go",
  "yaml",
  "toml",
  "http",
  "sql",
  "html",
  "css",
  "diff",
  "ini",
  "xml",
  "markdown",
  "dotenv",
] as const;

const ALIASES: Record<string, string> = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  py: "python",
  yml: "yaml",
  golang: "go",
  md: "markdown",
  env: "dotenv",
};

/** Languages rendered without highlighting on purpose. */
export const PLAIN_LANGUAGES = new Set(["text", "txt", "plain", "plaintext", "output", "log"]);

/** Resolves a fence's language to a Shiki language, `null` for plain text, `undefined` if unknown. */
export function resolveLanguage(lang: string): string | null | undefined {
  const l = lang.toLowerCase();
  if (PLAIN_LANGUAGES.has(l)) return null;
  const name = ALIASES[l] ?? l;
  return (LANGUAGES as readonly string[]).includes(name) ? name : undefined;
}

/**
 * Highlighted blocks by `blockKey`: each line's inner HTML. Filled by this thread, seeded from the
 * build cache; `takeAdded()` hands over what was added since it was last called (for the cache).
 */
export class HighlightCache extends Map<string, string[]> {
  private added: [string, string[]][] = [];

  override set(key: string, lines: string[]): this {
    this.added.push([key, lines]);
    return super.set(key, lines);
  }

  /** The blocks added since the last call. */
  takeAdded(): [string, string[]][] {
    const added = this.added;
    this.added = [];
    return added;
  }
}

/** The cache key of a block: its language and code. */
export function blockKey(code: string, lang: string | null): string {
  return createHash("sha1")
    .update(lang ?? "")
    .update("\0")
    .update(code)
    .digest("base64url");
}

let highlighter: Promise<HighlighterCore> | undefined;

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createOnigurumaEngine }] = await Promise.all([
      import("shiki/core"),
      import("shiki/engine/oniguruma"),
    ]);
    return createHighlighterCore({
      themes: [LIGHT_THEME as never],
      langs: [],
      engine: createOnigurumaEngine(import("shiki/wasm")),
    });
  })();
  return highlighter;
}

const loading = new Map<string, Promise<void>>();
let loadChain: Promise<unknown> = Promise.resolve();

/** Loads one grammar; loads run one after another (concurrent loads into one registry are not safe). */
function loadLanguage(hl: HighlighterCore, lang: string): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = loadChain.then(async () => {
      const m = (await import(`shiki/langs/${lang}.mjs`)) as {
        default: Parameters<HighlighterCore["loadLanguage"]>[0];
      };
      await hl.loadLanguage(m.default);
    });
    loadChain = p.catch(() => undefined);
    loading.set(lang, p);
  }
  return p;
}

/** Loads Shiki ahead of the first code block (a worker does it while its first pages are on the way). */
export function warmHighlighter(): Promise<unknown> {
  return getHighlighter();
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Lines this long or longer (in UTF-16 units) are shown as plain text, not tokenised. */
export const MAX_HIGHLIGHTED_LINE = 1000;

/**
 * The inner HTML of each line of `code` (token spans with theme classes), from `cache` when the
 * same block was highlighted before; new blocks are added to it.
 */
export async function highlightLines(
  code: string,
  lang: string | null,
  cache: HighlightCache,
): Promise<string[]> {
  const key = blockKey(code, lang);
  const hit = cache.get(key);
  if (hit) return hit;
  let lines: string[];
  if (lang === null) lines = code.split("\n").map(escapeHtml);
  else {
    const hl = await getHighlighter();
    // Grammars load on first use: compiling all of them costs each worker a second.
    if (!hl.getLoadedLanguages().includes(lang)) await loadLanguage(hl, lang);
    // Never tokenise while another grammar is being added to the registry.
    await loadChain;
    // No tokenising time limit: Shiki's default (500 ms a line) cuts tokens short on a busy
    // machine, and the same input must always give the same HTML. A limit on a line's length
    // instead: a grammar's time grows faster than the line (a 10 KB line of nested brackets in a
    // curl command took 7.5 s), and a line that long is data (minified JSON, base64, a key), shown
    // as plain text. The page's own time budget (build workers) bounds the rest.
    const tokens = hl.codeToTokensBase(code, {
      lang,
      theme: LIGHT_THEME.name,
      tokenizeTimeLimit: 0,
      tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE,
    });
    lines = tokens.map((line) =>
      line
        .map((t) => {
          const classes = [
            colorClass(t.color),
            backgroundClass(t.bgColor),
            ...fontStyleClasses(t.fontStyle),
          ].filter(Boolean);
          const text = escapeHtml(t.content);
          return classes.length ? `<span class="${classes.join(" ")}">${text}</span>` : text;
        })
        .join(""),
    );
  }
  cache.set(key, lines);
  return lines;
}
