/**
 * The address of the page shown, as the page script keeps it (docs/design.md §3): a page's URL ends in
 * `/`, also when a host served `limits/index.html` (or `limits.html`) as asked. The router does
 * the same once React is live; this module is the page script's own (imported from React's side
 * too, it would become a chunk of its own, one more request on every first load).
 */

/** A page's path in its slash form: `/docs/v2/limits/index.html` and `/docs/v2/limits.html` → `/docs/v2/limits/`. */
export const slashPath = (path: string): string => path.replace(/(\/index)?\.html$/, "/");

/** Shows the address in its slash form at once, with its query and #hash, in the same history entry. */
export function showSlashAddress(): void {
  const path = slashPath(location.pathname);
  if (path !== location.pathname)
    history.replaceState(history.state, "", path + location.search + location.hash);
}
