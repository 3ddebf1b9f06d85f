/** Keyboard and pointer behaviour of the sidebar drawer, the version menu and the search shortcuts. */
import { useEffect } from "react";

/**
 * While a panel is open, its behaviour (its own small chunk, loaded on first open) runs: drawer.ts
 * keeps focus in the drawer and closes it on Escape or a click outside; version-menu.ts closes the
 * menu on Escape, a click or focus elsewhere.
 */
function usePanel(open: boolean, setOpen: (open: boolean) => void, load: () => Promise<(close: () => void) => () => void>): void {
  useEffect(() => {
    if (!open) return;
    let release: (() => void) | undefined;
    let closed = false;
    void load().then((watch) => {
      if (!closed) release = watch(() => setOpen(false));
    });
    return () => {
      closed = true;
      release?.();
    };
  }, [open]);
}

/** The sidebar drawer on narrow screens. */
export const useDrawer = (open: boolean, setOpen: (open: boolean) => void) => usePanel(open, setOpen, () => import("./drawer.ts").then((m) => m.trapDrawer));
/** The version menu. */
export const useVersionMenu = (open: boolean, setOpen: (open: boolean) => void) => usePanel(open, setOpen, () => import("./version-menu.ts").then((m) => m.watchVersionMenu));

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
