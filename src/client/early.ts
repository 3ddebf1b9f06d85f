/**
 * The `<head>` script (classic, a few hundred bytes, no imports: it must run before the first
 * paint and stay out of the module graph). It puts on `<html>` what CSS needs to lay the page out
 * finally at first paint: `js` (the drawer and client controls), the saved theme, and
 * `banner-dismissed` when the reader closed the announcement whose id the script tag names. It
 * also handles that banner's dismiss button, so it works before the page's module has loaded.
 * The theme's storage key is theme.ts's too (an import here would become a chunk).
 */
(() => {
  const html = document.documentElement;
  const BANNER_KEY = "brook-banner-dismissed";
  const banner = (document.currentScript as HTMLScriptElement | null)?.dataset.banner;
  const dismissed = (): string[] => JSON.parse(localStorage.getItem(BANNER_KEY) ?? "[]") as string[];
  html.classList.add("js");
  try {
    const theme = localStorage.getItem("brook-theme");
    if (theme === "dark" || theme === "light") html.dataset.theme = theme;
    if (banner && dismissed().includes(banner)) html.classList.add("banner-dismissed");
  } catch {
    // Storage off or unreadable: defaults apply (system theme, banner shown).
  }
  if (!banner) return;
  addEventListener(
    "click",
    (e) => {
      if (!(e.target instanceof Element) || !e.target.closest(".banner-dismiss")) return;
      html.classList.add("banner-dismissed");
      // The banner and its button are hidden: focus goes on to the header.
      document.querySelector<HTMLElement>(".site-title")?.focus();
      try {
        // A few ids are enough: a site announces a few things a year.
        localStorage.setItem(BANNER_KEY, JSON.stringify([...dismissed().filter((id) => id !== banner), banner].slice(-20)));
      } catch {
        // Storage off: dismissed on this page only.
      }
    },
    // Capture: before React, which holds back clicks on parts it has not hydrated yet.
    true,
  );
})();
