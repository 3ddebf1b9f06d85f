/** Google Tag Manager, loaded from this script (no inline script; the CSP allows its host when configured). */

/** A page view as the tag manager receives it. */
export interface PageView {
  page_path: string;
  page_title: string;
  page_location: string;
}

/** An answer to "Was this page helpful?" as the tag manager receives it. */
export interface PageFeedback {
  page_path: string;
  helpful: boolean;
}

/** What the client reports: page views (spec §2: one per route change) and feedback (one per page view). */
export interface Analytics {
  pageView(view: PageView): void;
  feedback(answer: PageFeedback): void;
}

/** Loads GTM for `id`; returns the functions that push to its data layer. */
export function startAnalytics(id: string): Analytics {
  const w = window as unknown as { dataLayer?: object[] };
  const dataLayer = (w.dataLayer ??= []);
  dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://www.googletagmanager.com/gtm.js?id=" + encodeURIComponent(id);
  document.head.append(script);
  return {
    pageView: (view) => void dataLayer.push({ event: "page_view", ...view }),
    feedback: (answer) => void dataLayer.push({ event: "page_feedback", ...answer }),
  };
}
