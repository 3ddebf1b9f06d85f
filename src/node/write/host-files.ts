/** Files that make static hosts follow the URL contract: _redirects, _headers, sitemap, robots. */
import type { Redirect } from "../site/model.ts";
import { routeToPath } from "../../shared/url.ts";
import { contentSecurityPolicy, SECURITY_HEADERS } from "../../shared/csp.ts";

/** Netlify/Cloudflare-style `_redirects`: redirects, `index.html` and `.html` forms, all 301. */
export function redirectsFile(base: string, routes: string[], redirects: Redirect[]): string {
  const lines = [
    "# Written by brook-docs build. Redirects of site.config.ts, then the index.html and .html forms of every page.",
  ];
  for (const r of redirects) {
    const to = routeToPath(base, r.to);
    const from = routeToPath(base, r.from);
    lines.push(
      `${from.replace(/\/$/, "")} ${to} 301`,
      `${from} ${to} 301`,
      `${from}index.html ${to} 301`,
    );
  }
  for (const route of routes) {
    const path = routeToPath(base, route);
    lines.push(`${path}index.html ${path} 301`);
    if (route !== "/") lines.push(`${path.replace(/\/$/, "")}.html ${path} 301`);
  }
  return lines.join("\n") + "\n";
}

/** `_headers`: CSP and security headers everywhere, immutable caching for hashed assets, no-cache for HTML, the Markdown type for `.md`. */
export function headersFile(base: string, gtmId: string): string {
  return [
    "/*",
    `  Content-Security-Policy: ${contentSecurityPolicy(gtmId)}`,
    ...SECURITY_HEADERS.map(([name, value]) => `  ${name}: ${value}`),
    "  Cache-Control: no-cache",
    `${base}assets/*`,
    "  Cache-Control: public, max-age=31536000, immutable",
    // Markdown for machines: hosts that do not know the extension would send it as a download.
    `${base}*.md`,
    "  Content-Type: text/markdown; charset=utf-8",
    "",
  ].join("\n");
}

/** sitemap.xml of every page (not redirects, not the 404 page). */
export function sitemapFile(siteUrl: string, base: string, routes: string[]): string {
  const urls = routes
    .map((r) => `<url><loc>${escapeXml(encodeURI(siteUrl + routeToPath(base, r)))}</loc></url>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

/** robots.txt pointing at the sitemap. */
export function robotsFile(siteUrl: string, base: string): string {
  return `User-agent: *\nAllow: /\nSitemap: ${siteUrl}${base}sitemap.xml\n`;
}

/** Escapes text for XML character data. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
