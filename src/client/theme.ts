/** The light/dark choice, kept in localStorage (loaded on the first switch; early.ts applies it before the first paint). */

const KEY = "brook-theme";

/** Remembers the reader's choice for every later page (the caller has switched the page already). */
export function saveTheme(dark: boolean): void {
  try {
    localStorage.setItem(KEY, dark ? "dark" : "light");
  } catch {
    // Storage may be off (private mode, blocked cookies): the choice lasts for this page only.
  }
}
