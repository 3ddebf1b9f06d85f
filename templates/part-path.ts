/**
 * `routeToPath` of src/shared/url.ts, repeated for the deferred parts (templates/parts.ts): a
 * module that both the page bundle and the parts' chunk import becomes a chunk of its own, one
 * more request on every first load (src/client/router.ts hands url.ts to its chunk for the same reason).
 */
export function partPath(base: string, route: string): string {
  return base.replace(/\/$/, "") + route;
}
