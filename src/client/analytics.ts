/** Google Tag Manager, loaded from this script (no inline script; the CSP allows its host when configured). */

/** A page view as the tag manager receives it. */
export interface PageView {
  page_path: string;
  page_title: string;
  page_location: string;
}

/** Loads GTM for `id`; returns the function that pushes a page view (spec §2: one per route change). */
export function startAnalytics(id: string): (view: PageView) => void {
  const w = window as unknown as { dataLayer?: object[] };
  const dataLayer = (w.dataLayer ??= []);
  dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://www.googletagmanager.com/gtm.js?id=" + encodeURIComponent(id);
  document.head.append(script);
  return (view) => dataLayer.push({ event: "page_view", ...view });
}
