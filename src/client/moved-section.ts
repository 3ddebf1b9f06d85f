/**
 * A link made before a section moved to a page of its own (frontmatter `moved_from`, docs/design.md
 * §3). A chunk loaded only when a `#hash` names no element of the page: by the page script on a
 * first load (it goes where the route manifest says the section went, with the same hash, in the
 * same history entry), and by the router when the manifest lists moved sections of the page a
 * navigation goes to (navigate.ts, handed the loader by the page script: a module both imported
 * would be a chunk of its own, one more request on every first load).
 */
import { movedTo } from "../shared/moved-anchors.ts";
import type { RouteManifest } from "../shared/types.ts";

export { movedTo };

/** Goes to the page the missing `#hash` of the page `route` moved to, if it moved; else does nothing. */
export function followMovedSection(manifestFile: string, base: string, route: string): void {
  const hash = location.hash.slice(1);
  let id: string;
  try {
    id = decodeURIComponent(hash);
  } catch {
    return;
  }
  void fetch(manifestFile)
    .then((r) => (r.ok ? (r.json() as Promise<RouteManifest>) : null))
    .then((m) => {
      const to = movedTo(m?.moved?.[route], id);
      // The reader may have gone to another section meanwhile: then they stay.
      if (to && location.hash.slice(1) === hash)
        location.replace(base.replace(/\/$/, "") + to.route + (to.keepHash ? location.hash : ""));
    })
    .catch(() => undefined);
}
