/** Scroll-spy: which section is in view, reported at most once per throttle and always after scrolling stops. */
import type { Header } from "../shared/types.ts";

/** A heading is current once its top has passed this far below the top of the viewport (under the sticky header). */
const LINE_PX = 100;

/**
 * The slug of the section in view among headings of levels `from`-`to` (the sidebar: `##`; the
 * outline: its levels): the last heading above the line, or the last one when the page ends.
 */
export function sectionInView(
  headers: Header[],
  [from, to]: [number, number] = [2, 2],
): string | null {
  let current: string | null = null;
  const atEnd = innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
  for (const h of headers) {
    const top =
      h.level >= from && h.level <= to
        ? document.getElementById(h.slug)?.getBoundingClientRect().top
        : undefined;
    if (top == null) continue;
    if (top <= LINE_PX || (atEnd && top < innerHeight)) current = h.slug;
    else if (!atEnd) break;
  }
  return current;
}

/**
 * Calls `update` on scroll: at once when it has been quiet for `ms`, else at the end of the
 * current period, so it runs at most once per `ms` and once more after the last scroll event.
 * Returns the same trigger, for changes that are not scrolls (a new page); `signal` stops it.
 */
export function onScrollThrottled(
  ms: number,
  update: () => void,
  signal?: AbortSignal,
): () => void {
  let last = -ms;
  let timer = 0;
  const run = () => {
    timer = 0;
    last = performance.now();
    update();
  };
  const trigger = () => {
    if (!timer) timer = setTimeout(run, Math.max(0, last + ms - performance.now()));
  };
  addEventListener("scroll", trigger, { passive: true, signal });
  return trigger;
}
