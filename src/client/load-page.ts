/** Page data files: fetched once, kept, shared by prefetch and navigation (spec §7: time-out from config). */
import type { PageData } from "../shared/types.ts";

/** Why a page data file could not be used: HTTP or network error, or no answer in time. */
export type LoadFailure = "missing" | "timeout";

/** Makes `load(url)`: one fetch per file; a failed load is forgotten so the next try fetches again. */
export function pageLoader(timeoutMs: number): (url: string) => Promise<PageData> {
  const cache = new Map<string, Promise<PageData>>();
  return (url) => {
    let p = cache.get(url);
    if (!p) {
      const ctrl = new AbortController();
      const timer = setTimeout(() => ctrl.abort(), timeoutMs);
      p = fetch(url, { signal: ctrl.signal })
        .then((r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          return r.json() as Promise<PageData>;
        })
        .catch((): never => {
          cache.delete(url);
          throw (ctrl.signal.aborted ? "timeout" : "missing") satisfies LoadFailure;
        })
        .finally(() => clearTimeout(timer));
      cache.set(url, p);
    }
    return p;
  };
}
