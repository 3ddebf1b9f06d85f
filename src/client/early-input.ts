/**
 * The reader's input before React is live (docs/design.md §9: a click on any control before its code
 * arrives is honoured). Intent (a pointer or focus on a control or link, a key) starts loading
 * React; until it is live, a click on a control is held and played again once it is, a plain
 * click on a link to another page is remembered and becomes an in-place navigation (or a normal
 * page load when React cannot load), one on a link to the page shown is the `duplicated`
 * navigation at once, the theme toggle switches at once, `/` and Ctrl/Cmd+K focus the search
 * box, and what was typed there is handed to it.
 */
import { slashPath } from "./address.ts";
import type { NavigatedDetail } from "./router.ts";
import { SITE_ID } from "../shared/site-ids.ts";

/** What the live client offers the input held for it. */
export interface LiveHandle {
  push(href: string): unknown;
  prefetch(href: string): void;
}

/** Controls whose clicks are handled without React (the delegated copy and tab handler, the banner's head script). */
const WITHOUT_REACT = ".code-block .copy,.copy-page,.code-group [role=tab],.banner-dismiss";
const CONTROL = "button,[role=button],summary";
const INTERACTIVE = "a[href],button,input,summary,[role=tab],[role=button]";

/** What the page script tells the held input: React is live, or cannot load. */
export interface HeldInput {
  live(client: LiveHandle): void;
  failed(): void;
}

/**
 * Listens from now on: `wake` starts loading React (once); clicks on links are held only for
 * pages under `base` (other files load as themselves).
 */
export function holdEarlyInput(base: string, assets: string, wake: () => void): HeldInput {
  let held: Element[] = [];
  let link: string | null = null;
  let hovered: string | null = null;
  let typed = "";
  const stop = new AbortController();
  const on = (type: string, listener: (e: Event) => void) =>
    addEventListener(type, listener, { capture: true, passive: false, signal: stop.signal });
  const start = () => wake();
  // The server renders the box read-only (it cannot search without JavaScript): here it can take
  // what the reader types while React is on its way.
  document.getElementById(SITE_ID.searchInput)?.removeAttribute("readonly");

  const intent = (e: Event) => {
    const el = e.target instanceof Element ? e.target.closest(INTERACTIVE) : null;
    if (!el) return;
    if (el instanceof HTMLAnchorElement) hovered = el.href;
    start();
  };
  on("input", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.id === "search-input")
      typed = e.target.value;
  });
  on("pointerover", intent);
  on("focusin", intent);
  on("keydown", (e) => {
    start();
    const k = e as KeyboardEvent;
    const t = k.target as HTMLElement;
    const typing = t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName);
    const slash = k.key === "/" && !typing && !k.ctrlKey && !k.metaKey && !k.altKey;
    if (!slash && !(k.key.toLowerCase() === "k" && (k.ctrlKey || k.metaKey))) return;
    const input = document.querySelector<HTMLInputElement>("#search-input");
    if (!input) return;
    k.preventDefault();
    input.focus();
    input.select();
  });
  on("click", (e) => {
    const m = e as MouseEvent;
    const target = m.target instanceof Element ? m.target : null;
    if (!target?.closest(`#${SITE_ID.app}`) || target.closest(WITHOUT_REACT)) return;
    const toggle = target.closest<HTMLElement>(".theme-toggle");
    if (toggle) {
      // The theme switches at once, as React's handler would (it reads the state back when live).
      m.stopImmediatePropagation();
      const dark = toggle.getAttribute("aria-pressed") !== "true";
      showTheme(dark);
      void import("./theme.ts").then((t) => t.saveTheme(dark));
      return start();
    }
    const a = target.closest("a[href]");
    if (a instanceof HTMLAnchorElement) {
      if (!plainClick(m, a, base, assets)) return;
      m.preventDefault();
      const to = new URL(a.href);
      // The reader's last click wins, as with React: staying here drops a link held before.
      link = slashPath(to.pathname) === location.pathname ? stayHere(to) : a.href;
      return start();
    }
    const control = target.closest(CONTROL);
    if (!control) return;
    // React attaches its listeners while hydrating: this click waits for the live handlers.
    m.preventDefault();
    m.stopImmediatePropagation();
    held.push(control);
    start();
  });
  return {
    live(client) {
      if (stop.signal.aborted) return;
      stop.abort();
      handOverSearch(typed);
      if (link) void client.push(link);
      else if (hovered) client.prefetch(hovered);
      void replay(held);
      held = [];
    },
    failed() {
      stop.abort();
      if (link) location.assign(link);
    },
  };
}

/** Puts the theme on `<html>` and the toggle's state on the toggle. */
function showTheme(dark: boolean): void {
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  document.querySelector(".theme-toggle")?.setAttribute("aria-pressed", String(dark));
}

/**
 * Clicks the held controls again, each in a task of its own, as the reader's clicks came: React
 * commits between them, so a second click meets what the first one made (a button gone: skipped).
 */
async function replay(held: Element[]): Promise<void> {
  for (const el of held) {
    if (el.isConnected) (el as HTMLElement).click();
    await new Promise((next) => setTimeout(next));
  }
}

/** A left click without modifiers on a link to a page of the site. */
function plainClick(e: MouseEvent, a: HTMLAnchorElement, base: string, assets: string): boolean {
  if (e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.defaultPrevented)
    return false;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download")) return false;
  const u = new URL(a.href);
  return (
    u.origin === location.origin &&
    u.pathname.startsWith(base) &&
    // Files other than pages (assets, the sitemap, the Markdown) load as themselves.
    !u.pathname.startsWith(assets) &&
    !/\.(?!html$)\w+$/.test(u.pathname)
  );
}

/**
 * A link to the page shown, as the router takes it (docs/design.md §5, `duplicated`): nothing loads, no
 * page view; the same location adds no history entry, another #hash scrolls there in a new one
 * (the browser's fragment navigation), no #hash to the top. The address was made the slash form
 * at first load (address.ts). Returns null: no link is held.
 */
function stayHere(u: URL): null {
  const from = location.pathname + location.hash;
  const to = slashPath(u.pathname) + u.hash;
  if (to !== from) {
    if (u.hash) location.hash = u.hash;
    else {
      history.pushState(null, "", to);
      scrollTo(0, 0);
    }
  }
  const detail: NavigatedDetail = { from, to, outcome: "duplicated" };
  dispatchEvent(new CustomEvent("docs:navigated", { detail }));
  return null;
}

/** Text typed into the search box before React: given to its handlers as typing would (value setter, then an input event). */
function handOverSearch(typed: string): void {
  const input = document.querySelector<HTMLInputElement>("#search-input");
  if (!input) return;
  const value = input.value || typed;
  if (value) {
    // React's value tracker learns "" through the element's own setter; the prototype's setter
    // then changes the value behind it, so its onChange sees the text as typed.
    input.value = "";
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  } else if (document.activeElement === input) {
    input.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  }
}
