import type { PageData, SidebarNode, SiteData } from "../src/shared/types.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import { Pagination } from "./Pagination.tsx";
import { partPath as routeToPath } from "./part-path.ts";

/** The home layout: a hero with the main entry points, then the page's Markdown. */
export function Home({ site, page }: { site: SiteData; page: PageData }) {
  const start = heroLinks(site.sidebar);
  return (
    <article className="doc home">
      <Breadcrumbs site={site} page={page} />
      <div className="hero">
        <h1 tabIndex={-1}>{page.title}</h1>
        <p className="hero-tagline">{page.description}</p>
        {start.length > 0 && (
          <ul className="hero-actions">
            {start.map((n, i) => (
              <li key={n.route}>
                <a
                  className={i === 0 ? "button primary" : "button"}
                  href={routeToPath(site.base, n.route!)}
                >
                  {n.text}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="content" dangerouslySetInnerHTML={{ __html: page.html }} />
      <footer className="doc-footer">
        {page.editUrl && (
          <a className="edit-link" href={page.editUrl} rel="noopener">
            Edit this page
          </a>
        )}
        <Pagination site={site} page={page} />
      </footer>
    </article>
  );
}

/** One entry point per top-level sidebar group: its first section page, else its first page (not home). */
function heroLinks(sidebar: SidebarNode[]): SidebarNode[] {
  const pick = (n: SidebarNode): SidebarNode | undefined => {
    if (n.kind !== "group") return n.route !== "/" ? n : undefined;
    return (
      n.items.find((i) => i.kind === "group" && i.route) ??
      n.items.find((i) => i.kind === "page" && i.route !== "/")
    );
  };
  return sidebar
    .map(pick)
    .filter((n): n is SidebarNode => Boolean(n))
    .slice(0, 4);
}
