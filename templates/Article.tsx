import type { PageData, SiteData } from "../src/shared/types.ts";
import {
  DeferredBreadcrumbs,
  DeferredFeedback,
  DeferredOutline,
  DeferredPagination,
} from "./Deferred.tsx";

/** The doc layout: breadcrumbs, the title, the Markdown HTML, feedback, the edit link and prev/next; the outline beside it. */
export function Article({ site, page }: { site: SiteData; page: PageData }) {
  return (
    <div className="doc-layout">
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
      <DeferredOutline site={site} page={page} />
    </div>
  );
}
