/**
 * The site model's second half, once every body is parsed: links and anchors checked against
 * the pages' ids, redirect anchors, and the documents of the search index.
 */
import type { PageFacts } from "../content/parse-page.ts";
import type { Diagnostic } from "../errors.ts";
import type { SearchDoc } from "../shared/types.ts";
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
): { errors: Diagnostic[]; warnings: Diagnostic[]; targets: LinkTargets; searchDocs: SearchDoc[] } {
  const ids = new Map(plan.pages.map((p) => [p.regularPath, new Set(facts.get(p.regularPath)?.ids ?? [])]));
  const targets: LinkTargets = { base, pages: ids, redirects: new Map(plan.redirects.map((r) => [r.from, r.to])), files: publicFiles };
  const warnings = checkLinks(
    // A link from an included file is reported at that file's line (LinkRef.file).
    plan.pages.flatMap((p) => (facts.get(p.regularPath)?.links ?? []).filter((l) => l.scope === "site").map((l) => ({ ...l, file: l.file ?? p.file }))),
    targets,
  );
  const searchDocs: SearchDoc[] = plan.pages
    .filter((p) => p.layout !== "not-found")
    .flatMap((p) => (facts.get(p.regularPath)?.sections ?? []).map((s) => ({ id: s.slug ? `${p.regularPath}#${s.slug}` : p.regularPath, title: p.title, heading: s.heading, text: s.text })));
  return { errors: checkRedirectAnchors(plan.redirects, ids, configFile), warnings, targets, searchDocs };
}
