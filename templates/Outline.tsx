import { outlineTree, type OutlineItem } from "../src/shared/outline.ts";
import type { PageData, SiteData } from "../src/shared/types.ts";
import { partPath as routeToPath } from "./part-path.ts";

/** "On this page": the page's `##` and `###` (as frontmatter or config `outline` says) beside the article on wide screens. */
export function Outline({
  site,
  page,
  activeSlug = null,
}: {
  site: SiteData;
  page: PageData;
  activeSlug?: string | null;
}) {
  const items = outlineTree(page.headers, page.outline);
  if (items.length === 0) return null;
  const path = routeToPath(site.base, page.route);
  return (
    <nav className="outline" aria-label="On this page">
      <p className="outline-title" aria-hidden="true">
        On this page
      </p>
      <OutlineList items={items} path={path} activeSlug={activeSlug} />
    </nav>
  );
}

function OutlineList({
  items,
  path,
  activeSlug,
}: {
  items: OutlineItem[];
  path: string;
  activeSlug: string | null;
}) {
  return (
    <ul>
      {items.map(({ header: h, children }) => (
        <li key={h.slug}>
          <a
            href={`${path}#${h.slug}`}
            aria-current={h.slug === activeSlug ? "location" : undefined}
          >
            {h.title}
          </a>
          {children.length > 0 && (
            <OutlineList items={children} path={path} activeSlug={activeSlug} />
          )}
        </li>
      ))}
    </ul>
  );
}
