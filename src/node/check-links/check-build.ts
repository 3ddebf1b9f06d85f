/**
 * `brook-docs check-links [DIR]`: checks a finished build. Every internal href and src lands on a
 * file after the URL rules, every #fragment on an id of the target page, every redirect (stub,
 * `_redirects`, the client's table) on a page in one hop, every sitemap URL on a page; external
 * links are checked for form only, and with `external` on the network too. Problems point at
 * the Markdown (or config) source.
 */
import { resolve } from "node:path";
import type { Diagnostic } from "../core/errors.ts";
import { BuiltSite } from "./built-site.ts";
import { createContext, type CheckContext } from "./check-context.ts";
import { checkHtmlLinks, type ExternalLinks } from "./check-html.ts";
import { checkMarkdownLinks } from "./check-markdown.ts";
import { checkRedirects } from "./check-redirects.ts";
import { checkSitemaps } from "./check-sitemap.ts";
import type { CheckedLink } from "./checked-links.ts";
import { checkExternalLinks, type ExternalOptions } from "./external.ts";
import { LinkSources } from "./link-sources.ts";

/** Options of `checkBuild`. */
export interface CheckOptions {
  /** The build folder (web root); its link map beside it names the Markdown file and line of each link. */
  dir: string;
  /** @default process.cwd() */
  cwd?: string;
  /** Also ask the servers of external https links (`--external`); off: form only, no network. @default false */
  external?: boolean | ExternalOptions;
}

/** What check-links found. */
export interface CheckReport {
  problems: Diagnostic[];
  /** URLs checked. */
  checked: number;
  /** HTML pages read (redirect stubs not counted). */
  pages: number;
  /** Each distinct link checked, with how often it occurs. */
  links: CheckedLink[];
}

/** Checks the build in `dir`; never throws for a broken link, only for a missing folder or a content error. */
export async function checkBuild(options: CheckOptions): Promise<CheckReport> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const site = new BuiltSite(resolve(cwd, options.dir));
  const ctx = createContext(site, LinkSources.load(site.root), cwd);
  const externals: ExternalLinks | undefined = options.external ? new Map() : undefined;

  const pages = await checkHtmlLinks(ctx, externals);
  await checkMarkdownLinks(ctx);
  await checkRedirects(ctx);
  await checkSitemaps(ctx);
  if (externals?.size)
    await askExternalServers(
      ctx,
      externals,
      typeof options.external === "object" ? options.external : {},
    );

  return {
    problems: ctx.report.problems(),
    checked: ctx.checked.total,
    pages,
    links: ctx.checked.list(),
  };
}

/** With `external`: asks the server of each external link once; reports every place of a dead one. */
async function askExternalServers(
  ctx: CheckContext,
  externals: ExternalLinks,
  options: ExternalOptions,
): Promise<void> {
  const results = await checkExternalLinks(externals.keys(), options);
  for (const [url, places] of externals) {
    const r = results.get(url)!;
    ctx.checked.setStatus(url, r.status);
    if (!r.ok)
      for (const place of places)
        ctx.report.add(place(), "broken-external", `link to ${url} ${r.reason}`, url);
  }
}
