/** Render stage: React templates → HTML documents with renderToString (server) for hydration. */
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { App } from "../../templates/App.tsx";
import { Head, type HeadAssets, type HeadTag } from "../../templates/Head.tsx";
import * as parts from "../../templates/parts.ts";
import type { BootData, PageData, SiteData } from "../shared/types.ts";
import { contentSecurityPolicy } from "../shared/csp.ts";

/** What a render needs beyond the page: site data, asset paths and config head tags. */
export interface RenderContext {
  site: SiteData;
  assets: HeadAssets;
  headTags: HeadTag[];
  manifestFile: string;
  siteFile: string;
}

/** Escapes JSON for a `<script type="application/json">` (no `</script>` or `<!--` can end it). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** The full HTML document of one page. */
export function renderPage(page: PageData, ctx: RenderContext, options: { noindex?: boolean } = {}): string {
  const head = renderToStaticMarkup(<Head site={ctx.site} page={page} assets={ctx.assets} headTags={ctx.headTags} noindex={options.noindex} />);
  const body = renderToString(<App site={ctx.site} page={page} parts={parts} />);
  const { html: _html, ...rest } = page;
  const boot: BootData = { page: rest, siteFile: ctx.siteFile, manifestFile: ctx.manifestFile };
  return (
    `<!doctype html><html lang="en"><head>${head}</head><body><div id="app">${body}</div>` +
    `<script type="application/json" id="brook-boot">${jsonForScript(boot)}</script></body></html>`
  );
}

/** A redirect stub: meta refresh to the target, canonical, noindex, and a script that keeps the visitor's #hash. */
export function renderRedirectStub(targetPath: string, canonical: string, title: string, hashScript: string): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${esc(contentSecurityPolicy("", true))}"><title>Redirecting to ${esc(title)}</title>` +
    `<meta http-equiv="refresh" content="0; url=${esc(targetPath)}"><link rel="canonical" href="${esc(canonical)}">` +
    `<meta name="robots" content="noindex"><script src="${esc(hashScript)}" data-to="${esc(targetPath)}"></script></head>` +
    `<body><p>This page has moved to <a href="${esc(targetPath)}">${esc(title)}</a>.</p></body></html>`
  );
}
