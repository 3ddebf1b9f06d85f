/**
 * The page's module script, all a reader who only reads and scrolls downloads (docs/design.md §9):
 * scroll-spy, code groups' tabs and copy buttons, the first page view when analytics is on, and
 * the input held until React is live. React, the router and the parts (main.tsx) load on intent.
 */
import type { BootData } from "../shared/types.ts";
import { showSlashAddress } from "./address.ts";
import type { Analytics } from "./analytics.ts";
import { click as codeClick, tabs as startCodeGroups } from "./code.ts";
import { holdEarlyInput } from "./early-input.ts";
import { appElement, bootElement } from "./page-roots.ts";
import { startPageSpy } from "./page-spy.ts";
import { onScrollThrottled, sectionInView } from "./scroll-spy.ts";
import type { DocsApi } from "./root.tsx";

/** The file name of React's side (main.tsx), given by the build (src/node/render/assets.ts). */
declare const BROOK_LIVE_ENTRY: string;

declare global {
  interface Window {
    /**
     * The client's public API: `wake()` loads React now (it otherwise waits for intent); once
     * live, `router.beforeEach(guard)` and `router.push(url)`.
     */
    brookDocs?: Partial<DocsApi> & { wake(): Promise<DocsApi> };
  }
}

// Copy buttons of code blocks, "Copy page" and code groups' tabs: one delegated handler. Their
// code is part of this script (about 1 KB): a chunk of its own was one more request on every
// page with code groups, which need it at once for the reader's tab.
document.addEventListener("click", (e) => {
  const button =
    e.target instanceof Element &&
    e.target.closest<HTMLButtonElement>(".code-block .copy,.copy-page,.code-group [role=tab]");
  if (button) codeClick(button);
});

/** The code that follows moved sections (moved-section.ts): loaded only when a #hash misses. */
const movedSections = () => import("./moved-section.ts");

/** The element a `#hash` names, if the page has one (an undecodable hash names none). */
function targetOf(hash: string): Element | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

const bootEl = bootElement();
if (bootEl && appElement()) {
  const boot = JSON.parse(bootEl.textContent!) as BootData;
  // The base is where the route manifest is (its name is fixed).
  const base = boot.manifestFile.slice(0, boot.manifestFile.lastIndexOf("/") + 1);
  // Before anything reads the address (the first page view); the not-found page keeps the one asked for.
  if (boot.page.layout !== "not-found") {
    showSlashAddress();
    // A #hash the page has no element for: perhaps a section that moved to another page.
    if (location.hash && !targetOf(location.hash))
      void movedSections().then((m) =>
        m.followMovedSection(boot.manifestFile, base, boot.page.route),
      );
  }
  // The reader's tab in every code group, before any intent (the page may be read only).
  const codeTabs = () => startCodeGroups();
  if (document.querySelector(".code-group")) codeTabs();
  const stopSpy = startPageSpy(boot);
  // The toggle says which theme is on (the saved one early.ts applied, else the system's), as React will.
  const html = document.documentElement;
  if (
    html.dataset.theme === "dark" ||
    (!html.dataset.theme && matchMedia("(prefers-color-scheme: dark)").matches)
  )
    document.querySelector(".theme-toggle")?.setAttribute("aria-pressed", "true");
  // The first page view does not wait for React (docs/design.md §5); the tag manager only when configured.
  const analytics: Promise<Analytics> | null = boot.gtmId
    ? import("./analytics.ts").then((m) => {
        const a = m.startAnalytics(boot.gtmId);
        a.pageView({
          page_path: location.pathname,
          page_title: document.title,
          page_location: location.href,
        });
        return a;
      })
    : null;
  let loading: Promise<DocsApi> | undefined;
  const wake = () =>
    (loading ??= (import(BROOK_LIVE_ENTRY) as Promise<typeof import("./main.tsx")>)
      .then((m) =>
        m.start(boot, {
          analytics,
          // Named, not `import * as`: a namespace object needs esbuild's helpers, a chunk of their own.
          scrollSpy: { onScrollThrottled, sectionInView },
          codeTabs,
          movedSections,
          beforeHydrate: stopSpy,
        }),
      )
      .then(
        (api) => {
          Object.assign(window.brookDocs!, api);
          input.live({
            push: (href) => api.router.push(href),
            prefetch: (href) => api.router.prefetch(href),
          });
          return api;
        },
        (e: unknown) => {
          input.failed();
          throw e;
        },
      ));
  window.brookDocs = { wake };
  const input = holdEarlyInput(base, boot.assetsUrl, () => void wake().catch(() => undefined));
  // The not-found page's suggestions are worked out in the browser, by its live part.
  if (boot.page.layout === "not-found") void wake();
}
