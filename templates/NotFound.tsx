import type { NavLink, PageData, SiteData } from "../src/shared/types.ts";
import { partPath } from "./part-path.ts";

/** What the browser adds to the not-found page (one 404.html serves every address, so only it knows which was asked for). */
export interface NotFoundProps {
  site: SiteData;
  page: PageData;
  /** Pages whose address is closest to the one asked for; absent until computed. */
  suggestions?: NavLink[];
  /** Puts the words of the address into the search box and focuses it. */
  onSearchAddress?: () => void;
}

/** The not-found layout: what happened, pages with a similar address, search, and the way home. */
export function NotFound({ site, page, suggestions, onSearchAddress }: NotFoundProps) {
  return (
    <article className="doc not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 tabIndex={-1}>{page.title}</h1>
      {page.html ? (
        <div className="content" dangerouslySetInnerHTML={{ __html: page.html }} />
      ) : (
        <div className="content">
          <p>
            There is no page at this address. It may have moved, or the link that brought you here
            may be mistyped.
          </p>
          <ul>
            <li>
              <a href={site.base}>Go to the {site.title} docs home</a>
            </li>
            <li>Search the docs with the box at the top of the page (press / to focus it).</li>
          </ul>
        </div>
      )}
      {/* Outside .content: the client reads that as the page's HTML, which React does not hydrate. */}
      <p className="not-found-search">
        <button type="button" className="search-address" onClick={onSearchAddress}>
          Search for this address
        </button>
      </p>
      {/* Room for the list is kept (with JavaScript), so it appears without moving anything. */}
      <div className="suggestions">
        {suggestions && suggestions.length > 0 && (
          <>
            <p className="suggestions-title">Pages with a similar address:</p>
            <ul aria-label="Suggested pages">
              {suggestions.map((s) => (
                <li key={s.route}>
                  <a href={partPath(site.base, s.route)}>{s.text}</a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </article>
  );
}
