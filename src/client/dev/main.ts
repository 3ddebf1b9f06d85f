/**
 * The live-reload client, injected by `brook-docs serve` only (a `<script src>`: the site's CSP
 * admits no inline script). The page knows the build version it shows (`?v=` of its own URL);
 * every message carries the server's. A body edit updates the open page in place through the
 * reader's client (scroll and focus kept); a site-wide change reloads, keeping the scroll
 * position. Build errors show in an overlay until the next good build.
 */
import type { LiveMessage } from "../../shared/live-message.ts";
import type { PageData, RouteManifest } from "../../shared/types.ts";
import { bootElement } from "../page-roots.ts";
import { hideOverlay, showOverlay } from "./overlay.ts";
import { assetUrl, manifestUrl } from "../../shared/output-layout.ts";

const SCROLL_KEY = "brook-dev:scroll";
/** A saved position older than this belongs to another visit, not to this reload. */
const SCROLL_MAX_AGE_MS = 30_000;

/**
 * The version of the build this page shows: named by the page when the server made it (`?v=`),
 * else learnt from the first hello (see onMessage).
 */
const named = new URL(import.meta.url).searchParams.get("v");
let shown: number | undefined = named === null ? undefined : Number(named);
/** Updates apply one at a time, in the order they came. */
let queue: Promise<void> = Promise.resolve();

interface SavedScroll {
  path: string;
  x: number;
  y: number;
  at: number;
}

function reload(): void {
  const saved: SavedScroll = { path: location.pathname, x: scrollX, y: scrollY, at: Date.now() };
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(saved));
  } catch {
    // Storage may be disabled: the reload then starts at the top.
  }
  location.reload();
}

function restoreScroll(): void {
  let saved: SavedScroll | undefined;
  try {
    const raw = sessionStorage.getItem(SCROLL_KEY);
    sessionStorage.removeItem(SCROLL_KEY);
    saved = raw ? (JSON.parse(raw) as SavedScroll) : undefined;
  } catch {
    return;
  }
  if (!saved || saved.path !== location.pathname || Date.now() - saved.at > SCROLL_MAX_AGE_MS)
    return;
  const { x, y } = saved;
  // The app may scroll on hydration; put the position back after it, a few times until it sticks.
  let tries = 0;
  const apply = () => {
    scrollTo(x, y);
    if (Math.abs(scrollY - y) > 1 && ++tries < 20) setTimeout(apply, 50);
  };
  if (document.readyState === "complete") requestAnimationFrame(apply);
  else addEventListener("load", () => requestAnimationFrame(apply), { once: true });
}

/** The reader's client of this page, made live now (it otherwise waits for the reader's intent); undefined when it cannot be. */
function reader() {
  return window.brookDocs?.wake().catch(() => undefined);
}

/** What the page was built with (the boot data the build embeds): the base and its site data file. */
const boot = (() => {
  try {
    const data = JSON.parse(bootElement()?.textContent ?? "null") as {
      siteFile: string;
      manifestFile: string;
    } | null;
    return (
      data && {
        siteFile: data.siteFile,
        base: data.manifestFile.slice(0, data.manifestFile.lastIndexOf("/") + 1),
      }
    );
  } catch {
    return null;
  }
})();

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url, { cache: "no-store" });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Shows the page's new data through the reader's own rendering (the `docs:refresh` event of
 * src/client/router.ts), keeping the scroll position and the focus; false when it cannot (the
 * page's site data changed too: a reload shows that).
 */
async function updateInPlace(
  siteFile: string,
  dataFiles: Record<string, string>,
): Promise<boolean> {
  if (!boot || (siteFile && siteFile !== boot.siteFile) || !(await reader())) return false;
  // The reader's client shows every page at its slash form: /docs/v2/guide/ is the route /guide/.
  const route = "/" + decodeURI(location.pathname).slice(boot.base.length);
  const file = dataFiles[route] ?? (await json<RouteManifest>(manifestUrl(boot.base))).pages[route];
  if (!file) return false;
  const page = await json<PageData>(assetUrl(boot.base, file));
  const focus = focusedInArticle();
  const scroll = scrollY;
  dispatchEvent(new CustomEvent("docs:refresh", { detail: page }));
  scrollTo(scrollX, scroll);
  focus?.();
  return true;
}

/**
 * The element that has focus inside the article, found again after the article is rendered anew
 * (its HTML is replaced): by its position among the article's focusable elements.
 */
function focusedInArticle(): (() => void) | undefined {
  const content = document.querySelector("main .content");
  const active = document.activeElement;
  if (!content || !active || !content.contains(active)) return undefined;
  const selector = "a[href], button, input, select, textarea, summary, [tabindex]";
  const index = [...content.querySelectorAll(selector)].indexOf(active);
  return () =>
    document
      .querySelector("main .content")
      ?.querySelectorAll<HTMLElement>(selector)
      [index]?.focus({ preventScroll: true });
}

function onMessage(message: LiveMessage): void {
  if (message.type === "error") return showOverlay(message.text);
  if (message.type === "hello" || message.type === "ok") {
    // A page as the build made it shows the build that was out when it started loading, or a newer
    // one: one that started before the current build went out may show an older build.
    if (shown === undefined && message.type === "hello") {
      if ((message.publishedAt ?? 0) > performance.timeOrigin) return reload();
      shown = message.version;
    }
    // A page that loaded before a build it never heard of (it was reloading): it is behind.
    if (message.version !== shown) return reload();
    if (message.type === "hello" && message.error) showOverlay(message.error);
    else hideOverlay();
    return;
  }
  hideOverlay();
  queue = queue.then(async () => {
    const notFound = document.querySelector("article.not-found") !== null;
    const mine =
      !window.brookDocs ||
      message.all ||
      notFound ||
      message.routes.some((p) => samePath(p, location.pathname));
    if (
      mine &&
      (message.reload ||
        !(await updateInPlace(message.siteFile, message.dataFiles ?? {}).catch(() => false)))
    )
      return reload();
    shown = message.version;
  });
}

function samePath(a: string, b: string): boolean {
  const norm = (p: string) => {
    try {
      p = decodeURI(p);
    } catch {
      // keep as is
    }
    return p.replace(/index\.html$/, "").replace(/\/?$/, "/");
  };
  return norm(a) === norm(b);
}

let retry = 500;

function connect(): void {
  const socket = new WebSocket(
    `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/__brook/ws`,
  );
  socket.addEventListener("open", () => {
    retry = 500;
  });
  socket.addEventListener("message", (event) => {
    try {
      onMessage(JSON.parse(String(event.data)) as LiveMessage);
    } catch {
      // A message this client does not understand is ignored.
    }
  });
  socket.addEventListener("close", () => {
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5_000);
  });
}

restoreScroll();
connect();
