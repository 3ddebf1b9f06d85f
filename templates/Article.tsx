import type { PageData, SiteData } from "../src/shared/types.ts";
import { routeToPath } from "../src/shared/url.ts";

/** The doc layout's article: the title, the Markdown HTML, the edit link and prev/next. */
export function Article({ site, page }: { site: SiteData; page: PageData }) {
  return (
    <article className="doc">
      <h1 tabIndex={-1}>{page.title}</h1>
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

/** Previous and next links, unless the page turned them off. */
export function Pagination({ site, page }: { site: SiteData; page: PageData }) {
  if (!page.prev && !page.next) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      {page.prev ? (
        <a rel="prev" href={routeToPath(site.base, page.prev.route)}>
          <span className="pagination-label">Previous</span>
          <span className="pagination-title">{page.prev.text}</span>
        </a>
      ) : (
        <span />
      )}
      {page.next && (
        <a rel="next" href={routeToPath(site.base, page.next.route)}>
          <span className="pagination-label">Next</span>
          <span className="pagination-title">{page.next.text}</span>
        </a>
      )}
    </nav>
  );
}
