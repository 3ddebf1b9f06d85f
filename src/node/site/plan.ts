/**
 * The site model's first half, from frontmatter alone: routes, the sidebar, reading order,
 * prev/next and redirects. Everything a page's render needs from other pages is known here, so
 * pages can be parsed and rendered in one step each, on any worker.
 */
import { createHash } from "node:crypto";
import type { SiteConfig } from "../config/schema.ts";
import type { PageSource } from "../content/frontmatter/page-source.ts";
import { siteValuesOf, withFrontmatterValues } from "../content/frontmatter/frontmatter-values.ts";
import type { LastUpdated } from "../content/git-dates.ts";
import type { Diagnostic } from "../core/errors.ts";
import type { NavLink } from "../../shared/types.ts";
import { routeToPath } from "../../shared/url.ts";
import { outlineLevels } from "../../shared/outline.ts";
import type { PlannedPage, SitePlan } from "./model.ts";
import { resolveRedirects } from "./redirects.ts";
import {
  COMPLETE_SIDEBAR_MAX_LINKS,
  flattenSidebar,
  generateSidebar,
  resolveSidebar,
} from "./sidebar.ts";

/** Plans the site; `errors` stop the build, `warnings` are reported. */
export function planSite(
  config: SiteConfig,
  configFile: string,
  sources: PageSource[],
  /** Each content file's last commit (src/node/content/git-dates.ts), by its path in the content folder. */
  lastUpdated: Map<string, LastUpdated> = new Map(),
): { plan: SitePlan; errors: Diagnostic[]; warnings: Diagnostic[] } {
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];

  // Site values in titles and descriptions first: every page made from the plan shows the text with them.
  const values = siteValuesOf(config);
  sources = sources.map((s) => {
    const valued = withFrontmatterValues(s, values);
    errors.push(...valued.diagnostics);
    return valued.source;
  });

  // Routes: one file per route.
  const byRoute = new Map<string, PageSource>();
  for (const page of sources) {
    const other = byRoute.get(page.route);
    if (other) {
      errors.push({
        file: page.file,
        line: 1,
        rule: "duplicate-route",
        message: `${page.relativePath} and ${other.relativePath} both make the route ${page.route}`,
        hint: "keep one: a folder's page is either name.md or name/index.md",
      });
      continue;
    }
    byRoute.set(page.route, page);
  }
  const titles = new Map([...byRoute].map(([route, p]) => [route, p.frontmatter.title]));

  // Sidebar and reading order.
  let sidebar;
  if (config.sidebar) {
    const resolved = resolveSidebar(config.sidebar, titles, configFile);
    errors.push(...resolved.diagnostics);
    sidebar = resolved.sidebar;
  } else {
    sidebar = generateSidebar(
      [...byRoute.values()].map((p) => ({ route: p.route, title: p.frontmatter.title })),
    );
  }
  const order = flattenSidebar(sidebar);
  const position = new Map(order.map((l, i) => [l.route, i]));
  if (config.sidebar) {
    for (const page of byRoute.values()) {
      if (!position.has(page.route) && page.frontmatter.layout !== "not-found") {
        warnings.push({
          file: page.file,
          rule: "not-in-sidebar",
          message: `${page.route} is in no sidebar group`,
          hint: "add the route to `sidebar` in site.config.ts",
        });
      }
    }
  }

  const { redirects, diagnostics: redirectProblems } = resolveRedirects(
    config.redirects,
    new Set(byRoute.keys()),
    configFile,
  );
  errors.push(...redirectProblems);

  const nav = (page: PageSource, key: "prev" | "next"): NavLink | null => {
    const override = page.frontmatter[key];
    if (override === false) return null;
    if (typeof override === "string") {
      const title = titles.get(override);
      if (title === undefined) {
        errors.push({
          file: page.file,
          line: 1,
          rule: "frontmatter",
          message: `${key}: ${override} matches no page`,
          hint: `use an existing route, or ${key}: false`,
        });
        return null;
      }
      return { text: title, route: override };
    }
    const i = position.get(page.route);
    if (i === undefined) return null;
    return order[key === "prev" ? i - 1 : i + 1] ?? null;
  };

  const editBase = config.repo.url
    ? `${config.repo.url.replace(/\/$/, "")}/edit/${config.repo.branch}/${config.repo.contentDir ? config.repo.contentDir.replace(/\/$/, "") + "/" : ""}`
    : "";
  const pages: PlannedPage[] = [...byRoute.values()].map((p) => ({
    title: p.frontmatter.title,
    description: p.frontmatter.description,
    frontmatter: p.frontmatter,
    regularPath: p.route,
    relativePath: p.relativePath,
    key: "p" + createHash("sha1").update(p.route).digest("hex").slice(0, 10),
    path: routeToPath(config.base, p.route),
    outline: outlineLevels(p.frontmatter.outline ?? config.outline),
    ...(lastUpdated.has(p.relativePath) && { lastUpdated: lastUpdated.get(p.relativePath) }),
    layout: p.frontmatter.layout,
    prev: nav(p, "prev"),
    next: nav(p, "next"),
    editUrl: editBase ? editBase + p.relativePath : "",
    file: p.file,
    ...(p.movedFromLine && { movedFromLine: p.movedFromLine }),
  }));
  return {
    plan: {
      pages,
      sidebar,
      sidebarComplete: order.length <= COMPLETE_SIDEBAR_MAX_LINKS,
      redirects,
    },
    errors,
    warnings,
  };
}
