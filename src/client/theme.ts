/** Light/dark theme: `data-theme` on <html>, the reader's choice kept in localStorage (applied before the first paint by early.ts). */

const KEY = "brook-theme";

/** Whether the page shows dark now: the saved choice (put on <html> by early.ts), else the system preference. */
export function isDark(): boolean {
  const saved = document.documentElement.dataset.theme;
  return saved ? saved === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
}

/** Switches to dark or light and remembers it; returns `dark`. */
export function setTheme(dark: boolean): boolean {
  const theme = (document.documentElement.dataset.theme = dark ? "dark" : "light");
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Storage may be off (private mode, blocked cookies): the choice lasts for this page only.
  }
  return dark;
}
