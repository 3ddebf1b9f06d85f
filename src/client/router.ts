/**
 * The one navigation pipeline (design.md §5): guards → resolve (redirect table, route manifest,
 * else the not-found page) → load the page data file → render → scroll → head → focus → page
 * view. Every navigation ends in exactly one outcome, dispatched as the `docs:navigated` event.
 */
import type { PageData, RouteManifest, SiteData } from "../shared/types.ts";
import { normalizeRoute, pathToRoute, routeToPath, splitHash } from "../shared/url.ts";
import { updateHead } from "./head.ts";
import { pageLoader, type LoadFailure } from "./load-page.ts";

/** How a navigation ended. */
export type Outcome = "completed" | "redirected" | "aborted" | "cancelled" | "duplicated" | "failed";

/** `event.detail` of `docs:navigated`; locations are paths with their #hash. */
export interface NavigatedDetail {
  from: string;
  to: string;
  outcome: Outcome;
  reason?: LoadFailure;
}

/** What a guard says: allow (true or nothing), abort (false), or redirect (a location). */
export type GuardResult = boolean | string | void;
/** Runs before every navigation that would change the location. */
export type Guard = (to: string, from: string) => GuardResult | Promise<GuardResult>;

/** What the router asks of the page it drives. */
export interface RouterView {
  /** Shows `page`, committed synchronously, with the sidebar closed and its title announced. */
  render(page: PageData): void;
  /** Shows or hides the progress bar (its delay is the view's business). */
  busy(on: boolean): void;
  /** Reports a page view (analytics). */
  pageView(): void;
}

/** The router of one page load. */
export interface Router {
  /** Registers a guard; returns a function that removes it. */
  beforeEach(guard: Guard): () => void;
  /** Navigates to a URL (same origin, under the base); resolves with the outcome. */
  push(href: string): Promise<NavigatedDetail>;
  /** Starts loading the data file of the page a URL shows. */
  prefetch(href: string): void;
  /** Whether a link's target is navigated in place. */
  handles(url: URL): boolean;
}

/** History entries carry their index (to undo an aborted back/forward) and scroll position. */
interface EntryState {
  idx: number;
  scroll: number;
}

type Mode = "push" | "pop";

interface Nav {
  from: string;
  to: string;
  done: boolean;
}

/** Creates the router for the page shown now and starts listening to back/forward. */
export function createRouter(site: SiteData, manifest: Promise<RouteManifest>, first: PageData, view: RouterView): Router {
  const guards: Guard[] = [];
  const load = pageLoader(site.navigation.chunkTimeoutMs);
  const assets = site.base + "assets/";
  let page = first;
  // The not-found page keeps the address it was asked for; any other page shows its slash form,
  // also when a host served `x/index.html` directly (design.md §3).
  let here = first.layout === "not-found" ? location.pathname + location.hash : locationOf(new URL(location.href));
  const saved = history.state as EntryState | null;
  let state: EntryState = { idx: saved?.idx ?? 0, scroll: saved?.scroll ?? 0 };
  let active: Nav | null = null;
  let skipPop = false;
  let saveTimer = 0;

  history.scrollRestoration = "manual";
  const { route: path, hash } = splitHash(here);
  history.replaceState(state, "", path + location.search + (hash && "#" + hash));
  if (state.scroll) scrollTo(0, state.scroll);
  addEventListener("scroll", () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveScroll, 100);
  }, { passive: true });
  addEventListener("popstate", (e) => {
    clearTimeout(saveTimer);
    if (skipPop) skipPop = false;
    else void navigate(location.href, "pop", e.state as EntryState | null);
  });
  document.addEventListener("click", (e) => {
    const a = linkOf(e.target);
    if (!a || e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if ((a.target && a.target !== "_self") || a.hasAttribute("download") || !handlesUrl(new URL(a.href))) return;
    e.preventDefault();
    void navigate(a.href, "push");
  });
  // Prefetch on hover, touch and keyboard focus.
  const prefetchLink = (e: Event) => {
    const a = linkOf(e.target);
    if (a) prefetch(a.href);
  };
  for (const type of ["mouseover", "focusin", "touchstart"]) document.addEventListener(type, prefetchLink, { passive: true });

  function saveScroll(): void {
    state = { ...state, scroll: scrollY };
    history.replaceState(state, "");
  }

  function finish(nav: Nav, outcome: Outcome, reason?: LoadFailure): NavigatedDetail {
    const detail: NavigatedDetail = { from: nav.from, to: nav.to, outcome, ...(reason && { reason }) };
    if (nav.done) return detail;
    nav.done = true;
    if (active === nav) {
      active = null;
      view.busy(false);
    }
    dispatchEvent(new CustomEvent("docs:navigated", { detail }));
    return detail;
  }

  /** Data file and shown route for a location: redirects first, then pages, else the not-found page. */
  function resolve(m: RouteManifest, to: string): { to: string; file: string; redirected: boolean } {
    const { route: path, hash } = splitHash(to);
    const route = pathToRoute(site.base, path)!;
    const target = m.redirects[route];
    if (target != null) {
      const t = splitHash(target);
      const loc = routeToPath(site.base, t.route) + (t.hash ? "#" + t.hash : hash ? "#" + hash : "");
      return { to: loc, file: m.pages[t.route] ?? m.pages["/404/"]!, redirected: true };
    }
    return { to, file: m.pages[route] ?? m.pages["/404/"]!, redirected: false };
  }

  async function navigate(href: string, mode: Mode, entry?: EntryState | null): Promise<NavigatedDetail> {
    const nav: Nav = { from: here, to: locationOf(new URL(href, location.href)), done: false };
    const previous = active;
    active = nav;
    if (previous) finish(previous, "cancelled");
    if (nav.to === here) return finish(nav, "duplicated");
    view.busy(true);
    let redirected = false;
    for (let hops = 0; guards.length; hops++) {
      let next: string | undefined;
      for (const guard of [...guards]) {
        const r = await guard(nav.to, nav.from);
        if (nav.done) return finish(nav, "cancelled");
        if (r === false) {
          undoPop(mode, entry);
          return finish(nav, "aborted");
        }
        if (typeof r === "string") {
          next = r;
          break;
        }
      }
      if (next == null) break;
      if (hops === 10) return finish(nav, "aborted");
      const url = new URL(next, location.href);
      if (!handlesUrl(url)) {
        finish(nav, "redirected");
        location.assign(url);
        return { from: nav.from, to: url.href, outcome: "redirected" };
      }
      nav.to = locationOf(url);
      redirected = true;
    }
    const m = await manifest;
    if (nav.done) return finish(nav, "cancelled");
    const r = resolve(m, nav.to);
    nav.to = r.to;
    redirected ||= r.redirected;
    const outcome: Outcome = redirected ? "redirected" : "completed";
    if (splitHash(nav.to).route === splitHash(here).route) {
      // Same page, another #hash: only scroll (design.md §5).
      commitHistory(mode, nav.to, entry);
      scrollToTarget(nav.to, entry, true);
      return finish(nav, redirected ? outcome : "duplicated");
    }
    let next: PageData;
    try {
      next = await load(assets + r.file);
    } catch (reason) {
      if (nav.done) return finish(nav, "cancelled");
      console.error(`docs: page data file failed to load (${reason as LoadFailure}): ${assets + r.file}; loading ${nav.to} in full`);
      const detail = finish(nav, "failed", reason as LoadFailure);
      if (mode === "pop") location.reload();
      else location.assign(nav.to);
      return detail;
    }
    if (nav.done) return finish(nav, "cancelled");
    commitHistory(mode, nav.to, entry);
    const prev = page;
    page = next;
    view.render(next);
    updateHead(site, prev, next);
    scrollToTarget(nav.to, entry, false);
    document.querySelector<HTMLElement>("main h1")?.focus({ preventScroll: true });
    view.pageView();
    return finish(nav, outcome);
  }

  function commitHistory(mode: Mode, to: string, entry?: EntryState | null): void {
    if (mode === "pop") state = { idx: entry?.idx ?? state.idx, scroll: entry?.scroll ?? 0 };
    else {
      clearTimeout(saveTimer);
      saveScroll();
      state = { idx: state.idx + 1, scroll: 0 };
      history.pushState(state, "", to);
    }
    here = to;
  }

  /** A guard said no to back/forward: the address bar already moved, so move it back. */
  function undoPop(mode: Mode, entry?: EntryState | null): void {
    if (mode !== "pop" || entry?.idx == null || entry.idx === state.idx) return;
    skipPop = true;
    history.go(state.idx - entry.idx);
  }

  function handlesUrl(url: URL): boolean {
    if (url.origin !== location.origin) return false;
    const route = pathToRoute(site.base, url.pathname);
    // Files other than pages (assets, feeds, the sitemap) load as themselves.
    return route != null && !route.startsWith("/assets/") && !/\.(?!html$)\w+$/.test(route);
  }

  /** Normalised path plus #hash: `/docs/v2/x/index.html#a` → `/docs/v2/x/#a`. */
  function locationOf(url: URL): string {
    const route = pathToRoute(site.base, url.pathname);
    return (route == null ? url.pathname : routeToPath(site.base, normalizeRoute(route))) + url.hash;
  }

  return {
    beforeEach(guard) {
      guards.push(guard);
      return () => void guards.splice(guards.indexOf(guard) >>> 0, 1);
    },
    push(href) {
      const url = new URL(href, location.href);
      if (handlesUrl(url)) return navigate(href, "push");
      location.assign(url);
      return Promise.resolve({ from: here, to: url.href, outcome: "completed" as const });
    },
    prefetch,
    handles: handlesUrl,
  };

  function prefetch(href: string): void {
    const url = new URL(href, location.href);
    if (handlesUrl(url) && url.pathname !== location.pathname)
      void manifest.then((m) => load(assets + resolve(m, locationOf(url)).file).catch(() => undefined));
  }
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const a = target instanceof Element ? target.closest("a[href]") : null;
  return a instanceof HTMLAnchorElement ? a : null;
}

/** Scrolls to the saved position (back/forward), the #hash target, or the top. */
function scrollToTarget(to: string, entry: EntryState | null | undefined, focusTarget: boolean): void {
  const { hash } = splitHash(to);
  const el = hash ? document.getElementById(decodeURIComponent(hash)) : null;
  if (entry) scrollTo(0, entry.scroll);
  else if (el) el.scrollIntoView();
  else scrollTo(0, 0);
  // As a browser does for an in-page link: the target becomes where keyboard focus continues.
  if (focusTarget && el && !entry) {
    if (!el.hasAttribute("tabindex") && !el.matches("a[href],button,input,select,textarea,summary")) el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: true });
  }
}
