import type { PageData, SiteData } from "../src/shared/types.ts";

/** The not-found layout: what happened and where to go instead. */
export function NotFound({ site, page }: { site: SiteData; page: PageData }) {
  return (
    <article className="doc not-found">
      <p className="not-found-code" aria-hidden="true">404</p>
      <h1 tabIndex={-1}>{page.title}</h1>
      {page.html ? (
        <div className="content" dangerouslySetInnerHTML={{ __html: page.html }} />
      ) : (
        <div className="content">
          <p>There is no page at this address. It may have moved, or the link that brought you here may be mistyped.</p>
          <ul>
            <li>
              <a href={site.base}>Go to the {site.title} docs home</a>
            </li>
            <li>Search the docs with the box at the top of the page (press / to focus it).</li>
          </ul>
        </div>
      )}
    </article>
  );
}
