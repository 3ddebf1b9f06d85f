/** Keyboard and pointer behaviour of the sidebar drawer, the version menu and the search shortcuts. */
import { useEffect } from "react";

/** While the drawer is open, drawer.ts (its own small chunk) keeps focus in it and closes it on Escape or a click outside. */
export function useDrawer(open: boolean, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    let release: (() => void) | undefined;
    let closed = false;
    void import("./drawer.ts").then((m) => {
      if (!closed) release = m.trapDrawer(() => setOpen(false));
    });
    return () => {
      closed = true;
      release?.();
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
