/**
 * Which `Host` the dev server answers. A page of another site whose name was made to resolve to
 * 127.0.0.1 (DNS rebinding) sends its own name as Host: refusing it keeps drafts and the
 * live-reload socket out of that page's reach.
 */

const LOOPBACK_NAMES = new Set(["localhost", "::1", "[::1]"]);
// An address, not a name: `127.evil.example` is a name anyone may register.
const LOOPBACK_V4_RE = /^127(?:\.\d{1,3}){3}$/;

/** Whether the server listens on this machine only (then it answers loopback names only). */
export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || LOOPBACK_V4_RE.test(host);
}

/** The name of a `Host` header without its port: `localhost:4000` → `localhost`, `[::1]:4000` → `[::1]`. */
export function hostName(header: string): string {
  const name = header.startsWith("[")
    ? header.slice(0, header.indexOf("]") + 1)
    : header.split(":")[0]!;
  return name.toLowerCase();
}

/**
 * Whether a request's `Host` may be answered by a server listening on `listenHost`: on loopback,
 * a loopback name or the address it listens on; elsewhere the user chose to be reached by any name.
 */
export function isAllowedHost(header: string | undefined, listenHost: string): boolean {
  if (!header) return false;
  if (!isLoopback(listenHost)) return true;
  const name = hostName(header);
  return isLoopback(name) || name === listenHost.toLowerCase();
}
