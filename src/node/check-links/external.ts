/**
 * `check-links --external`: asks each external URL's server whether the page is there. HEAD
 * first, GET when the server refuses HEAD; each request has a time-out; few requests at once in
 * all, fewer per host, spaced out, so a check never floods one site.
 */

/** How the network check behaves. */
export interface ExternalOptions {
  /** Per request, HEAD and GET each. @default 10000 */
  timeoutMs?: number;
  /** Requests in flight at once, over all hosts. @default 8 */
  concurrency?: number;
  /** Requests in flight at once to one host. @default 2 */
  perHost?: number;
  /** Least time between two requests starting to the same host. @default 100 */
  hostIntervalMs?: number;
  /** Sent as User-Agent. */
  userAgent?: string;
}

/** What one URL's server said. */
export interface ExternalResult {
  /** False when the link is dead: an error status, no answer in time, no such host, a refused connection. */
  ok: boolean;
  /** The final HTTP status (after redirects), or null when none came. */
  status: number | null;
  /** Why it is not ok, to follow "link to URL": `answered 404`, `got no answer within 10000 ms`, `failed: no such host`. */
  reason?: string;
}

/** Option defaults, also shown by `check-links --help`. */
export const EXTERNAL_DEFAULTS = {
  timeoutMs: 10_000,
  concurrency: 8,
  perHost: 2,
  hostIntervalMs: 100,
} as const;

// Statuses that prove the page is there even though we may not read it: sign-in walls, bot
// blocks and rate limits are not broken links.
const REACHABLE = new Set([401, 403, 429]);

/** Checks each URL once (the #fragment is not sent); resolves to a result per URL as given. */
export async function checkExternalLinks(
  urls: Iterable<string>,
  options: ExternalOptions = {},
): Promise<Map<string, ExternalResult>> {
  const o = { ...EXTERNAL_DEFAULTS, userAgent: "brook-docs check-links", ...options };
  const byFetchUrl = new Map<string, string[]>();
  for (const url of urls) {
    const key = url.split("#")[0]!;
    byFetchUrl.set(key, [...(byFetchUrl.get(key) ?? []), url]);
  }
  const fetched = await schedule([...byFetchUrl.keys()], o, (url) => checkOne(url, o));
  const out = new Map<string, ExternalResult>();
  for (const [key, originals] of byFetchUrl)
    for (const url of originals) out.set(url, fetched.get(key)!);
  return out;
}

/** Runs `task` on every URL within the global and per-host limits. */
function schedule<T>(
  urls: string[],
  o: Required<Omit<ExternalOptions, "userAgent">>,
  task: (url: string) => Promise<T>,
): Promise<Map<string, T>> {
  const results = new Map<string, T>();
  const hosts = new Map<string, { queue: string[]; active: number; nextStart: number }>();
  for (const url of urls) {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      host = url;
    }
    const h = hosts.get(host) ?? { queue: [], active: 0, nextStart: 0 };
    h.queue.push(url);
    hosts.set(host, h);
  }
  let active = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise((resolve) => {
    if (urls.length === 0) return resolve(results);
    const pump = () => {
      while (active < o.concurrency) {
        const now = Date.now();
        let pick: [string, { queue: string[]; active: number; nextStart: number }] | undefined;
        let wait = Infinity;
        for (const entry of hosts) {
          const h = entry[1];
          if (!h.queue.length || h.active >= o.perHost) continue;
          if (h.nextStart > now) wait = Math.min(wait, h.nextStart - now);
          else {
            pick = entry;
            break;
          }
        }
        if (!pick) {
          // Nothing may start yet: come back when a host's spacing has passed (or a request ends).
          if (wait < Infinity && !timer)
            timer = setTimeout(() => ((timer = undefined), pump()), wait);
          return;
        }
        const h = pick[1];
        const url = h.queue.shift()!;
        h.active++;
        h.nextStart = now + o.hostIntervalMs;
        active++;
        void task(url).then((r) => {
          results.set(url, r);
          h.active--;
          active--;
          if (results.size === urls.length) resolve(results);
          else pump();
        });
      }
    };
    pump();
  });
}

async function checkOne(
  url: string,
  o: { timeoutMs: number; userAgent: string },
): Promise<ExternalResult> {
  const head = await request(url, "HEAD", o);
  // Many servers answer HEAD wrongly (405, 403, 404) while GET works; a time-out will not get better.
  if (head.ok || head.timedOut) return head.result;
  return (await request(url, "GET", o)).result;
}

async function request(
  url: string,
  method: "HEAD" | "GET",
  o: { timeoutMs: number; userAgent: string },
): Promise<{ ok: boolean; timedOut: boolean; result: ExternalResult }> {
  try {
    const res = await fetch(url, {
      method,
      redirect: "follow",
      signal: AbortSignal.timeout(o.timeoutMs),
      headers: { "user-agent": o.userAgent, accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    // The status is all we need: do not download the page.
    await res.body?.cancel().catch(() => undefined);
    const ok = res.ok || REACHABLE.has(res.status);
    return {
      ok,
      timedOut: false,
      result: ok
        ? { ok, status: res.status }
        : { ok, status: res.status, reason: `answered ${res.status}` },
    };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const timedOut = err.name === "TimeoutError" || err.name === "AbortError";
    return {
      ok: false,
      timedOut,
      result: {
        ok: false,
        status: null,
        reason: timedOut
          ? `got no answer within ${o.timeoutMs} ms`
          : `failed: ${networkReason(err)}`,
      },
    };
  }
}

function networkReason(err: Error & { cause?: { code?: string; message?: string } }): string {
  const code = err.cause?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "no such host";
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection reset";
  if (code && /CERT|TLS|SSL/.test(code)) return `TLS error (${code})`;
  return err.cause?.message ?? err.message;
}
