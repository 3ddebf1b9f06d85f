/**
 * The site model's second half, once every body is parsed: links and anchors checked against
 * the pages' ids, redirect anchors, and what the search index is built from.
 */
import type { PageFacts } from "../content/parse-page.ts";
import type { Diagnostic } from "../errors.ts";
import type { SearchPage } from "../shared/types.ts";
import { checkLinks, type LinkTargets } from "./links.ts";
import type { SitePlan } from "./model.ts";
import { checkRedirectAnchors } from "./redirects.ts";

/** Checks the parsed site; `errors` stop the build, `warnings` (broken links) are reported and fail check-links. */
export function checkSite(
  plan: SitePlan,
  facts: Map<string, PageFacts>,
  base: string,
  configFile: string,
  publicFiles: Set<string>,
): { errors: Diagnostic[]; warnings: Diagnostic[]; targets: LinkTargets; searchPages: SearchPage[] } {
  const ids = new Map(plan.pages.map((p) => [p.regularPath, new Set(facts.get(p.regularPath)?.ids ?? [])]));
  const targets: LinkTargets = { base, pages: ids, redirects: new Map(plan.redirects.map((r) => [r.from, r.to])), files: publicFiles };
  const warnings = checkLinks(
    // A link from an included file is reported at that file's line (LinkRef.file).
    plan.pages.flatMap((p) => (facts.get(p.regularPath)?.links ?? []).filter((l) => l.scope === "site").map((l) => ({ ...l, file: l.file ?? p.file }))),
    targets,
  );
  // What the search index is built from: every page but the not-found layout.
  const searchPages: SearchPage[] = plan.pages
    .filter((p) => p.layout !== "not-found")
    .map((p) => ({ route: p.regularPath, title: p.title, description: p.description, ...(facts.get(p.regularPath)?.search ?? { headings: [], body: "" }) }));
  return { errors: checkRedirectAnchors(plan.redirects, ids, configFile), warnings, targets, searchPages };
}
