/**
 * A page's sections for the result list, read from its page data (the file navigation loads), so
 * the index carries no headings or snippets. The article HTML is the build's own sanitised output;
 * DOMParser makes an inert document (no scripts run, nothing loads) and only text is taken from it.
 */
import type { PageData } from "../../shared/types.ts";
import type { PageSection } from "../../shared/search/present.ts";

/** Splits the article into sections as the index does: top-level blocks, code blocks left out. */
export function pageSections(page: Pick<PageData, "title" | "headers" | "html">): PageSection[] {
  const body = new DOMParser().parseFromString(page.html, "text/html").body;
  const titles = new Map(page.headers.map((h) => [h.slug, h.title]));
  const sections: PageSection[] = [{ slug: "", heading: page.title, text: "" }];
  for (const el of Array.from(body.children)) {
    if (el.tagName === "H2" || el.tagName === "H3") {
      sections.push({ slug: el.id, heading: titles.get(el.id) ?? el.textContent ?? "", text: "" });
    } else if (!el.classList.contains("code-block")) {
      sections[sections.length - 1]!.text += " " + (el.textContent ?? "");
    }
  }
  for (const s of sections) s.text = s.text.replace(/\s+/g, " ").trim();
  return sections;
}
