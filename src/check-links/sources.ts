/**
 * Where a built link came from: the content stage is run again (from the build cache, into
 * memory) for each page's Markdown file and its links with line and column; a link found in no
 * Markdown file came from a template and is reported against the built file.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { buildSite } from "../build.ts";
import { cacheFile, loadCache } from "../cache.ts";
import { CONFIG_FILE } from "../config/load.ts";
import type { SiteConfig } from "../config/schema.ts";
import type { LinkRef } from "../content/markdown.ts";
import { normalizeRoute } from "../shared/url.ts";
import { MemoryWriter } from "../write/writer.ts";
import { lineColumn } from "./scan-html.ts";

/** A place to report a problem at. */
export interface Place {
  file: string;
  line?: number;
  column?: number;
  /** True when the place is a Markdown or config file (not the built output). */
  source: boolean;
  /** The link as written in the Markdown, when it differs from the built href. */
  written?: string;
}

// check-links needs the content stage only: the client bundle is never looked at.
const NO_CLIENT = Promise.resolve({ files: [], entry: "client.js", earlyScript: "early.js", bannerScript: "banner.js", redirectScript: "redirect.js" });

/** The content of the site, by route, as the build saw it. */
export class SourceMap {
  private readonly byRoute = new Map<string, { file: string; links: LinkRef[]; text?: string }>();
  private readonly used = new Map<string, number>();
  private configText: string | undefined;

  private constructor(
    readonly config: SiteConfig,
    private readonly cwd: string,
    private readonly configPath: string | undefined,
    sources: { route: string; file: string; links: LinkRef[] }[],
  ) {
    for (const s of sources) this.byRoute.set(s.route, { file: s.file, links: s.links });
  }

  /** Runs the content stage; undefined when there is no content folder (a build checked on its own). */
  static async load(cwd: string, contentDir: string, configFile: string | undefined): Promise<SourceMap | undefined> {
    const dir = resolve(cwd, contentDir);
    if (!existsSync(dir)) return undefined;
    const result = await buildSite({
      cwd,
      contentDir,
      configFile,
      writer: new MemoryWriter(),
      // The build's cache is read, never written: checking must not change what the next build does.
      memo: { cache: loadCache(cacheFile(cwd, dir)), client: NO_CLIENT },
    });
    const configPath = configFile ? resolve(cwd, configFile) : join(dirname(dir), CONFIG_FILE);
    return new SourceMap(result.config, cwd, existsSync(configPath) ? configPath : undefined, result.sources);
  }

  /**
   * The Markdown position of the `nth` (0-based) broken occurrence of `href` on the page of
   * `route`: a recorded link whose output is `href`, else the href's text found in the file.
   */
  linkPlace(route: string, href: string, base: string): Place | undefined {
    const page = this.byRoute.get(route);
    if (!page) return undefined;
    const key = `${route}\0${href}`;
    const nth = this.used.get(key) ?? 0;
    this.used.set(key, nth + 1);
    const prefix = base.replace(/\/$/, "");
    const matches = page.links.filter((l) => (l.url.startsWith(base) ? l.url : prefix + l.url) === href);
    const hit = matches[Math.min(nth, matches.length - 1)];
    if (hit) return { file: page.file, line: hit.line, column: hit.column, source: true, written: hit.url };
    // Links the content stage does not record (relative ones, raw HTML): find their text.
    page.text ??= readFileSync(resolve(this.cwd, page.file), "utf8");
    for (const needle of [href, href.startsWith(prefix + "/") ? href.slice(prefix.length) : undefined]) {
      if (!needle) continue;
      const at = page.text.indexOf(needle);
      if (at >= 0) return { file: page.file, ...lineColumn(page.text, at), source: true };
    }
    return undefined;
  }

  /** Where a redirect (`from` route) is configured: its `from` string in site.config.ts. */
  redirectPlace(fromRoute: string): Place | undefined {
    const entry = this.config.redirects.find((r) => normalizeRoute(r.from) === normalizeRoute(fromRoute));
    if (!entry || !this.configPath) return undefined;
    this.configText ??= readFileSync(this.configPath, "utf8");
    const file = relative(this.cwd, this.configPath).split("\\").join("/");
    for (const quote of ['"', "'", "`"]) {
      const at = this.configText.indexOf(`${quote}${entry.from}${quote}`);
      if (at >= 0) return { file, ...lineColumn(this.configText, at), source: true };
    }
    return { file, source: true };
  }
}
