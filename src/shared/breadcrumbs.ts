/** Breadcrumbs from the sidebar groups (docs/design.md §8), and their schema.org BreadcrumbList. */
import type { SidebarNode } from "./types.ts";

/** One step of the trail; `route` absent for a group that has no page of its own. */
export interface Crumb {
  text: string;
  route?: string;
}

/**
 * The groups that lead to `route` in the sidebar, outermost first, then the page itself (its
 * `title`); the home page first. Empty for the home page. A page outside the sidebar gets home
 * and itself.
 */
export function breadcrumbTrail(
  sidebar: SidebarNode[],
  route: string,
  title: string,
  homeText: string,
): Crumb[] {
  if (route === "/") return [];
  const groups = findGroups(sidebar, route) ?? [];
  // A group whose own page is this one ends the trail as the page.
  const above = groups
    .filter((g) => g.route !== route)
    .map((g): Crumb => (g.route ? { text: g.text, route: g.route } : { text: g.text }));
  return [
    { text: homeText, route: "/" },
    ...above.filter((c) => c.route !== "/"),
    { text: title, route },
  ];
}

function findGroups(
  nodes: SidebarNode[],
  route: string,
): Extract<SidebarNode, { kind: "group" }>[] | undefined {
  for (const node of nodes) {
    if (node.kind === "page") {
      if (node.route === route) return [];
      continue;
    }
    if (node.route === route) return [node];
    const inner = findGroups(node.items, route);
    if (inner) return [node, ...inner];
  }
  return undefined;
}

/** The trail as schema.org `BreadcrumbList` JSON, for `<script type="application/ld+json">` (only steps with a page; `url` makes a route absolute). */
export function breadcrumbJsonLd(trail: Crumb[], url: (route: string) => string): string {
  const items = trail
    .filter((c) => c.route)
    .map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.text, item: url(c.route!) }));
  const json = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items,
  });
  // Inside <script>, no `</script>` or `<!--` may appear: escape every `<` (and the JS line breaks).
  return json
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
