/** The redirect table: validated to land on a page, in one hop, with no loop (docs/design.md §3). */
import type { Diagnostic } from "../core/errors.ts";
import { splitHash } from "../../shared/url.ts";
import type { Redirect } from "./model.ts";
import { propose } from "../../shared/similar.ts";

/**
 * Normalises `from` to the slash form and checks every redirect against the page routes: one
 * per path, not over a page, landing on a page in one hop. Anchors are checked once the pages'
 * ids are known (checkRedirectAnchors).
 */
export function resolveRedirects(
  input: { from: string; to: string }[],
  routes: Set<string>,
  configFile: string,
): { redirects: Redirect[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const problem = (i: number, message: string, hint: string) =>
    diagnostics.push({
      file: configFile,
      rule: "redirect",
      message: `redirects[${i}]: ${message}`,
      hint,
    });
  const sources = new Map<string, number>();
  const redirects: Redirect[] = [];
  input.forEach((r, i) => {
    const from = r.from.endsWith("/") ? r.from : r.from + "/";
    if (sources.has(from))
      problem(
        i,
        `${r.from} is already redirected by redirects[${sources.get(from)}]`,
        "keep one redirect per path",
      );
    sources.set(from, i);
    if (routes.has(from))
      problem(
        i,
        `${r.from} is a page; a redirect would hide it`,
        "remove the redirect or move the page",
      );
    redirects.push({ from, to: r.to });
  });
  redirects.forEach((r, i) => {
    const { route } = splitHash(r.to);
    if (sources.has(route)) {
      const chain =
        route === r.from
          ? "redirects to itself (a loop)"
          : `lands on ${route}, which redirects again (a chain)`;
      problem(
        i,
        `${r.from} ${chain}`,
        `point it straight at the final page: ${input[sources.get(route)!]!.to}`,
      );
    } else if (!routes.has(route)) {
      const guess = propose(route, routes);
      problem(
        i,
        `${r.from} redirects to ${r.to}, which matches no page${guess ? `; did you mean ${guess}?` : ""}`,
        "point `to` at an existing page route",
      );
    }
  });
  return { redirects, diagnostics };
}

/** A redirect's `#anchor` must be an id of the page it lands on. */
export function checkRedirectAnchors(
  redirects: Redirect[],
  ids: Map<string, Set<string>>,
  configFile: string,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  redirects.forEach((r, i) => {
    const { route, hash } = splitHash(r.to);
    const pageIds = ids.get(route);
    if (!hash || !pageIds || pageIds.has(hash)) return;
    const guess = propose(hash, pageIds, 0.5);
    out.push({
      file: configFile,
      rule: "redirect",
      message: `redirects[${i}]: ${r.from} redirects to ${r.to}, but ${route} has no heading #${hash}${guess ? `; did you mean #${guess}?` : ""}`,
      hint: "anchors are heading slugs: lower case, spaces as '-', punctuation dropped",
    });
  });
  return out;
}
