import type { PageData, SiteData } from "../src/shared/types.ts";
import { routeToPath } from "../src/shared/url.ts";
import { Pagination } from "./Article.tsx";

/** The home layout: a hero with the main entry points, then the page's Markdown. */
export function Home({ site, page }: { site: SiteData; page: PageData }) {
  const start = site.sidebar.flatMap((n) => (n.kind === "group" ? n.items : [n])).filter((n) => n.route && n.route !== "/").slice(0, 4);
  return (
    <article className="doc home">
      <div className="hero">
        <h1 tabIndex={-1}>{page.title}</h1>
        <p className="hero-tagline">{page.description}</p>
        {start.length > 0 && (
          <ul className="hero-actions">
            {start.map((n, i) => (
              <li key={n.route}>
                <a className={i === 0 ? "button primary" : "button"} href={routeToPath(site.base, n.route!)}>
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
