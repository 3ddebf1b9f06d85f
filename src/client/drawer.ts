/**
 * The sidebar drawer on narrow screens, while open (loaded on first open): focus moves into it
 * and stays there (with the toggle button), Escape closes it and returns focus to the toggle, a
 * click outside closes it.
 */
import { SITE_ID } from "../shared/site-ids.ts";

const FOCUSABLE = "a[href], button, input, summary, [tabindex]:not([tabindex='-1'])";

/** Traps focus in the open drawer; returns the function that releases it. */
export function trapDrawer(close: () => void): () => void {
  const toggle = document.querySelector<HTMLElement>(".sidebar-toggle");
  const sidebar = document.getElementById(SITE_ID.sidebar);
  if (!toggle || !sidebar) return () => undefined;
  const inside = (n: EventTarget | null) =>
    sidebar.contains(n as Node) || toggle.contains(n as Node);
  // The drawer hangs from the header's bottom edge, which an announcement banner above it moves
  // until the page scrolls: follow it (CSSOM, not an inline style attribute: the CSP allows it).
  const header = document.querySelector(".site-header");
  const place = () =>
    document.documentElement.style.setProperty(
      "--drawer-top",
      `${Math.max(0, header?.getBoundingClientRect().bottom ?? 0)}px`,
    );
  place();
  addEventListener("scroll", place, { passive: true });
  const stops = () =>
    [toggle, ...sidebar.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.getClientRects().length,
    );
  (sidebar.querySelector<HTMLElement>("[aria-current=page]") ?? stops()[1])?.focus();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      close();
      toggle.focus();
    } else if (e.key === "Tab") {
      const all = stops();
      const i = all.indexOf(document.activeElement as HTMLElement);
      e.preventDefault();
      all[e.shiftKey ? (i <= 0 ? all.length - 1 : i - 1) : (i + 1) % all.length]?.focus();
    }
  };
  const onClick = (e: MouseEvent) => {
    if (!inside(e.target)) close();
  };
  const onFocus = (e: FocusEvent) => {
    if (!inside(e.target)) (stops()[1] ?? toggle).focus();
  };
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", onClick);
  document.addEventListener("focusin", onFocus);
  return () => {
    removeEventListener("scroll", place);
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("click", onClick);
    document.removeEventListener("focusin", onFocus);
  };
}
