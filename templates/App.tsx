import type { PageData, SiteData } from "../src/shared/types.ts";
import {
  DeferredBanner,
  DeferredFooter,
  DeferredProgress,
  PartsContext,
  type Parts,
} from "./Deferred.tsx";
import { Header } from "./Header.tsx";
import { LAYOUT_COMPONENTS } from "./layouts.ts";
import { Sidebar } from "./Sidebar.tsx";
import type { UiState } from "./ui.ts";
import { SITE_ID } from "../src/shared/site-ids.ts";

/**
 * The whole page body: a pure function of site, page and UI state (server and client render it).
 * `parts` renders the deferred parts (templates/parts.ts): the components themselves on the
 * server, lazy ones in the browser.
 */
export function App({
  site,
  page,
  ui = {},
  parts = null,
}: {
  site: SiteData;
  page: PageData;
  ui?: UiState;
  parts?: Parts | null;
}) {
  const Layout =
    LAYOUT_COMPONENTS[page.layout as keyof typeof LAYOUT_COMPONENTS] ?? LAYOUT_COMPONENTS.doc;
  return (
    <PartsContext value={parts}>
      <a className="skip-link" href={`#${SITE_ID.main}`}>
        Skip to content
      </a>
      {ui.progress != null && <DeferredProgress value={ui.progress} />}
      <DeferredBanner site={site} />
      <Header site={site} ui={ui} />
      <div className="layout">
        <Sidebar
          site={site}
          route={page.route}
          headers={page.headers}
          activeSlug={ui.activeSlug ?? null}
          open={Boolean(ui.sidebarOpen)}
        />
        {/* A click on the dimmed page closes the drawer at once, before its focus trap (a lazy chunk) is in. */}
        {ui.sidebarOpen && (
          <div className="sidebar-backdrop" aria-hidden="true" onClick={ui.onToggleSidebar} />
        )}
        <main id={SITE_ID.main} tabIndex={-1}>
          <Layout site={site} page={page} ui={ui} />
        </main>
      </div>
      <DeferredFooter site={site} />
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {ui.announcement ?? ""}
      </div>
    </PartsContext>
  );
}
