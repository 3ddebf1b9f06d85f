/**
 * The dev server's WebSocket (Eleventy `sendError`, with an overlay): tells open pages what a
 * build changed and shows build errors. Every good build has a version; a page knows the version
 * it shows and, on every connection, hears the server's current one, so a message missed while
 * the page was (re)loading can never leave it behind (issue 11). Same-origin connections only.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { LiveMessage } from "../../shared/live-message.ts";
import { isAllowedHost } from "./allowed-host.ts";
import { answerOnSocket } from "../static-host/socket-answer.ts";

/** Where the dev client connects. */
export const LIVE_RELOAD_PATH = "/__brook/ws";

/**
 * Most bytes a page may leave unread before it is let go: a page that stops reading would
 * otherwise have the server hold every message since (each failed build's text). Nothing is lost:
 * the page reconnects and hears the current version and error.
 */
export const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

export type { LiveMessage };

/**
 * Whether an upgrade request comes from a page of this server: its Origin must be this server's
 * own origin (`http://` + Host), and the Host one the server answers (`isAllowedHost`), so a page
 * on another site cannot reach it through DNS rebinding.
 */
export function isSameOrigin(req: IncomingMessage, listenHost: string): boolean {
  const origin = req.headers.origin;
  const host = req.headers.host;
  if (!origin || !host) return false;
  if (origin !== `http://${host}` && origin !== `https://${host}`) return false;
  return isAllowedHost(host, listenHost);
}

/** The live-reload channel of one HTTP server. */
export class LiveReload {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  private lastError: string | undefined;
  /** The version of the last good build (what the served pages show). */
  version = 0;
  /** When that build went out (epoch ms): a page that started loading before it may show an older one. */
  publishedAt?: number;

  /** `listenHost`: the address the server listens on (it decides which Host is answered). */
  constructor(private readonly listenHost: string) {
    // A handshake ws refuses (no key, a bad version): answered with our headers, not its bare HTML.
    this.wss.on("wsClientError", (_error: Error, socket: Duplex) => answerOnSocket(socket, 400));
    this.wss.on("connection", (ws: WebSocket) => {
      // Clients only listen; anything they send is ignored.
      ws.on("error", () => ws.terminate());
      this.send(ws, {
        type: "hello",
        version: this.version,
        ...(this.publishedAt !== undefined && { publishedAt: this.publishedAt }),
        ...(this.lastError ? { error: this.lastError } : {}),
      });
    });
  }

  /** Answers the server's `Upgrade: websocket` requests. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => socket.destroy());
    const path = (req.url ?? "").split("?")[0];
    if (path !== LIVE_RELOAD_PATH) return answerOnSocket(socket, 404);
    if (!isSameOrigin(req, this.listenHost)) return answerOnSocket(socket, 403);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit("connection", ws, req));
  }

  /** Whether the last build failed (pages show the overlay). */
  get failing(): boolean {
    return this.lastError !== undefined;
  }

  /** How many pages are connected. */
  get clients(): number {
    return this.wss.clients.size;
  }

  /** A good build went out as `version`: tells pages what changed. */
  update(
    version: number,
    change: {
      routes: string[];
      all: boolean;
      siteFile: string;
      reload: boolean;
      dataFiles: Record<string, string>;
    },
  ): void {
    this.version = version;
    this.lastError = undefined;
    this.broadcast({ type: "update", version, ...change });
  }

  /** Shows a build error on every page (and on pages that connect until the next good build). */
  error(text: string): void {
    this.lastError = text;
    this.broadcast({ type: "error", version: this.version, text });
  }

  /** Clears the error overlay (a good build that changed nothing a page shows). */
  ok(version: number): void {
    this.version = version;
    this.lastError = undefined;
    this.broadcast({ type: "ok", version });
  }

  /** Closes every connection. */
  close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }

  private broadcast(message: LiveMessage): void {
    const text = JSON.stringify(message);
    for (const ws of this.wss.clients) {
      if (ws.readyState !== ws.OPEN) continue;
      if (ws.bufferedAmount > MAX_UNREAD_BYTES) ws.terminate();
      else ws.send(text);
    }
  }

  private send(ws: WebSocket, message: LiveMessage): void {
    ws.send(JSON.stringify(message));
  }
}
