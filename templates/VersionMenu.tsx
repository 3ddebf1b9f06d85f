import type { SiteData } from "../src/shared/types.ts";
import type { UiState } from "./ui.ts";
import { SITE_ID } from "../src/shared/site-ids.ts";

/** The version button and its menu of links (v2 marked New, v1). */
export function VersionMenu({ site, ui }: { site: SiteData; ui: UiState }) {
  const current = site.versions.find((v) => v.link === site.base) ?? site.versions[0]!;
  return (
    <div className="version-menu">
      <button
        type="button"
        className="version-button"
        aria-expanded={ui.versionMenuOpen ? "true" : "false"}
        aria-controls={SITE_ID.versionList}
        onClick={ui.onToggleVersionMenu}
      >
        Version {current.text}
      </button>
      <ul id={SITE_ID.versionList} className="version-list" hidden={!ui.versionMenuOpen}>
        {site.versions.map((v) => (
          <li key={v.text}>
            <a href={v.link} aria-current={v === current ? "page" : undefined}>
              {/* The space inside the text node, in an inline line (not a flex gap): the link reads "v2 New", not "v2New". */}
              {v.badge ? `${v.text} ` : v.text}
              {v.badge && <span className="badge">{v.badge}</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
