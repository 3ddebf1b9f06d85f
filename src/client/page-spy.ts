/**
 * Scroll-spy before React (docs/design.md §5, §8): marks the section in view in the sidebar's and the
 * outline's links straight in the DOM, so a reader who only scrolls gets it without React. React
 * takes over once it is live: `stop` removes these marks first, so hydration finds the server's HTML.
 */
import type { BootData } from "../shared/types.ts";
import { onScrollThrottled, sectionInView } from "./scroll-spy.ts";

const SIDEBAR_LINKS = '.sidebar .toc a[href*="#"]';
const OUTLINE_LINKS = '.outline a[href*="#"]';

/** Starts marking; returns the function that stops it and clears its marks. */
export function startPageSpy(boot: BootData): () => void {
  const { headers, outline } = boot.page;
  const stop = new AbortController();
  const mark = (selector: string, slug: string | null) => {
    for (const a of document.querySelectorAll<HTMLAnchorElement>(selector)) {
      if (slug != null && a.hash === "#" + slug) a.setAttribute("aria-current", "location");
      else a.removeAttribute("aria-current");
    }
  };
  const update = () => {
    mark(SIDEBAR_LINKS, sectionInView(headers));
    if (outline) mark(OUTLINE_LINKS, sectionInView(headers, outline));
  };
  onScrollThrottled(boot.scrollSpyThrottleMs, update, stop.signal)();
  return () => {
    stop.abort();
    mark(SIDEBAR_LINKS, null);
    mark(OUTLINE_LINKS, null);
  };
}
