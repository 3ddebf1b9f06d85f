/** Render stage: React templates → HTML documents with renderToString (server) for hydration. */
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { App } from "../../../templates/App.tsx";
import { Head, type HeadAssets, type HeadTag } from "../../../templates/Head.tsx";
import * as parts from "../../../templates/parts.ts";
import type { BootData, PageData, SiteData } from "../../shared/types.ts";
import { assetUrl } from "../../shared/output-layout.ts";
import { SITE_ID } from "../../shared/site-ids.ts";

/** What a render needs beyond the page: site data, the real asset URLs and config head tags. */
export interface RenderContext {
  site: SiteData;
  assets: HeadAssets;
  headTags: HeadTag[];
  /** URL of the route manifest (a fixed name: pages never change when another page does). */
  manifestFile: string;
  /** URL of the content-hashed site data file. */
  siteFile: string;
  /** URL of the live-reload client, linked at the end of the head (the dev server's builds only). */
  devClient?: string;
}

/** Escapes JSON for a `<script type="application/json">` (no `</script>` or `<!--` can end it). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The full HTML document of one page. */
export function renderPage(
  page: PageData,
  ctx: RenderContext,
  options: { noindex?: boolean } = {},
): string {
  const head = renderToStaticMarkup(
    <>
      <Head
        site={ctx.site}
        page={page}
        assets={ctx.assets}
        headTags={ctx.headTags}
        noindex={options.noindex}
      />
      {ctx.devClient && <script type="module" src={ctx.devClient} />}
    </>,
  );
  const body = renderToString(<App site={ctx.site} page={page} parts={parts} />);
  const { html: _html, ...rest } = page;
  const boot: BootData = {
    page: rest,
    siteFile: ctx.siteFile,
    manifestFile: ctx.manifestFile,
    assetsUrl: assetUrl(ctx.site.base, ""),
    gtmId: ctx.site.gtmId,
    scrollSpyThrottleMs: ctx.site.navigation.scrollSpyThrottleMs,
  };
  return (
    `<!doctype html><html lang="en"><head>${head}</head><body><div id="${SITE_ID.app}">${body}</div>` +
    `<script type="application/json" id="${SITE_ID.boot}">${jsonForScript(boot)}</script></body></html>`
  );
}
