import type { SiteData } from "../src/shared/types.ts";
import type { UiState } from "./ui.ts";
import { SearchInput } from "./SearchInput.tsx";
import { VersionMenu } from "./VersionMenu.tsx";
import { DeferredLogo } from "./Deferred.tsx";
import { SITE_ID } from "../src/shared/site-ids.ts";

/** The page header: sidebar toggle, site title, version menu, search, theme toggle. */
export function Header({ site, ui }: { site: SiteData; ui: UiState }) {
  return (
    <header className="site-header">
      <button
        type="button"
        className="sidebar-toggle"
        aria-label="Toggle sidebar"
        aria-expanded={ui.sidebarOpen ? "true" : "false"}
        aria-controls={SITE_ID.sidebar}
        onClick={ui.onToggleSidebar}
      >
        <span className="burger" aria-hidden="true" />
      </button>
      <a className="site-title" href={site.base}>
        <DeferredLogo />
        <span>{site.title}</span> <span className="site-subtitle">Docs</span>
      </a>
      {site.versions.length > 0 && <VersionMenu site={site} ui={ui} />}
      <div className="header-search">
        <SearchInput {...ui.search} />
      </div>
      <button
        type="button"
        className="theme-toggle"
        aria-label="Dark theme"
        aria-pressed={ui.dark ? "true" : "false"}
        onClick={ui.onToggleTheme}
      >
        <span aria-hidden="true" className="theme-icon" />
      </button>
    </header>
  );
}
