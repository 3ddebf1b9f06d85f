/**
 * The link map's shape and reading (the build writes it: write/output-target.ts): where each link of the output came from (page route → Markdown file, line and
 * column of each site link), and where each redirect is configured. The build writes it beside
 * its output folder (`dist.links.json` for `dist/`), where check-links finds it and a static host
 * does not publish it; check-links then needs neither content/ nor the cache (STYLE.md: a linker
 * reads the symbol table, it does not recompile).
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { LINK_MAP_SUFFIX } from "../../shared/output-layout.ts";
import { lineColumn } from "../../shared/text-lines.ts";
import type { UrlKind } from "../../shared/url-policy.ts";

/** A link or image of a page, where it stands in its source file (the build checks site links; check-links names them all). */
export interface LinkRef {
  /** The target as written, e.g. `/workflows/steps/triggers/#schedule`. */
  url: string;
  line: number;
  column: number;
  kind: "link" | "image";
  /** How it is followed (src/shared/url-policy.ts). */
  scope: UrlKind;
  /** The link as written, when the build resolved it to `url` (a `.md` link: md-links.ts). */
  written?: string;
  /** The included file it stands in, when it is not the page's own (line and column are that file's). */
  file?: string;
}

/** The link map's content. */
export interface LinkMap {
  version: 1;
  base: string;
  siteUrl: string;
  /** route → the page's source file and its site links as written. */
  pages: Record<string, { file: string; links: LinkRef[] }>;
  /** redirect source route (slash form) → where it is configured. */
  redirects: Record<string, { file: string; line?: number; column?: number }>;
}

/** Where the link map of an output folder is: `dist` → `dist.links.json` beside it. */
export function linkMapPath(outDir: string): string {
  const out = resolve(outDir);
  return join(dirname(out), basename(out) + LINK_MAP_SUFFIX);
}

/** Reads the link map of an output folder, if the build wrote one. */
export function readLinkMap(outDir: string): LinkMap | undefined {
  const file = linkMapPath(outDir);
  if (!existsSync(file)) return undefined;
  try {
    const map = JSON.parse(readFileSync(file, "utf8")) as LinkMap;
    return map.version === 1 ? map : undefined;
  } catch {
    return undefined;
  }
}

// The quoted strings of the config text asked last, each at its first place: a config writes
// its redirects one after another, and searching and splitting the text again for each one grew
// with the square of the redirects (20,000 of them written out: a 10 s write stage).
let lastText: string | undefined;
let lastQuoted: Map<string, number> | undefined;

/** Each string between two consecutive quotes of one kind (`"a"` → `"a`), at its first place. */
function quotedStrings(text: string): Map<string, number> {
  const quoted = new Map<string, number>();
  for (const quote of ['"', "'", "`"]) {
    let open = text.indexOf(quote);
    for (
      let close = text.indexOf(quote, open + 1);
      close >= 0;
      close = text.indexOf(quote, close + 1)
    ) {
      const key = quote + text.slice(open + 1, close);
      if (!quoted.has(key)) quoted.set(key, open);
      open = close;
    }
  }
  return quoted;
}

/**
 * Line and column (1-based) of the first `"from"` string of a redirect in the config text. A
 * route holds no quote, so its quoted form lies between two consecutive quotes of its kind.
 */
export function placeInConfig(
  text: string,
  from: string,
): { line: number; column: number } | undefined {
  if (text !== lastText || !lastQuoted) {
    lastQuoted = quotedStrings(text);
    lastText = text;
  }
  for (const quote of ['"', "'", "`"]) {
    const at = lastQuoted.get(quote + from);
    if (at !== undefined) return lineColumn(text, at);
  }
  return undefined;
}
