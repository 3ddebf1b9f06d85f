import type { SiteData } from "../src/shared/types.ts";
import type { UiState } from "./ui.ts";
import { SearchInput } from "./SearchInput.tsx";
import { VersionMenu } from "./VersionMenu.tsx";

/** The page header: sidebar toggle, site title, version menu, search, theme toggle. */
export function Header({ site, ui }: { site: SiteData; ui: UiState }) {
  return (
    <header className="site-header">
      <button
        type="button"
        className="sidebar-toggle"
        aria-label="Toggle sidebar"
        aria-expanded={ui.sidebarOpen ? "true" : "false"}
        aria-controls="sidebar"
        onClick={ui.onToggleSidebar}
      >
        <span className="burger" aria-hidden="true" />
      </button>
      <a className="site-title" href={site.base}>
        <Logo />
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

function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 20c4-6 8-6 12 0s8 6 12 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path d="M4 12c4-6 8-6 12 0s8 6 12 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" opacity=".55" />
    </svg>
  );
}
