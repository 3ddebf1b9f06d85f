/** Google Tag Manager, loaded from this script (no inline script; the CSP allows its host when configured). */

type DataLayer = Record<string, unknown>[];

/** Loads GTM for `id` and returns the page-view reporter (spec §2: a page view on each route change). */
export function startAnalytics(id: string): () => void {
  const w = window as unknown as { dataLayer?: DataLayer };
  const dataLayer = (w.dataLayer ??= []);
  dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://www.googletagmanager.com/gtm.js?id=" + encodeURIComponent(id);
  document.head.append(script);
  return () => dataLayer.push({ event: "page_view", page_path: location.pathname, page_title: document.title, page_location: location.href });
}
