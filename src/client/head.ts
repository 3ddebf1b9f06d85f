/** Keeps `<head>` in step with the page shown: title, description, canonical, Markdown link, Open Graph, page meta. */
import type { MetaTag, PageData } from "../shared/types.ts";

/**
 * Rewrites the head tags that Head.tsx derives from the page (`title` is the document title,
 * `canonical` and `markdown`, the page's Markdown for machines, null on the not-found page),
 * replacing `prev`'s frontmatter meta.
 */
export function updateHead(
  prev: PageData,
  page: PageData,
  title: string,
  canonical: string | null,
  markdown: string | null,
): void {
  const notFound = canonical == null;
  document.title = title;
  setMeta("name", "description", page.description);
  setMeta("name", "robots", notFound ? "noindex" : null);
  setMeta("property", "og:title", title);
  setMeta("property", "og:description", page.description);
  setMeta("property", "og:type", page.route === "/" ? "website" : "article");
  setMeta("property", "og:url", canonical);
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical) {
    if (!link)
      document.head.append(
        (link = Object.assign(document.createElement("link"), { rel: "canonical" })),
      );
    link.href = canonical;
  } else link?.remove();
  let alternate = document.head.querySelector<HTMLLinkElement>(
    'link[rel="alternate"][type="text/markdown"]',
  );
  if (markdown) {
    if (!alternate)
      document.head.append(
        (alternate = Object.assign(document.createElement("link"), {
          rel: "alternate",
          type: "text/markdown",
        })),
      );
    alternate.setAttribute("href", markdown);
  } else alternate?.remove();
  for (const m of prev.meta) find(m)?.remove();
  for (const m of page.meta) {
    const el = document.createElement("meta");
    el.setAttribute(m.name ? "name" : "property", (m.name ?? m.property)!);
    el.content = m.content;
    document.head.append(el);
  }
}

function setMeta(attr: "name" | "property", key: string, content: string | null): void {
  let el = find({ [attr]: key });
  if (content == null) return el?.remove();
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}

/** The head's meta element with this name or property (and this content, when given). */
function find(m: Partial<MetaTag>): HTMLMetaElement | undefined {
  const attr = m.name ? "name" : "property";
  return [...document.head.querySelectorAll("meta")].find(
    (el) =>
      el.getAttribute(attr) === (m.name ?? m.property) &&
      (m.content == null || el.content === m.content),
  );
}
