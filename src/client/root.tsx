/** The client's root: the server's <App> plus the interactive state it is rendered with (templates/ui.ts). */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { App } from "../../templates/App.tsx";
import type { UiState } from "../../templates/ui.ts";
import type { PageData, RouteManifest, SiteData } from "../shared/types.ts";
import { startAnalytics } from "./analytics.ts";
import { useDrawer, useVersionMenu, useShortcuts } from "./panels.ts";
import { progressTimer } from "./progress.ts";
import { createRouter, type Router } from "./router.ts";
import { onScrollThrottled, sectionInView } from "./scroll-spy.ts";
import { useSearch } from "./search/use-search.ts";
import { isDark, setTheme } from "./theme.ts";

/** Props of Root: what the page was built with, and the manifest (fetched beside hydration). */
export interface RootProps {
  site: SiteData;
  page: PageData;
  manifest: Promise<RouteManifest>;
  /** Receives the router once the page is live (the public API: window.brookDocs). */
  onRouter(router: Router): void;
}

/** Hydrates exactly what the server rendered (UI defaults), then goes live after the first commit. */
export function Root({ site, page: first, manifest, onRouter }: RootProps) {
  const [page, setPage] = useState(first);
  const [live, setLive] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [versionMenuOpen, setVersionMenuOpen] = useState(false);
  const [activeSlug, setActiveSlug] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dark, setDark] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const router = useRef<Router>(null);
  const headers = useRef(page.headers);
  headers.current = page.headers;

  const search = useSearch(site.base, () => manifest.then((m) => site.base + "assets/" + m.search), (href) => void router.current?.push(href));
  useDrawer(sidebarOpen, setSidebarOpen);
  useVersionMenu(versionMenuOpen, setVersionMenuOpen);
  useShortcuts();

  useLayoutEffect(() => {
    const pageView = site.gtmId ? startAnalytics(site.gtmId) : () => undefined;
    const busy = progressTimer(site.navigation.progressDelayMs, (v) => (v == null ? flushSync(() => setProgress(null)) : setProgress(v)));
    const r = createRouter(site, manifest, first, {
      render(next) {
        flushSync(() => {
          setPage(next);
          setSidebarOpen(false);
          setVersionMenuOpen(false);
          setActiveSlug(null);
          setAnnouncement(next.title);
        });
      },
      busy,
      pageView,
    });
    router.current = r;
    onRouter(r);
    setLive(true);
    setDark(isDark());
    pageView();
  }, []);

  // Scroll-spy: the section in view, recomputed after each page change and while scrolling.
  useEffect(() => {
    const update = () => setActiveSlug(sectionInView(headers.current));
    update();
    return onScrollThrottled(site.navigation.scrollSpyThrottleMs, update);
  }, [page]);

  const ui: UiState = useMemo(
    () =>
      live
        ? {
            sidebarOpen,
            onToggleSidebar: () => setSidebarOpen((o) => !o),
            activeSlug,
            progress,
            versionMenuOpen,
            onToggleVersionMenu: () => setVersionMenuOpen((o) => !o),
            dark,
            onToggleTheme: () => {
              setTheme(!dark);
              setDark(!dark);
            },
            search,
            announcement,
          }
        : {},
    [live, sidebarOpen, activeSlug, progress, versionMenuOpen, dark, search, announcement],
  );
  return <App site={site} page={page} ui={ui} />;
}
