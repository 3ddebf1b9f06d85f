import type { PageData, SiteData } from "../src/shared/types.ts";
import { partPath as routeToPath } from "./part-path.ts";

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
