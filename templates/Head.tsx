import type { MetaTag, PageData, SiteData } from "../src/shared/types.ts";
import { documentTitle, markdownPath, routeToPath } from "../src/shared/url.ts";
import { contentSecurityPolicy } from "../src/shared/csp.ts";

/** Files every page links to (content-hashed paths). */
export interface HeadAssets {
  css: string;
  js: string;
  /** The tiny classic `<head>` script (src/client/early.ts) that settles layout and theme before the first paint. */
  early: string;
  /** The banner's `<head>` script (src/client/banner.ts), linked only when config has a banner. */
  banner: string;
  siteData: string;
}

/** Head tags from config, rendered as given. */
export interface HeadTag {
  tag: "link" | "meta";
  attrs: Record<string, string>;
}

/** The `<head>` contents: title, description, canonical, the Markdown for machines, Open Graph, config and page meta, assets. */
export function Head({
  site,
  page,
  assets,
  headTags,
  noindex,
}: {
  site: SiteData;
  page: PageData;
  assets: HeadAssets;
  headTags: HeadTag[];
  noindex?: boolean;
}) {
  const title = documentTitle(site.title, page.title, page.route);
  const canonical = site.siteUrl + routeToPath(site.base, page.route);
  return (
    <>
      <meta charSet="utf-8" />
      {/* The policy of _headers, also in the page: it holds on hosts that ignore _headers (docs/design.md §7). */}
      <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy(site.gtmId, true)} />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={page.description} />
      {noindex ? (
        <meta name="robots" content="noindex" />
      ) : (
        <link rel="canonical" href={canonical} />
      )}
      {!noindex && (
        <link rel="alternate" type="text/markdown" href={markdownPath(site.base, page.route)} />
      )}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={page.description} />
      <meta property="og:type" content={page.route === "/" ? "website" : "article"} />
      {!noindex && <meta property="og:url" content={canonical} />}
      <meta property="og:site_name" content={site.title} />
      <meta name="twitter:card" content="summary" />
      {headTags.map((t, i) =>
        t.tag === "link" ? <link key={i} {...t.attrs} /> : <meta key={i} {...t.attrs} />,
      )}
      {page.meta.map((m: MetaTag, i) => (
        <meta
          key={`m${i}`}
          {...(m.name ? { name: m.name } : { property: m.property })}
          content={m.content}
        />
      ))}
      <script src={assets.early} />
      {site.banner && <script src={assets.banner} data-banner={site.banner.id} />}
      <link rel="stylesheet" href={assets.css} />
      <script type="module" src={assets.js} />
    </>
  );
}
