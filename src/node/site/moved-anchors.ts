/**
 * Sections that moved (frontmatter `moved_from`, docs/design.md §3): once every page's ids are
 * known, the table of each page that lost sections: which of its old `#id`s now live on which
 * page. A link made before the move, `/api/rest/#createWorkflow-name`, still reaches the field on
 * `/api/rest/workflows/`: the route manifest carries the table and the client follows it.
 */
import type { Diagnostic } from "../core/errors.ts";
import type { MovedAnchors } from "../../shared/moved-anchors.ts";
import { propose } from "../../shared/similar.ts";
import { splitHash } from "../../shared/url.ts";
import { isCodeGroupId } from "../content/code/code-group.ts";
import type { SitePlan } from "./model.ts";

/** Each page that lost sections, by route, with its table; and the problems of `moved_from`. */
export interface MovedSections {
  moved: Record<string, MovedAnchors>;
  errors: Diagnostic[];
}

/** The tables of the plan's `moved_from`s, made from every page's ids. */
export function movedSections(
  plan: SitePlan,
  idsOf: (route: string) => Set<string> | undefined,
): MovedSections {
  const errors: Diagnostic[] = [];
  const routes = plan.pages.map((p) => p.regularPath);
  // old route → id → new route, in the plan's order: the first page to claim an id keeps it.
  const claims = new Map<string, { ids: Map<string, string>; sections: Map<string, string> }>();
  for (const page of plan.pages) {
    for (const from of page.frontmatter.moved_from ?? []) {
      // The schema allows no empty `#`: a hash here names a section.
      const { route, hash: section } = splitHash(from);
      const problem = (message: string, hint: string) =>
        errors.push({
          file: page.file,
          line: page.movedFromLine ?? 1,
          rule: "moved-from",
          message,
          hint,
        });
      const oldIds = idsOf(route);
      if (route === page.regularPath || !oldIds) {
        const guess = route === page.regularPath ? undefined : propose(route, routes);
        problem(
          route === page.regularPath
            ? `moved_from names this page itself (${route})`
            : `moved_from names ${route}, which is no page of the site${guess ? `; did you mean ${guess}?` : ""}`,
          "name the page the sections were on before, which must still exist (a redirect is for a page that is gone)",
        );
        continue;
      }
      const claim = claims.get(route) ?? { ids: new Map(), sections: new Map() };
      claims.set(route, claim);
      if (section) {
        if (oldIds.has(section))
          problem(
            `moved_from says #${section} of ${route} became this page, but ${route} still has it`,
            `remove the section from ${route}, or write moved_from: ${route} without #${section}`,
          );
        else if (!claim.sections.has(section)) claim.sections.set(section, page.regularPath);
      }
      for (const id of idsOf(page.regularPath) ?? [])
        if (!oldIds.has(id) && !claim.ids.has(id) && !isCodeGroupId(id))
          claim.ids.set(id, page.regularPath);
    }
  }
  const moved: Record<string, MovedAnchors> = {};
  for (const [route, claim] of claims)
    if (claim.ids.size || claim.sections.size) moved[route] = tableOf(claim, idsOf(route)!);
  return { moved, errors };
}

/**
 * The table of one page: each moved id, except those a prefix covers. A prefix is an id's first
 * word and its `-` (`createWorkflow-` of `createWorkflow-settings.memory_mb`): taken when at least
 * two moved ids start with it, all went to the same page, and the old page has no id that starts
 * with it (so a prefix never sends a reader away from a section still there).
 */
function tableOf(
  { ids: claimed, sections }: { ids: Map<string, string>; sections: Map<string, string> },
  oldIds: Set<string>,
): MovedAnchors {
  const to: string[] = [];
  const index = (route: string) => {
    const i = to.indexOf(route);
    return i >= 0 ? i : to.push(route) - 1;
  };
  const byPrefix = new Map<string, Set<string>>();
  for (const [id, page] of claimed) {
    const dash = id.indexOf("-");
    if (dash < 1) continue;
    const prefix = id.slice(0, dash + 1);
    const pages = byPrefix.get(prefix) ?? new Set();
    byPrefix.set(prefix, pages.add(page));
  }
  const prefixes = new Map<string, string>();
  for (const [prefix, pages] of byPrefix) {
    if (pages.size !== 1) continue;
    const under = [...claimed.keys()].filter((id) => id.startsWith(prefix));
    if (under.length < 2 || [...oldIds].some((old) => old.startsWith(prefix))) continue;
    prefixes.set(prefix, [...pages][0]!);
  }
  const table: MovedAnchors = { to, ids: {}, prefixes: {}, sections: {} };
  for (const [id, page] of sections) table.sections[id] = index(page);
  for (const [id, page] of claimed) {
    const dash = id.indexOf("-");
    if (dash > 0 && prefixes.get(id.slice(0, dash + 1)) === page) continue;
    table.ids[id] = index(page);
  }
  for (const [prefix, page] of prefixes) table.prefixes[prefix] = index(page);
  return table;
}
