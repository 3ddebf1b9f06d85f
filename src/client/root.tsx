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

/** What the page script (boot.ts) hands to React's side of the client. */
export interface Handoff {
  /** The tag manager, started by the page script with the first page view (null without a gtmId). */
  analytics: Promise<Analytics> | null;
  /** The page script's scroll-spy module (importing it here would make it a chunk of its own). */
  scrollSpy: typeof import("./scroll-spy.ts");
  /** Gives the code groups of the page shown the reader's tab (the page script's chunk: one copy of its listeners). */
  codeTabs(): void;
  /** Loads the code that follows sections moved to other pages (the page script's chunk). */
  movedSections(): Promise<typeof import("./moved-section.ts")>;
  /** Called just before hydrating: the page script's own scroll-spy stops and clears its marks. */
  beforeHydrate(): void;
}

/** Props of Root: what the page was built with, and the manifest (fetched beside hydration). */
export interface RootProps {
  site: SiteData;
  page: PageData;
  manifest: Promise<RouteManifest>;
  /** The assets folder's URL (boot data). */
  assets: string;
  handoff: Handoff;
  /** Receives the API once the page is live (its controls' handlers committed). */
  onLive(api: DocsApi): void;
}

/** Hydrates exactly what the server rendered (the UI defaults), then goes live after the first commit. */
export function Root({
  site: firstSite,
  page: first,
  manifest,
  assets,
  handoff,
  onLive,
}: RootProps) {
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
  const shown = useRef(page);
  shown.current = page;

  const search = useSearch(site.base, assets, manifest, (href) => void router.current?.push(href));
  useDrawer(sidebarOpen, setSidebarOpen);
  useVersionMenu(versionMenuOpen, setVersionMenuOpen);
  useShortcuts();

  useLayoutEffect(() => {
    // The first page view was the page script's (boot.ts); these are the navigations'.
    const pageView = () => {
      const view = {
        page_path: location.pathname,
        page_title: document.title,
        page_location: location.href,
      };
      void handoff.analytics?.then((a) => a.pageView(view));
    };
    router.current = createRouter(firstSite, manifest, assets, first, {
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
      // The deferred parts' code: loaded before hydrating; a navigation fails when it could not.
      prepare: () => loadParts(handoff.scrollSpy),
      movedSections: handoff.movedSections,
    });
    setLive(true);
    // The saved choice (put on <html> by early.ts), else the system's.
    const saved = document.documentElement.dataset.theme;
    setDark(saved ? saved === "dark" : matchMedia("(prefers-color-scheme: dark)").matches);
    // Scroll-spy: the `##` section in view, at most once per throttle period and after scrolling
    // stops (the page script marked it until now).
    const { onScrollThrottled, sectionInView } = handoff.scrollSpy;
    spy.current = onScrollThrottled(site.navigation.scrollSpyThrottleMs, () =>
      setActiveSlug(sectionInView(shown.current.headers)),
    );
    setActiveSlug(sectionInView(shown.current.headers));
  }, []);
  // Live once the handlers are committed: input held until now is played again (early-input.ts).
  useEffect(() => {
    if (live) onLive({ router: router.current! });
  }, [live]);
  // A new page: settle the spy once the router has scrolled (the update runs on a timer), and
  // give its code groups the reader's tab.
  useEffect(() => {
    spy.current?.();
    if (document.querySelector(".code-group")) handoff.codeTabs();
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
