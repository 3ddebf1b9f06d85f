/** Checks the site links recorded in Markdown: the page exists (or a redirect lands on one) and the anchor too. */
import type { Diagnostic } from "./errors.ts";
import { normalizeRoute, pathToRoute, splitHash } from "../../shared/url.ts";
import { propose } from "../../shared/similar.ts";
import { safeDecode } from "../../shared/url-policy.ts";

/** A link as recorded by the content stage, with the file it stands in. */
export interface LinkSource {
  file: string;
  url: string;
  line: number;
  column: number;
  /** The link as written when the build resolved it to `url` (`../limits.md` → `/limits/`). */
  written?: string;
}

/** What a link can land on. */
export interface LinkTargets {
  base: string;
  /** route → the ids on that page. */
  pages: Map<string, Set<string>>;
  /** redirect source route → target. */
  redirects: Map<string, string>;
  /** paths of other files under the base (`/favicon.svg`). */
  files: Set<string>;
}

/** One diagnostic per broken link, with "did you mean" when a page or anchor is close. */
export function checkLinks(links: LinkSource[], targets: LinkTargets): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const link of links) {
    // A resolved link is named as written, then as followed: "link to ../gone.md (/gone/)".
    const problem = checkLink(
      link.url,
      targets,
      link.written ? `${link.written} (${link.url})` : link.url,
    );
    if (problem) out.push({ file: link.file, line: link.line, column: link.column, ...problem });
  }
  return out;
}

/** Why one site URL (route or base path, optional #hash) is broken, or undefined; `shown` names it in messages. */
export function checkLink(
  url: string,
  t: LinkTargets,
  shown = url,
): { message: string; rule: string; hint: string } | undefined {
  const { route: encoded, hash: encodedHash } = splitHash(url.split("?")[0]!);
  // A link is followed decoded, as a host and a browser do: `/lim%69ts/` is `/limits/`.
  const raw = safeDecode(encoded);
  const hash = safeDecode(encodedHash);
  if (raw === undefined || hash === undefined) {
    return {
      rule: "broken-link",
      message: `link to ${shown} has a malformed %-escape`,
      hint: "write the characters as they are, or escape them as %XX with two hex digits",
    };
  }
  const underBase = pathToRoute(t.base, raw);
  const path = underBase ?? raw;
  if (t.files.has(path)) return undefined;
  let route = normalizeRoute(path);
  let anchorHash = hash;
  const redirect = t.redirects.get(route);
  if (redirect) {
    const target = splitHash(redirect);
    route = target.route;
    anchorHash ||= target.hash;
  }
  const ids = t.pages.get(route);
  if (!ids) {
    const guess = propose(route, t.pages.keys());
    return {
      rule: "broken-link",
      message: `link to ${shown} matches no page${guess ? `; did you mean ${guess}?` : ""}`,
      hint: "fix the link, or add a redirect under `redirects` in site.config.ts",
    };
  }
  if (anchorHash && !ids.has(anchorHash)) {
    const guess = propose(anchorHash, ids, 0.5);
    return {
      rule: "broken-anchor",
      message: `link to ${shown}: ${route} has no heading #${anchorHash}${guess ? `; did you mean #${guess}?` : ""}`,
      hint: "anchors are heading slugs: lower case, spaces as '-', punctuation dropped",
    };
  }
  return undefined;
}
