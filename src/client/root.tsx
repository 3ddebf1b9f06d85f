/** The client's root: the server's <App> plus the interactive state it is rendered with (templates/ui.ts). */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { App } from "../../templates/App.tsx";
import type { PageData, RouteManifest, SiteData } from "../shared/types.ts";
import { useDrawer, useShortcuts, useVersionMenu } from "./panels.ts";
import { progressTimer } from "./progress.ts";
import { createRouter, type Router } from "./router.ts";
import { onScrollThrottled, sectionInView } from "./scroll-spy.ts";
import { useSearch } from "./search/use-search.ts";
import { isDark, setTheme } from "./theme.ts";

/** What `window.brookDocs` offers once the page is live. */
export interface DocsApi {
  router: Router;
  /** The page shown: its route, the base, the site data file it uses, whether it is the not-found page. */
  current(): { route: string; base: string; siteFile: string; notFound: boolean };
  /**
   * Shows new data of the page shown (and new site data) in place, keeping the scroll position,
   * the open sidebar and the focus: the dev server's update after a save.
   */
  refresh(page: PageData, site?: SiteData, siteFile?: string): void;
}

/** Props of Root: what the page was built with, and the manifest (fetched beside hydration). */
export interface RootProps {
  site: SiteData;
  siteFile: string;
  page: PageData;
  manifest: Promise<RouteManifest>;
  /** Receives the API once the page is live. */
  onReady(api: DocsApi): void;
}

/** Hydrates exactly what the server rendered (the UI defaults), then goes live after the first commit. */
export function Root({ site: firstSite, siteFile, page: first, manifest, onReady }: RootProps) {
  const [page, setPage] = useState(first);
  const [site, setSite] = useState(firstSite);
  const siteFileNow = useRef(siteFile);
  const [live, setLive] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [versionMenuOpen, setVersionMenuOpen] = useState(false);
  const [activeSlug, setActiveSlug] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dark, setDark] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const router = useRef<Router>(null);
  const spy = useRef<() => void>(null);
  const headers = useRef(page.headers);
  headers.current = page.headers;

  const search = useSearch(site.base, () => manifest.then((m) => site.base + "assets/" + m.search), (href) => void router.current?.push(href));
  useDrawer(sidebarOpen, setSidebarOpen);
  useVersionMenu(versionMenuOpen, setVersionMenuOpen);
  useShortcuts();

  useLayoutEffect(() => {
    // Tag manager code runs only when configured (design.md §5); page views wait for it to load.
    const analytics = site.gtmId ? import("./analytics.ts").then((m) => m.startAnalytics(site.gtmId)) : null;
    const pageView = () => {
      const view = { page_path: location.pathname, page_title: document.title, page_location: location.href };
      void analytics?.then((push) => push(view));
    };
    router.current = createRouter(firstSite, manifest, first, {
      render(next) {
        flushSync(() => {
          setPage(next);
          setSidebarOpen(false);
          setVersionMenuOpen(false);
          setAnnouncement(next.title);
        });
      },
      busy: progressTimer(site.navigation.progressDelayMs, (v) => (v == null ? flushSync(() => setProgress(null)) : setProgress(v))),
      pageView,
    });
    const current = router.current;
    onReady({
      router: current,
      current: () => {
        const shown = current.page();
        return { route: shown.route, base: firstSite.base, siteFile: siteFileNow.current, notFound: shown.layout === "not-found" };
      },
      refresh(next, nextSite, nextSiteFile) {
        const focus = focusedInArticle();
        flushSync(() => {
          if (nextSite) setSite(nextSite);
          setPage(next);
        });
        if (nextSiteFile) siteFileNow.current = nextSiteFile;
        current.replacePage(next);
        focus?.();
        spy.current?.();
      },
    });
    setLive(true);
    setDark(isDark());
    pageView();
    // Scroll-spy: the section in view, at most once per throttle period and after scrolling stops.
    spy.current = onScrollThrottled(site.navigation.scrollSpyThrottleMs, () => setActiveSlug(sectionInView(headers.current)));
  }, []);
  // A new page: settle the spy once the router has scrolled (the update runs on a timer), and
  // give its code groups the reader's tab (a chunk only pages with code groups load).
  useEffect(() => {
    spy.current?.();
    if (document.querySelector(".code-group")) void import("./code-groups.ts").then((m) => m.default());
  }, [page]);

  const toggle = (set: typeof setSidebarOpen) => () => set((open) => !open);
  return (
    <App
      site={site}
      page={page}
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
              onToggleTheme: () => setDark(setTheme(!dark)),
              search,
              announcement,
            }
          : {}
      }
    />
  );
}

/**
 * The element that has focus inside the article, found again after the article is rendered anew
 * (its HTML is replaced): by its position among the article's focusable elements.
 */
function focusedInArticle(): (() => void) | undefined {
  const content = document.querySelector("main .content");
  const active = document.activeElement;
  if (!content || !active || !content.contains(active)) return undefined;
  const selector = "a[href], button, input, select, textarea, summary, [tabindex]";
  const index = [...content.querySelectorAll(selector)].indexOf(active);
  return () => (document.querySelector("main .content")?.querySelectorAll<HTMLElement>(selector)[index])?.focus({ preventScroll: true });
}
