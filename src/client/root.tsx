/** The client's root: the server's <App> plus the interactive state it is rendered with (templates/ui.ts). */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { App } from "../../templates/App.tsx";
import type { PageData, RouteManifest, SiteData } from "../shared/types.ts";
import type { Analytics } from "./analytics.ts";
import { LAZY_PARTS, loadParts } from "./parts.ts";
import { useDrawer, useShortcuts, useVersionMenu } from "./panels.ts";
import { createRouter, type Router } from "./router.ts";
import { useSearch } from "./search/use-search.ts";

/** What `window.brookDocs` offers once the page is live. */
export interface DocsApi {
  router: Router;
}

/** Props of Root: what the page was built with, and the manifest (fetched beside hydration). */
export interface RootProps {
  site: SiteData;
  page: PageData;
  manifest: Promise<RouteManifest>;
  /** Receives the API once the page is live. */
  onReady(api: DocsApi): void;
}

/** Hydrates exactly what the server rendered (the UI defaults), then goes live after the first commit. */
export function Root({ site: firstSite, page: first, manifest, onReady }: RootProps) {
  const [page, setPage] = useState(first);
  const site = firstSite;
  const [live, setLive] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [versionMenuOpen, setVersionMenuOpen] = useState(false);
  const [activeSlug, setActiveSlug] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dark, setDark] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const router = useRef<Router>(null);
  const spy = useRef<() => void>(null);
  const analytics = useRef<Promise<Analytics> | null>(null);
  const shown = useRef(page);
  shown.current = page;

  const search = useSearch(site.base, manifest, (href) => void router.current?.push(href));
  useDrawer(sidebarOpen, setSidebarOpen);
  useVersionMenu(versionMenuOpen, setVersionMenuOpen);
  useShortcuts();

  useLayoutEffect(() => {
    // Tag manager code runs only when configured (design.md §5); page views wait for it to load.
    analytics.current = site.gtmId
      ? import("./analytics.ts").then((m) => m.startAnalytics(site.gtmId))
      : null;
    const pageView = () => {
      const view = {
        page_path: location.pathname,
        page_title: document.title,
        page_location: location.href,
      };
      void analytics.current?.then((a) => a.pageView(view));
    };
    // The deferred parts (templates/Deferred.tsx) load on the reader's first interaction, a
    // navigation (the pipeline waits for them), or at once on the home and not-found pages.
    let woken: Promise<void> | undefined;
    // Resolves once React has had a frame to hydrate the parts; rejects when their chunk cannot load.
    const wake = () =>
      (woken ??= loadParts().then(
        () => new Promise<void>((ok) => requestAnimationFrame(() => setTimeout(ok))),
      ));
    const onFirst = () => void wake().catch(() => undefined);
    for (const type of ["pointerover", "focusin", "scroll"])
      addEventListener(type, onFirst, { capture: true, passive: true, once: true });
    router.current = createRouter(firstSite, manifest, first, {
      render(next) {
        flushSync(() => {
          setPage(next);
          setSidebarOpen(false);
          setVersionMenuOpen(false);
          setAnnouncement(next.title);
        });
      },
      progress: (v) => (v == null ? flushSync(() => setProgress(null)) : setProgress(v)),
      pageView,
      prepare: wake,
    });
    const current = router.current;
    const api: DocsApi = { router: current };
    // The home and not-found layouts are deferred parts: links in them are the router's once hydrated.
    if (first.layout === "doc") onReady(api);
    else void wake().finally(() => onReady(api));
    setLive(true);
    // The saved choice (put on <html> by early.ts), else the system's.
    const saved = document.documentElement.dataset.theme;
    setDark(saved ? saved === "dark" : matchMedia("(prefers-color-scheme: dark)").matches);
    pageView();
    // Scroll-spy: the `##` section in view, at most once per throttle period and after scrolling
    // stops. Its code loads after hydration (first-load JS is at its budget), then settles once.
    void import("./scroll-spy.ts").then(({ onScrollThrottled, sectionInView }) => {
      spy.current = onScrollThrottled(site.navigation.scrollSpyThrottleMs, () =>
        setActiveSlug(sectionInView(shown.current.headers)),
      );
      spy.current();
    });
  }, []);
  // A new page: settle the spy once the router has scrolled (the update runs on a timer), and
  // give its code groups the reader's tab (a chunk only pages with code groups load).
  useEffect(() => {
    spy.current?.();
    if (document.querySelector(".code-group")) void import("./code.ts").then((m) => m.tabs());
  }, [page]);

  const toggle = (set: typeof setSidebarOpen) => () => set((open) => !open);
  return (
    <App
      site={site}
      page={page}
      parts={LAZY_PARTS}
      ui={
        live
          ? {
              sidebarOpen,
              onToggleSidebar: toggle(setSidebarOpen),
              activeSlug,
              progress,
              versionMenuOpen,
              onToggleVersionMenu: toggle(setVersionMenuOpen),
              dark,
              onToggleTheme: () => {
                document.documentElement.dataset.theme = dark ? "light" : "dark";
                setDark(!dark);
                // Remembering the choice is a tiny chunk of its own, loaded on the first switch.
                void import("./theme.ts").then((m) => m.saveTheme(!dark));
              },
              search,
              announcement,
            }
          : {}
      }
    />
  );
}
