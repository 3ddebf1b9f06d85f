/** Redirect stubs: plain HTML, no React (written on the main thread). */
import { contentSecurityPolicy } from "../../shared/csp.ts";

/** A redirect stub: meta refresh to the target, canonical, noindex, and a script that keeps the visitor's #hash. */
export function renderRedirectStub(
  targetPath: string,
  canonical: string,
  title: string,
  hashScript: string,
): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${esc(contentSecurityPolicy("", true))}"><title>Redirecting to ${esc(title)}</title>` +
    `<meta http-equiv="refresh" content="0; url=${esc(targetPath)}"><link rel="canonical" href="${esc(canonical)}">` +
    `<meta name="robots" content="noindex"><script src="${esc(hashScript)}" data-to="${esc(targetPath)}"></script></head>` +
    `<body><p>This page has moved to <a href="${esc(targetPath)}">${esc(title)}</a>.</p></body></html>`
  );
}
