/**
 * The link map: where each link of the output came from (page route → Markdown file, line and
 * column of each site link), and where each redirect is configured. The build writes it beside
 * its output folder (`dist.links.json` for `dist/`), where check-links finds it and a static host
 * does not publish it; check-links then needs neither content/ nor the cache (STYLE.md: a linker
 * reads the symbol table, it does not recompile).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { LinkRef } from "../content/markdown/markdown.ts";
import { LINK_MAP_SUFFIX } from "../shared/output-layout.ts";

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

/** Writes the link map (after the output swap: it describes the output now in place). */
export function writeLinkMap(outDir: string, map: LinkMap): void {
  const file = linkMapPath(outDir);
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(map));
  renameSync(tmp, file);
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

/** Line and column (1-based) of the first `"from"` string of a redirect in the config text. */
export function placeInConfig(
  text: string,
  from: string,
): { line: number; column: number } | undefined {
  for (const quote of ['"', "'", "`"]) {
    const at = text.indexOf(`${quote}${from}${quote}`);
    if (at < 0) continue;
    const before = text.slice(0, at);
    const line = before.split("\n").length;
    return { line, column: at - before.lastIndexOf("\n") };
  }
  return undefined;
}
