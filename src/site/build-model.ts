/** Site model stage: routes, sidebar, prev/next, redirects, links and search docs from parsed pages. */
import { createHash } from "node:crypto";
import type { SiteConfig } from "../config/schema.ts";
import type { ParsedPage } from "../content/parse-page.ts";
import type { Diagnostic } from "../errors.ts";
import type { NavLink, SearchDoc } from "../shared/types.ts";
import { routeToPath } from "../shared/url.ts";
import { outlineLevels } from "../shared/outline.ts";
import { checkLinks, type LinkTargets } from "./links.ts";
import type { Page, SiteModel } from "./model.ts";
import { resolveRedirects } from "./redirects.ts";
import { COMPLETE_SIDEBAR_MAX_LINKS, flattenSidebar, generateSidebar, resolveSidebar } from "./sidebar.ts";

/** Inputs of the site model stage. */
export interface ModelInput {
  config: SiteConfig;
  configFile: string;
  pages: ParsedPage[];
  /** Paths under the base of files copied from public/, for link checks. */
  publicFiles: Set<string>;
}

/** Builds the model; `errors` stop the build, `warnings` are reported (broken links: check-links fails on them). */
export function buildSiteModel(input: ModelInput): { model: SiteModel; errors: Diagnostic[]; warnings: Diagnostic[]; targets: LinkTargets } {
  const { config, configFile } = input;
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];

  // Routes: one file per route.
  const byRoute = new Map<string, ParsedPage>();
  for (const page of input.pages) {
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
    sidebar = generateSidebar([...byRoute.values()].map((p) => ({ route: p.route, title: p.frontmatter.title })));
  }
  const order = flattenSidebar(sidebar);
  const position = new Map(order.map((l, i) => [l.route, i]));
  if (config.sidebar) {
    for (const page of byRoute.values()) {
      if (!position.has(page.route) && page.frontmatter.layout !== "not-found") {
        warnings.push({ file: page.file, rule: "not-in-sidebar", message: `${page.route} is in no sidebar group`, hint: "add the route to `sidebar` in site.config.ts" });
      }
    }
  }

  const pageIds = new Map([...byRoute].map(([route, p]) => [route, new Set(p.ids)]));
  const { redirects, diagnostics: redirectProblems } = resolveRedirects(config.redirects, pageIds, configFile);
  errors.push(...redirectProblems);

  const nav = (page: ParsedPage, key: "prev" | "next"): NavLink | null => {
    const override = page.frontmatter[key];
    if (override === false) return null;
    if (typeof override === "string") {
      const title = titles.get(override);
      if (title === undefined) {
        errors.push({ file: page.file, line: 1, rule: "frontmatter", message: `${key}: ${override} matches no page`, hint: `use an existing route, or ${key}: false` });
        return null;
      }
      return { text: title, route: override };
    }
    const i = position.get(page.route);
    if (i === undefined) return null;
    return order[key === "prev" ? i - 1 : i + 1] ?? null;
  };

  const editBase = config.repo.url ? `${config.repo.url.replace(/\/$/, "")}/edit/${config.repo.branch}/${config.repo.contentDir ? config.repo.contentDir.replace(/\/$/, "") + "/" : ""}` : "";
  const pages: Page[] = [...byRoute.values()].map((p) => ({
    title: p.frontmatter.title,
    description: p.frontmatter.description,
    frontmatter: p.frontmatter,
    regularPath: p.route,
    relativePath: p.relativePath,
    key: "p" + createHash("sha1").update(p.route).digest("hex").slice(0, 10),
    path: routeToPath(config.base, p.route),
    headers: p.headers,
    outline: outlineLevels(p.frontmatter.outline ?? config.outline),
    layout: p.frontmatter.layout,
    prev: nav(p, "prev"),
    next: nav(p, "next"),
    editUrl: editBase ? editBase + p.relativePath : "",
    html: p.html,
    file: p.file,
  }));

  const targets: LinkTargets = {
    base: config.base,
    pages: pageIds,
    redirects: new Map(redirects.map((r) => [r.from, r.to])),
    files: input.publicFiles,
  };
  warnings.push(...checkLinks(input.pages.flatMap((p) => p.links.map((l) => ({ ...l, file: p.file }))), targets));

  const searchDocs: SearchDoc[] = [...byRoute.values()]
    .filter((p) => p.frontmatter.layout !== "not-found")
    .flatMap((p) =>
      p.sections.map((s) => ({ id: s.slug ? `${p.route}#${s.slug}` : p.route, title: p.frontmatter.title, heading: s.heading, text: s.text })),
    );

  const linkCount = order.length;
  return { model: { pages, sidebar, sidebarComplete: linkCount <= COMPLETE_SIDEBAR_MAX_LINKS, redirects, searchDocs }, errors, warnings, targets };
}
