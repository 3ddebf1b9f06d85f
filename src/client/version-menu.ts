/** The version menu while open (loaded on first open): Escape closes it and focus returns to its button; focus or a click elsewhere closes it. */

/** Watches the open menu; returns the function that stops watching. */
export function watchVersionMenu(close: () => void): () => void {
  const menu = document.querySelector<HTMLElement>(".version-menu");
  if (!menu) return () => undefined;
  const outside = (e: Event) => {
    if (!menu.contains(e.target as Node)) close();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    close();
    menu.querySelector("button")?.focus();
  };
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", outside);
  document.addEventListener("focusin", outside);
  return () => {
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("click", outside);
    document.removeEventListener("focusin", outside);
  };
}
