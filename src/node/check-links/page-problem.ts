/** Why a link to a page is broken, worded with "did you mean" as the build's own link check words it. */
import { checkLink } from "../core/link-rules.ts";
import { propose } from "../../shared/similar.ts";
import type { Landing } from "./built-site.ts";
import { guessRoute, safeDecode, type CheckContext } from "./check-context.ts";

/** A problem's rule and message. */
export interface Problem {
  rule: string;
  message: string;
}

/** Why the link `value` (site path `path`) that landed at `landing` is broken, or undefined. */
export function pageProblem(
  ctx: CheckContext,
  value: string,
  path: string,
  landing: Landing,
): Problem | undefined {
  if (!landing.ok) {
    const from = checkLink(path, ctx.targets);
    if (from && from.rule === "broken-link")
      return {
        rule: from.rule,
        message: from.message.replace(`link to ${path}`, `link to ${value}`),
      };
    const guess = guessRoute(ctx, path);
    return {
      rule: "broken-link",
      message: `link to ${value} ${landing.why === "too-many-redirects" ? "redirects in a loop" : "matches no page"}${guess ? `; did you mean ${guess}?` : ""}`,
    };
  }
  const hash = safeDecode(landing.hash);
  if (!hash || hash === "top" || !landing.html || landing.html.ids.has(hash)) return undefined;
  const from = checkLink(path, ctx.targets);
  if (from && from.rule === "broken-anchor")
    return {
      rule: from.rule,
      message: from.message.replace(`link to ${path}`, `link to ${value}`),
    };
  const guess = propose(hash, landing.html.ids, 0.5);
  return {
    rule: "broken-anchor",
    message: `link to ${value}: ${landing.file} has no id #${hash}${guess ? `; did you mean #${guess}?` : ""}`,
  };
}
