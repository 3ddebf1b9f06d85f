/**
 * The live-reload client, injected by `brook-docs serve` only (a `<script src>`: the site's CSP
 * admits no inline script). Reloads the page when the build changed it, keeping the scroll
 * position, and shows build errors in an overlay until the next good build.
 */
import { hideOverlay, showOverlay } from "./overlay.ts";

/** What the server sends (src/serve/live-reload.ts). */
type LiveMessage =
  | { type: "hello"; error?: string }
  | { type: "reload"; all: boolean; paths: string[] }
  | { type: "error"; text: string }
  | { type: "ok" };

const SCROLL_KEY = "brook-dev:scroll";
/** A saved position older than this belongs to another visit, not to this reload. */
const SCROLL_MAX_AGE_MS = 30_000;

interface SavedScroll {
  path: string;
  x: number;
  y: number;
  at: number;
}

function saveScroll(): void {
  const saved: SavedScroll = { path: location.pathname, x: scrollX, y: scrollY, at: Date.now() };
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(saved));
  } catch {
    // Storage may be disabled: the reload then starts at the top.
  }
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
  if (!saved || saved.path !== location.pathname || Date.now() - saved.at > SCROLL_MAX_AGE_MS) return;
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

/** The layout of the page this document was loaded as (the boot data the build embeds). */
function bootLayout(): string | undefined {
  try {
    const boot = JSON.parse(document.getElementById("brook-boot")?.textContent ?? "null") as { page?: { layout?: string } } | null;
    return boot?.page?.layout;
  } catch {
    return undefined;
  }
}

function onMessage(message: LiveMessage): void {
  if (message.type === "hello") {
    if (message.error) showOverlay(message.error);
    else hideOverlay();
  } else if (message.type === "error") showOverlay(message.text);
  else if (message.type === "ok") hideOverlay();
  else if (message.type === "reload") {
    hideOverlay();
    // A page that shows the not-found layout may have just been created: reload it on any change.
    const notFound = bootLayout() === "not-found";
    if (message.all || notFound || message.paths.some((p) => samePath(p, location.pathname))) {
      saveScroll();
      location.reload();
    }
  }
}

let retry = 500;
let connectedBefore = false;

function connect(): void {
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/__brook/ws`);
  socket.addEventListener("open", () => {
    retry = 500;
    // The server went away and came back: it has built again since this page loaded.
    if (connectedBefore) {
      saveScroll();
      location.reload();
    }
    connectedBefore = true;
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
