import type { Header, SidebarNode, SiteData } from "../src/shared/types.ts";
import { routeToPath } from "../src/shared/url.ts";
import { SITE_ID, sidebarGroupId } from "../src/shared/site-ids.ts";

interface SidebarProps {
  site: SiteData;
  route: string;
  headers: Header[];
  activeSlug: string | null;
  open: boolean;
}

/** The sidebar: top-level groups as labelled groups, sub-groups as disclosures. */
export function Sidebar({ site, route, headers, activeSlug, open }: SidebarProps) {
  return (
    <nav id={SITE_ID.sidebar} className={open ? "sidebar open" : "sidebar"} aria-label="Sidebar">
      {site.sidebar.map((node, i) =>
        // On large sites a group away from the current page is one link to its page, so a
        // page's HTML stays the same size however many pages the site has.
        node.kind === "group" && (site.sidebarComplete || !node.route || contains(node, route)) ? (
          // A labelled group, not a heading: the sidebar comes before the page's h1 in the document.
          <div className="sidebar-section" role="group" aria-labelledby={sidebarGroupId(i)} key={i}>
            <p className="sidebar-heading" id={sidebarGroupId(i)}>
              {node.text}
            </p>
            <Items nodes={withGroupPage(node)} {...{ site, route, headers, activeSlug }} />
          </div>
        ) : (
          <Items
            key={i}
            nodes={[
              node.kind === "group" ? { kind: "page", text: node.text, route: node.route! } : node,
            ]}
            {...{ site, route, headers, activeSlug }}
          />
        ),
      )}
    </nav>
  );
}

type ItemsProps = Omit<SidebarProps, "open"> & { nodes: SidebarNode[] };

function Items({ nodes, site, route, headers, activeSlug }: ItemsProps) {
  return (
    <ul>
      {nodes.map((node, i) => {
        if (node.kind === "page") {
          const current = node.route === route;
          return (
            <li key={i}>
              <a
                href={routeToPath(site.base, node.route)}
                aria-current={current ? "page" : undefined}
              >
                {node.text}
              </a>
              {current && (
                <Toc site={site} route={route} headers={headers} activeSlug={activeSlug} />
              )}
            </li>
          );
        }
        const inside = contains(node, route);
        const showChildren = site.sidebarComplete || inside || !node.route;
        if (!showChildren) {
          return (
            <li key={i}>
              <a href={routeToPath(site.base, node.route!)}>{node.text}</a>
            </li>
          );
        }
        return (
          <li key={i}>
            <details open={inside}>
              <summary>{node.text}</summary>
              <Items nodes={withGroupPage(node)} {...{ site, route, headers, activeSlug }} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** The current page's `##` headers, the one in view marked aria-current="location". */
function Toc({
  site,
  route,
  headers,
  activeSlug,
}: {
  site: SiteData;
  route: string;
  headers: Header[];
  activeSlug: string | null;
}) {
  const h2 = headers.filter((h) => h.level === 2);
  if (h2.length === 0) return null;
  const path = routeToPath(site.base, route);
  return (
    <ul className="toc">
      {h2.map((h) => (
        <li key={h.slug}>
          <a
            href={`${path}#${h.slug}`}
            aria-current={h.slug === activeSlug ? "location" : undefined}
          >
            {h.title}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A group's items, its own page first when it has one. */
function withGroupPage(node: Extract<SidebarNode, { kind: "group" }>): SidebarNode[] {
  // The group's name is already its heading or summary: its own page reads as "Overview".
  return node.route
    ? [{ kind: "page", text: "Overview", route: node.route }, ...node.items]
    : node.items;
}

function contains(node: SidebarNode, route: string): boolean {
  if (node.route === route) return true;
  return node.kind === "group" && node.items.some((n) => contains(n, route));
}
