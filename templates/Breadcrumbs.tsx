import { breadcrumbJsonLd, breadcrumbTrail } from "../src/shared/breadcrumbs.ts";
import type { PageData, SiteData } from "../src/shared/types.ts";
import { partPath as routeToPath } from "./part-path.ts";

/** Where the page sits in the sidebar's groups, with its BreadcrumbList structured data; nothing on the home page. */
export function Breadcrumbs({ site, page }: { site: SiteData; page: PageData }) {
  const trail = breadcrumbTrail(site.sidebar, page.route, page.title, site.title);
  if (trail.length === 0) return null;
  const last = trail.length - 1;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {trail.map((c, i) => (
          <li key={i}>
            {c.route ? (
              <a
                href={routeToPath(site.base, c.route)}
                aria-current={i === last ? "page" : undefined}
              >
                {c.text}
              </a>
            ) : (
              <span>{c.text}</span>
            )}
          </li>
        ))}
      </ol>
      {/* Data, not code: the CSP's script-src does not apply to it. */}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: breadcrumbJsonLd(trail, (r) => site.siteUrl + routeToPath(site.base, r)),
        }}
      />
    </nav>
  );
}
