/** Keyboard and pointer behaviour of the sidebar drawer, the version menu and the search shortcuts. */
import { useEffect } from "react";

const FOCUSABLE = "a[href], button, input, summary, [tabindex]:not([tabindex='-1'])";

/**
 * The sidebar drawer on narrow screens, while open: focus moves into it and stays there (with
 * the toggle button), Escape closes it and returns focus to the toggle, a click outside closes it.
 */
export function useDrawer(open: boolean, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    const toggle = document.querySelector<HTMLElement>(".sidebar-toggle");
    const sidebar = document.getElementById("sidebar");
    if (!open || !toggle || !sidebar) return;
    const stops = () => [toggle, ...sidebar.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length);
    (sidebar.querySelector<HTMLElement>("[aria-current=page]") ?? stops()[1])?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggle.focus();
      } else if (e.key === "Tab") {
        const all = stops();
        const i = all.indexOf(document.activeElement as HTMLElement);
        const next = e.shiftKey ? (i <= 0 ? all.length - 1 : i - 1) : (i + 1) % all.length;
        e.preventDefault();
        all[next]?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!sidebar.contains(e.target as Node) && !toggle.contains(e.target as Node)) setOpen(false);
    };
    const onFocus = (e: FocusEvent) => {
      if (!sidebar.contains(e.target as Node) && e.target !== toggle) (stops()[1] ?? toggle).focus();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open]);
}

/** The version menu, while open: Escape closes it and focus returns to its button; focus or a click elsewhere closes it. */
export function useVersionMenu(open: boolean, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    const menu = document.querySelector<HTMLElement>(".version-menu");
    if (!open || !menu) return;
    const outside = (e: Event) => {
      if (!menu.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
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
  }, [open]);
}

/** `/` (outside text fields) and Ctrl/Cmd+K focus the search box. */
export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      const typing = t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName);
      const slash = e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey;
      if (!slash && !(e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey))) return;
      const input = document.querySelector<HTMLInputElement>("#search-input");
      if (!input) return;
      e.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
