/**
 * The navigation pipeline (docs/design.md §5), loaded on first intent: guards → resolve (redirect
 * table, route manifest, else the not-found page) → load the page data file → render → scroll →
 * head → focus → page view. Every navigation ends in exactly one outcome, dispatched as the
 * `docs:navigated` window event.
 */
import type { MovedTarget } from "../shared/moved-anchors.ts";
import type { PageData, RouteManifest } from "../shared/types.ts";
import { updateHead } from "./head.ts";
import { pageLoader, type LoadFailure } from "./load-page.ts";
import { progressTimer } from "./progress.ts";
import type {
  EntryState,
  GuardResult,
  Nav,
  NavigatedDetail,
  Outcome,
  RouterContext,
} from "./router.ts";

type Mode = "push" | "pop";

let load: ((url: string) => Promise<PageData>) | undefined;
const loader = (ctx: RouterContext) => (load ??= pageLoader(ctx.site.navigation.chunkTimeoutMs));
let busy: ((on: boolean) => void) | undefined;
/** Navigation started (true) or ended (false): the progress bar, after its delay. */
const setBusy = (ctx: RouterContext, on: boolean) =>
  (busy ??= progressTimer(ctx.site.navigation.progressDelayMs, ctx.view.progress))(on);

/** Starts loading the data file of the page `url` shows (hover, focus, touch). */
export function prefetch(ctx: RouterContext, url: URL): void {
  if (url.pathname === location.pathname) return;
  void ctx.manifest
    .then((m) => loader(ctx)(assets(ctx) + resolve(ctx, m, ctx.locationOf(url)).file))
    .catch(() => undefined);
}

/** Runs one navigation to the end; a newer one cancels it. */
export async function navigate(
  ctx: RouterContext,
  href: string,
  mode: Mode,
  entry?: EntryState | null,
): Promise<NavigatedDetail> {
  const target = new URL(href, location.href);
  if (!ctx.handles(target)) {
    // router.push of a URL that is not a docs page: the browser goes there.
    location.assign(target);
    return { from: ctx.here, to: target.href, outcome: "completed" };
  }
  const nav: Nav = { from: ctx.here, to: ctx.locationOf(target), done: false };
  const previous = ctx.active;
  ctx.active = nav;
  if (previous) finish(ctx, previous, "cancelled");
  // Back/forward always go on: the entry's own scroll position is to be restored.
  if (nav.to === ctx.here && mode === "push") return finish(ctx, nav, "duplicated");
  setBusy(ctx, true);
  let redirected = false;
  for (let hops = 0; ctx.guards.length; hops++) {
    let next: string | undefined;
    for (const guard of [...ctx.guards]) {
      let r: GuardResult;
      try {
        r = await guard(nav.to, nav.from);
      } catch (e) {
        // A guard that throws has not allowed the navigation.
        console.error("docs: a navigation guard threw", e);
        r = false;
      }
      if (nav.done) return finish(ctx, nav, "cancelled");
      if (r === false) {
        undoPop(ctx, mode, entry);
        return finish(ctx, nav, "aborted");
      }
      if (typeof r === "string") {
        next = r;
        break;
      }
    }
    if (next == null) break;
    if (hops === 10) return finish(ctx, nav, "aborted");
    const url = new URL(next, location.href);
    if (!ctx.handles(url)) {
      nav.to = url.href;
      const detail = finish(ctx, nav, "redirected");
      location.assign(url);
      return detail;
    }
    nav.to = ctx.locationOf(url);
    redirected = true;
  }
  const m = await ctx.manifest.catch(() => null);
  if (nav.done) return finish(ctx, nav, "cancelled");
  if (!m) return fail(ctx, nav, mode, "missing", "the route manifest");
  const moved = await movedTarget(ctx, m, nav.to);
  if (nav.done) return finish(ctx, nav, "cancelled");
  const r = resolve(ctx, m, nav.to, moved);
  nav.to = r.to;
  redirected ||= r.redirected;
  const outcome: Outcome = redirected ? "redirected" : "completed";
  if (ctx.url.splitHash(nav.to).route === ctx.url.splitHash(ctx.here).route) {
    // The page shown, another #hash: only scroll (docs/design.md §5), with the drawer and menus closed.
    commitHistory(ctx, mode, nav.to, entry);
    ctx.view.render(ctx.page);
    scrollToTarget(ctx.url.splitHash(nav.to).hash, entry, true);
    return finish(ctx, nav, redirected ? outcome : "duplicated");
  }
  let page: PageData;
  try {
    page = await loader(ctx)(assets(ctx) + r.file);
  } catch (e) {
    if (nav.done) return finish(ctx, nav, "cancelled");
    return fail(ctx, nav, mode, e as LoadFailure, assets(ctx) + r.file);
  }
  if (nav.done) return finish(ctx, nav, "cancelled");
  commitHistory(ctx, mode, nav.to, entry);
  const prev = ctx.page;
  ctx.page = page;
  ctx.view.render(page);
  const { site, url } = ctx;
  const found = page.layout !== "not-found";
  updateHead(
    prev,
    page,
    url.documentTitle(site.title, page.title, page.route),
    found ? site.siteUrl + url.routeToPath(site.base, page.route) : null,
    found ? url.markdownPath(site.base, page.route) : null,
  );
  scrollToTarget(ctx.url.splitHash(nav.to).hash, entry, false);
  document.querySelector<HTMLElement>("main h1")?.focus({ preventScroll: true });
  ctx.view.pageView();
  return finish(ctx, nav, outcome);
}

function finish(
  ctx: RouterContext,
  nav: Nav,
  outcome: Outcome,
  reason?: LoadFailure,
): NavigatedDetail {
  const detail: NavigatedDetail = {
    from: nav.from,
    to: nav.to,
    outcome,
    ...(reason && { reason }),
  };
  if (nav.done) return detail;
  nav.done = true;
  if (ctx.active === nav) {
    ctx.active = null;
    setBusy(ctx, false);
  }
  dispatchEvent(new CustomEvent("docs:navigated", { detail }));
  return detail;
}

/** Spec §8: a chunk failed to load, with its reason. Logged once; the reader gets the page by a full load. */
function fail(
  ctx: RouterContext,
  nav: Nav,
  mode: Mode,
  reason: LoadFailure,
  file: string,
): NavigatedDetail {
  console.error(`docs: chunk failed to load (${reason}): ${file}; loading ${nav.to} in full`);
  const detail = finish(ctx, nav, "failed", reason);
  if (mode === "pop") location.reload();
  else location.assign(nav.to);
  return detail;
}

const assets = (ctx: RouterContext) => ctx.assets;

/**
 * The data file and the location shown for a location: redirects first, then pages (a section that
 * moved to another page goes there, docs/design.md §3), else the not-found page.
 */
function resolve(
  ctx: RouterContext,
  m: RouteManifest,
  to: string,
  moved?: MovedTarget,
): { to: string; file: string; redirected: boolean } {
  const { route: path, hash } = ctx.url.splitHash(to);
  const route = ctx.url.pathToRoute(ctx.site.base, path) ?? path;
  if (moved)
    return {
      to: ctx.url.routeToPath(ctx.site.base, moved.route) + (moved.keepHash ? "#" + hash : ""),
      file: m.pages[moved.route] ?? m.pages["/404/"]!,
      redirected: true,
    };
  const target = m.redirects[route];
  if (target == null) return { to, file: m.pages[route] ?? m.pages["/404/"]!, redirected: false };
  const t = ctx.url.splitHash(target);
  // The redirect's own #hash wins; else the one asked for is kept (as the redirect stubs do).
  const kept = t.hash || hash;
  return {
    to: ctx.url.routeToPath(ctx.site.base, t.route) + (kept && "#" + kept),
    file: m.pages[t.route] ?? m.pages["/404/"]!,
    redirected: true,
  };
}

/** Where the #hash of a page whose sections moved went (their code loads only for such a page). */
async function movedTarget(
  ctx: RouterContext,
  m: RouteManifest,
  to: string,
): Promise<MovedTarget | undefined> {
  const { route: path, hash } = ctx.url.splitHash(to);
  const route = ctx.url.pathToRoute(ctx.site.base, path) ?? path;
  const table = hash ? m.moved?.[route] : undefined;
  if (!table) return undefined;
  const code = await ctx.view.movedSections().catch(() => undefined);
  return code?.movedTo(table, decodeHash(hash));
}

function commitHistory(
  ctx: RouterContext,
  mode: Mode,
  to: string,
  entry?: EntryState | null,
): void {
  if (mode === "pop") {
    ctx.state = { idx: entry?.idx ?? ctx.state.idx + 1, scroll: entry?.scroll ?? 0 };
    // An entry the browser made itself (a #hash typed in the address bar): give it a state.
    if (!entry) history.replaceState(ctx.state, "");
  } else {
    clearTimeout(ctx.saveTimer);
    ctx.saveScroll();
    ctx.state = { idx: ctx.state.idx + 1, scroll: 0 };
    history.pushState(ctx.state, "", to);
  }
  ctx.here = to;
}

/** A guard said no to back/forward: the address bar has already moved, so move it back. */
function undoPop(ctx: RouterContext, mode: Mode, entry?: EntryState | null): void {
  if (mode !== "pop" || entry?.idx == null || entry.idx === ctx.state.idx) return;
  ctx.skipPop = true;
  history.go(ctx.state.idx - entry.idx);
}

/** Scrolls to the saved position (back/forward), the #hash target, or the top. */
function scrollToTarget(
  hash: string,
  entry: EntryState | null | undefined,
  focusTarget: boolean,
): void {
  const el = hash ? document.getElementById(decodeHash(hash)) : null;
  if (entry) scrollTo(0, entry.scroll);
  else if (el) el.scrollIntoView();
  else scrollTo(0, 0);
  // As a browser does for an in-page link: keyboard focus continues from the target.
  if (focusTarget && el && !entry) {
    if (!el.matches("a[href],button,input,select,textarea,summary,[tabindex]"))
      el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: true });
  }
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}
