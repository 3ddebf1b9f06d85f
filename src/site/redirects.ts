/** The redirect table: validated to land on a page, in one hop, with no loop (design.md §3). */
import type { Diagnostic } from "../errors.ts";
import { splitHash } from "../shared/url.ts";
import type { Redirect } from "./model.ts";
import { propose } from "../shared/similar.ts";

/** Normalises `from` to the slash form and checks every redirect against the page routes. */
export function resolveRedirects(
  input: { from: string; to: string }[],
  /** Page routes → the ids on each page (a redirect's #anchor must be one of them). */
  pages: Map<string, Set<string>>,
  configFile: string,
): { redirects: Redirect[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const problem = (i: number, message: string, hint: string) =>
    diagnostics.push({ file: configFile, rule: "redirect", message: `redirects[${i}]: ${message}`, hint });
  const sources = new Map<string, number>();
  const redirects: Redirect[] = [];
  input.forEach((r, i) => {
    const from = r.from.endsWith("/") ? r.from : r.from + "/";
    if (sources.has(from)) problem(i, `${r.from} is already redirected by redirects[${sources.get(from)}]`, "keep one redirect per path");
    sources.set(from, i);
    if (pages.has(from)) problem(i, `${r.from} is a page; a redirect would hide it`, "remove the redirect or move the page");
    redirects.push({ from, to: r.to });
  });
  redirects.forEach((r, i) => {
    const { route, hash } = splitHash(r.to);
    const ids = pages.get(route);
    if (sources.has(route)) {
      const chain = route === r.from ? "redirects to itself (a loop)" : `lands on ${route}, which redirects again (a chain)`;
      problem(i, `${r.from} ${chain}`, `point it straight at the final page: ${input[sources.get(route)!]!.to}`);
    } else if (!ids) {
      const guess = propose(route, pages.keys());
      problem(i, `${r.from} redirects to ${r.to}, which matches no page${guess ? `; did you mean ${guess}?` : ""}`, "point `to` at an existing page route");
    } else if (hash && !ids.has(hash)) {
      const guess = propose(hash, ids, 0.5);
      problem(i, `${r.from} redirects to ${r.to}, but ${route} has no heading #${hash}${guess ? `; did you mean #${guess}?` : ""}`, "anchors are heading slugs: lower case, spaces as '-', punctuation dropped");
    }
  });
  return { redirects, diagnostics };
}
