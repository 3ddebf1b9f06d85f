import type { PageData, SiteData } from "../src/shared/types.ts";
import {
  DeferredBreadcrumbs,
  DeferredFeedback,
  DeferredOutline,
  DeferredPagination,
} from "./Deferred.tsx";

/**
 * The doc layout: breadcrumbs, the title, the Markdown HTML, feedback, the edit link and prev/next;
 * the outline beside it. With `reference` (the `reference` layout: the REST reference's two
 * columns take the outline's width), the outline folds into the page, under the title.
 */
export function Article({
  site,
  page,
  reference = false,
}: {
  site: SiteData;
  page: PageData;
  reference?: boolean;
}) {
  return (
    <div className={reference ? "doc-layout reference-layout" : "doc-layout"}>
      <article className="doc">
        <DeferredBreadcrumbs site={site} page={page} />
        <h1 tabIndex={-1}>{page.title}</h1>
        {/* Copies the Markdown the head links (src/client/copy-page.ts); keyed so a new page starts with an empty status. */}
        <div className="page-tools" key={page.route}>
          <button type="button" className="copy-page">
            Copy page
          </button>
          <span className="copy-page-status" role="status" />
        </div>
        {reference && <DeferredOutline site={site} page={page} />}
        <div className="content" dangerouslySetInnerHTML={{ __html: page.html }} />
        <footer className="doc-footer">
          {/* Answers go to the tag manager: without it, nobody would read them. */}
          {site.gtmId && <DeferredFeedback />}
          {page.editUrl && (
            <a className="edit-link" href={page.editUrl} rel="noopener">
              Edit this page
            </a>
          )}
          <DeferredPagination site={site} page={page} />
        </footer>
      </article>
      {!reference && <DeferredOutline site={site} page={page} />}
    </div>
  );
}

/** The reference layout: the doc layout with room for an operation's two columns. */
export function ReferenceArticle(props: { site: SiteData; page: PageData }) {
  return <Article {...props} reference />;
}
