import type { SiteData } from "../src/shared/types.ts";

/** The site footer: the site's name and its versions. */
export function SiteFooter({ site }: { site: SiteData }) {
  return (
    <footer className="site-footer">
      <p>
        {site.title} documentation ·{" "}
        {site.versions.map((v, i) => (
          <span key={v.text}>
            {i > 0 && " · "}
            <a href={v.link}>{v.text}</a>
          </span>
        ))}
      </p>
    </footer>
  );
}
