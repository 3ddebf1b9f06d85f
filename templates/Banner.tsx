import type { SiteData } from "../src/shared/types.ts";
import { partPath as routeToPath } from "./part-path.ts";

/**
 * The announcement above the header (config `banner`). Its dismiss button is handled by the client
 * outside React (src/client/banner.ts), so it works before this part hydrates; the `<head>` script
 * hides a dismissed banner before the first paint.
 */
export function Banner({ site }: { site: SiteData }) {
  const banner = site.banner;
  if (!banner) return null;
  const link = banner.link;
  return (
    <div className="banner" role="region" aria-label="Announcement">
      <p className="banner-text">
        {banner.text}
        {link && (
          <>
            {" "}
            <a href={link.href.startsWith("/") ? routeToPath(site.base, link.href) : link.href}>
              {link.text}
            </a>
          </>
        )}
      </p>
      <button type="button" className="banner-dismiss" aria-label="Dismiss announcement">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
