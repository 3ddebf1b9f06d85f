/** Light/dark theme: `data-theme` on <html>, the reader's choice kept in localStorage. */

const KEY = "brook-theme";

/** Applies the saved choice, if any (before hydration, so the page does not flash). */
export function applySavedTheme(): void {
  const saved = read();
  if (saved) document.documentElement.dataset.theme = saved;
}

/** Whether the page shows dark now: the saved choice, else the system preference. */
export function isDark(): boolean {
  const saved = read();
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

function read(): string | undefined {
  try {
    const v = localStorage.getItem(KEY);
    return v === "dark" || v === "light" ? v : undefined;
  } catch {
    return undefined;
  }
}
