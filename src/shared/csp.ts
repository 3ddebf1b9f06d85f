/** The Content-Security-Policy the site works under (docs/design.md §7), for `_headers` and for every page's own meta tag, and the security headers sent beside it. */

/** The policy as a header value; `forMeta` leaves out what a `<meta>` policy cannot carry (frame-ancestors). */
export function contentSecurityPolicy(gtmId: string, forMeta = false): string {
  const gtm = gtmId ? " https://www.googletagmanager.com" : "";
  const ga = gtmId
    ? " https://www.google-analytics.com https://*.google-analytics.com https://*.analytics.google.com"
    : "";
  const directives = [
    "default-src 'self'",
    `script-src 'self'${gtm}`,
    "style-src 'self'",
    `img-src 'self' data:${gtm}${ga}`,
    `connect-src 'self'${ga}${gtm}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  // Browsers ignore frame-ancestors in a meta policy and warn about it.
  if (!forMeta) directives.push("frame-ancestors 'none'");
  return directives.join("; ");
}

/** The security headers every answer carries beside its policy (in `_headers`, and on the servers' own answers). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
];
