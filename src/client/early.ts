/**
 * The `<head>` script (classic, about 150 bytes, no imports: it must run before the first paint
 * and stay out of the module graph). It puts on `<html>` what CSS needs to lay the page out
 * finally at first paint: `js` (the drawer and client controls) and the saved theme (the key is
 * theme.ts's too: an import here would become a chunk).
 */
document.documentElement.classList.add("js");
try {
  const theme = localStorage.getItem("brook-theme");
  if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;
} catch {
  // Storage off: the system's theme applies.
}
