/**
 * In-place navigation (docs/design.md §5), the part every page loads: link, hover and back/forward
 * listeners, history entries and guards. The pipeline itself (navigate.ts) is its own chunk,
 * fetched on the first sign of intent: a pointer or focus on a link, or back/forward.
 */
import type { PageData, RouteManifest, SiteData } from "../shared/types.ts";
import * as url from "../shared/url.ts";
import type { LoadFailure } from "./load-page.ts";

/** The window event whose detail is new data of the page shown, from the dev server (src/client/dev). */
export const REFRESH_EVENT = "docs:refresh";

/** How a navigation ended. */
export type Outcome =
  "completed" | "redirected" | "aborted" | "cancelled" | "duplicated" | "failed";

/** `event.detail` of the `docs:navigated` window event; locations are paths with their #hash. */
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
  /** Shows `page` (or the same page again), committed synchronously, with the sidebar and menus closed and its title announced. */
  render(page: PageData): void;
  /** Shows the progress bar at 0-100, or hides it (null); the pipeline times it (progress.ts, in its chunk). */
  progress(value: number | null): void;
  /** Reports a page view (analytics). */
  pageView(): void;
  /** Loads what rendering another page needs beyond the pipeline (the deferred parts); navigation waits for it. */
  prepare(): Promise<unknown>;
  /** Loads the code that follows sections moved to other pages (the page script's chunk). */
  movedSections(): Promise<typeof import("./moved-section.ts")>;
}

/** The router of one page load (`window.brookDocs.router`). */
export interface Router {
  /** Registers a guard; returns a function that removes it. */
  beforeEach(guard: Guard): () => void;
  /** Navigates to a URL (in place when it is a docs page, else as the browser does); resolves with the outcome. */
  push(href: string): Promise<NavigatedDetail>;
  /** Starts loading the data file of the page a URL shows. */
  prefetch(href: string): void;
}

/** History entries carry their index (to undo an aborted back/forward) and scroll position. */
export interface EntryState {
  idx: number;
  scroll: number;
}

/** A navigation under way. */
export interface Nav {
  from: string;
  to: string;
  done: boolean;
}

/** The state shared with the pipeline chunk. */
export interface RouterContext {
  site: SiteData;
  manifest: Promise<RouteManifest>;
  /** The assets folder's URL (boot data). */
  assets: string;
  view: RouterView;
  guards: Guard[];
  /** The page shown and its location (path + #hash). */
  page: PageData;
  here: string;
  /** This history entry's state. */
  state: EntryState;
  active: Nav | null;
  /** Ignore the next popstate: the router itself moved back after an aborted back/forward. */
  skipPop: boolean;
  saveTimer: number;
  saveScroll(): void;
  handles(url: URL): boolean;
  locationOf(url: URL): string;
  /**
   * src/shared/url.ts, handed over rather than imported by the chunk: a module both import would
   * become a chunk of its own, one more request on every first load.
   */
  url: typeof url;
}

type Pipeline = typeof import("./navigate.ts");

/** Creates the router for the page shown now and starts listening. */
export function createRouter(
  site: SiteData,
  manifest: Promise<RouteManifest>,
  assets: string,
  first: PageData,
  view: RouterView,
): Router {
  let pipeline: Promise<Pipeline> | undefined;
  const load = () =>
    (pipeline ??= Promise.all([import("./navigate.ts"), view.prepare()]).then(([p]) => p));
  const saved = history.state as EntryState | null;
  const ctx: RouterContext = {
    site,
    manifest,
    assets,
    view,
    guards: [],
    page: first,
    here: "",
    state: { idx: saved?.idx ?? 0, scroll: saved?.scroll ?? 0 },
    active: null,
    skipPop: false,
    saveTimer: 0,
    saveScroll() {
      ctx.state = { ...ctx.state, scroll: scrollY };
      history.replaceState(ctx.state, "");
    },
    handles(u) {
      if (u.origin !== location.origin) return false;
      const route = url.pathToRoute(site.base, u.pathname);
      // Files other than pages (assets, the sitemap) load as themselves.
      return route != null && !u.pathname.startsWith(assets) && !/\.(?!html$)\w+$/.test(route);
    },
    locationOf(u) {
      const route = url.pathToRoute(site.base, u.pathname);
      return (
        (route == null ? u.pathname : url.routeToPath(site.base, url.normalizeRoute(route))) +
        u.hash
      );
    },
    url,
  };
  // Navigate in place; should the pipeline chunk fail to load, this navigation still ends in one
  // outcome (`failed`, reason `missing`, as a data file that cannot load) and the browser loads it.
  const go = (
    href: string,
    mode: "push" | "pop",
    entry?: EntryState | null,
  ): Promise<NavigatedDetail> =>
    load().then(
      (p) => p.navigate(ctx, href, mode, entry),
      () => {
        const u = new URL(href, location.href);
        const detail: NavigatedDetail = {
          from: ctx.here,
          to: ctx.handles(u) ? ctx.locationOf(u) : u.href,
          outcome: "failed",
          reason: "missing",
        };
        console.error("docs: chunk failed to load (missing)");
        dispatchEvent(new CustomEvent("docs:navigated", { detail }));
        if (mode === "push") location.assign(href);
        else location.reload();
        return detail;
      },
    );

  // The not-found page keeps the address it was asked for; any other page shows its slash form,
  // also when a host served `x/index.html` directly (docs/design.md §3).
  ctx.here =
    first.layout === "not-found"
      ? location.pathname + location.hash
      : ctx.locationOf(new URL(location.href));
  const { route: path, hash } = url.splitHash(ctx.here);
  history.scrollRestoration = "manual";
  history.replaceState(ctx.state, "", path + location.search + (hash && "#" + hash));
  if (ctx.state.scroll) scrollTo(0, ctx.state.scroll);

  addEventListener(
    "scroll",
    () => {
      clearTimeout(ctx.saveTimer);
      ctx.saveTimer = setTimeout(ctx.saveScroll, 100);
    },
    { passive: true },
  );
  addEventListener("popstate", (e) => {
    clearTimeout(ctx.saveTimer);
    if (ctx.skipPop) ctx.skipPop = false;
    else void go(location.href, "pop", e.state as EntryState | null);
  });
  document.addEventListener("click", (e) => {
    const a = linkOf(e.target);
    if (!a || e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    if (
      (a.target && a.target !== "_self") ||
      a.hasAttribute("download") ||
      !ctx.handles(new URL(a.href))
    )
      return;
    e.preventDefault();
    void go(a.href, "push");
  });
  const prefetch = (href: string) => {
    const u = new URL(href, location.href);
    if (ctx.handles(u))
      void load().then(
        (p) => p.prefetch(ctx, u),
        () => undefined,
      );
  };
  // Prefetch on hover, touch and keyboard focus.
  for (const type of ["mouseover", "focusin", "touchstart"])
    document.addEventListener(
      type,
      (e) => {
        const a = linkOf(e.target);
        if (a) prefetch(a.href);
      },
      { passive: true },
    );

  // The dev server's update of the page shown (src/client/dev): new data, shown in place.
  addEventListener(REFRESH_EVENT, (e) =>
    view.render((ctx.page = (e as CustomEvent<PageData>).detail)),
  );

  return {
    beforeEach(guard) {
      ctx.guards.push(guard);
      return () => void ctx.guards.splice(ctx.guards.indexOf(guard) >>> 0, 1);
    },
    push: (href) => go(new URL(href, location.href).href, "push"),
    prefetch,
  };
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const a = target instanceof Element ? target.closest("a[href]") : null;
  return a instanceof HTMLAnchorElement ? a : null;
}
