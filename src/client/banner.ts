/**
 * The announcement banner's `<head>` script (classic, no imports; only on sites with a banner):
 * hides a banner the reader dismissed before the first paint (`banner-dismissed` on `<html>`), and
 * handles its dismiss button from the start, before the page's module or the banner's part load.
 */
(() => {
  const KEY = "brook-banner-dismissed";
  const html = document.documentElement;
  const id = (document.currentScript as HTMLScriptElement | null)?.dataset.banner;
  const dismissed = (): string[] => {
    try {
      // Whatever another script of the origin left there: only a list of strings is read.
      const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
      return Array.isArray(stored) ? stored.filter((x): x is string => typeof x === "string") : [];
    } catch {
      return [];
    }
  };
  if (!id) return;
  if (dismissed().includes(id)) html.classList.add("banner-dismissed");
  addEventListener(
    "click",
    (e) => {
      if (!(e.target instanceof Element) || !e.target.closest(".banner-dismiss")) return;
      html.classList.add("banner-dismissed");
      // The banner and its button are hidden: focus goes on to the header.
      document.querySelector<HTMLElement>(".site-title")?.focus();
      try {
        // A few ids are enough: a site announces a few things a year.
        localStorage.setItem(
          KEY,
          JSON.stringify([...dismissed().filter((x) => x !== id), id].slice(-20)),
        );
      } catch {
        // Storage off: dismissed on this page only.
      }
    },
    // Capture: before React, which holds back clicks on parts it has not hydrated yet.
    true,
  );
})();
