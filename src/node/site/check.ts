/**
 * The site model's second half, once every body is parsed: links and anchors checked against
 * the pages' ids, redirect anchors, sections that moved, and what the search index is built from.
 */
import type { PageFacts } from "../content/parse-page.ts";
import type { Diagnostic } from "../core/errors.ts";
import type { SearchPage } from "../../shared/types.ts";
import { checkLinks, type LinkTargets } from "../core/link-rules.ts";
import { isListed, type PlannedPage, type SitePlan } from "./model.ts";
import { checkRedirectAnchors } from "./redirects.ts";
import { movedSections } from "./moved-anchors.ts";
import type { MovedAnchors } from "../../shared/moved-anchors.ts";

/** What checkSite found. */
export interface SiteCheck {
  errors: Diagnostic[];
  warnings: Diagnostic[];
  targets: LinkTargets;
  searchPages: SearchPage[];
  /** The pages that lost sections to others, each with where its old `#id`s went (the route manifest's). */
  moved: Record<string, MovedAnchors>;
}

/**
 * Checks the parsed site; `errors` stop the build, `warnings` (broken links) are reported and fail
 * check-links. For a session that builds again and again (the dev server): while the link targets
 * (every page's ids, the redirects, public/) are as they were, only the pages whose facts changed
 * are checked again; the others keep their warnings and search documents.
 */
export function checkSite(
  plan: SitePlan,
  facts: Map<string, PageFacts>,
  base: string,
  configFile: string,
  publicFiles: Set<string>,
  /** What the last check of this process gave (a build that builds again). */
  last?: SiteCheckMemo,
): { check: SiteCheck; memo?: SiteCheckMemo } {
  const sameTargets =
    last !== undefined &&
    last.plan === plan &&
    last.base === base &&
    last.configFile === configFile &&
    sameSet(last.publicFiles, publicFiles) &&
    plan.pages.every((p) => sameIds(last.facts.get(p.regularPath), facts.get(p.regularPath)));
  const targets: LinkTargets = sameTargets
    ? last.result.targets
    : {
        base,
        pages: new Map(
          plan.pages.map((p) => [p.regularPath, new Set(facts.get(p.regularPath)?.ids ?? [])]),
        ),
        redirects: new Map(plan.redirects.map((r) => [r.from, r.to])),
        files: publicFiles,
      };
  const byPage = new Map<string, { warnings: Diagnostic[]; search?: SearchPage }>();
  const warnings: Diagnostic[] = [];
  const searchPages: SearchPage[] = [];
  for (const p of plan.pages) {
    const f = facts.get(p.regularPath);
    const kept = sameTargets ? last.byPage.get(p.regularPath) : undefined;
    const reuse = kept !== undefined && f === last!.facts.get(p.regularPath);
    // A link from an included file is reported at that file's line (LinkRef.file).
    const page = reuse
      ? kept
      : {
          warnings: checkLinks(
            (f?.links ?? [])
              .filter((l) => l.scope === "site")
              .map((l) => ({ ...l, file: l.file ?? p.file })),
            targets,
          ),
        };
    // What the search index is built from: the pages the site lists.
    if (!reuse && isListed(p)) page.search = searchPageOf(p, f);
    byPage.set(p.regularPath, page);
    warnings.push(...page.warnings);
    if (page.search) searchPages.push(page.search);
  }
  const sections = sameTargets
    ? { moved: last.result.moved, errors: [] }
    : movedSections(plan, (route) => targets.pages.get(route));
  const result: SiteCheck = {
    errors: sameTargets
      ? []
      : [...checkRedirectAnchors(plan.redirects, targets.pages, configFile), ...sections.errors],
    warnings,
    targets,
    searchPages,
    moved: sections.moved,
  };
  return {
    check: result,
    memo: result.errors.length
      ? undefined
      : { plan, facts, base, configFile, publicFiles, result, byPage },
  };
}

/** What a check gives the next one: its inputs and, per page, its warnings and search document. */
export interface SiteCheckMemo {
  plan: SitePlan;
  facts: Map<string, PageFacts>;
  base: string;
  configFile: string;
  publicFiles: Set<string>;
  result: SiteCheck;
  byPage: Map<string, { warnings: Diagnostic[]; search?: SearchPage }>;
}

/** What the search index is built from for a page (every page but the not-found layout has one). */
export function searchPageOf(p: PlannedPage, facts: PageFacts | undefined): SearchPage {
  return {
    route: p.regularPath,
    title: p.title,
    description: p.description,
    keywords: p.frontmatter.keywords,
    ...(p.frontmatter.search_weight !== undefined && { weight: p.frontmatter.search_weight }),
    ...(facts?.search ?? { headings: [], body: "" }),
  };
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** Whether two parses of a page give the same ids (the same facts, or equal lists). */
function sameIds(a: PageFacts | undefined, b: PageFacts | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.ids.length !== b.ids.length) return false;
  return a.ids.every((id, i) => id === b.ids[i]);
}
