/**
 * The HTTP server both `preview` and `serve` run: the time-outs a good static host sets, so a
 * stalled client is let go in seconds (Node's defaults hold one for a minute and more), and an
 * `Upgrade` other than the live-reload WebSocket (`h2c`) answered as the plain request it is.
 */
import {
  createServer,
  ServerResponse,
  type IncomingMessage,
  type RequestListener,
  type Server,
} from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { answerOnSocket, clientErrorStatus } from "./socket-answer.ts";

/** How long a client may take. */
export interface HostTimeouts {
  /** From the connection (or the last request) to the end of the request's headers. @default 10000 */
  headersMs: number;
  /** For the whole request, body included. @default 30000 */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. @default 5000 */
  keepAliveMs: number;
  /**
   * A connection on which nothing moves either way for this long is closed: a client that stops
   * reading an answer held it open for good (nginx's send_timeout is 60 s). @default 30000
   */
  idleMs: number;
}

/** The time-outs of both servers (nginx's are 60 s; a docs site's requests take milliseconds). */
export const HOST_TIMEOUTS: HostTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  idleMs: 30_000,
};

/** Answers a WebSocket upgrade (the dev server's live reload). */
export type WebSocketUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Options of `createHostServer`. */
export interface HostServerOptions {
  /** Shorter time-outs (tests). @default HOST_TIMEOUTS */
  timeouts?: Partial<HostTimeouts>;
  /** Where `Upgrade: websocket` requests go; without it every request is answered plainly. */
  webSocket?: WebSocketUpgrade;
}

/** Creates the server with the host's time-outs; `handle` answers every plain request. */
export function createHostServer(handle: RequestListener, options: HostServerOptions = {}): Server {
  const t = { ...HOST_TIMEOUTS, ...options.timeouts };
  const server = createServer(
    {
      headersTimeout: t.headersMs,
      requestTimeout: Math.max(t.requestMs, t.headersMs),
      // Node checks the two time-outs above on this timer (30 s by default).
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, t.headersMs / 4)),
      // Node's own 400 for a missing Host goes out bare: the handler answers it with our headers.
      requireHostHeader: false,
    },
    handle,
  );
  server.keepAliveTimeout = t.keepAliveMs;
  // Without a "timeout" listener Node destroys the socket; the live-reload WebSocket clears it.
  server.timeout = t.idleMs;
  // Node's own 400/408/431 would go out without the security headers every other answer has.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A response already under way on this socket: anything written now would corrupt it.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent)
      return void socket.destroy();
    socket.on("error", () => socket.destroy());
    answerOnSocket(socket, clientErrorStatus(error));
  });
  // Without a listener Node drops a CONNECT without a word: it is a method we do not serve.
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    answerOnSocket(socket, 405, { Allow: "GET, HEAD" });
  });
  const webSocket = options.webSocket;
  if (webSocket)
    // Node hands every `Connection: Upgrade` request to this listener once one exists.
    server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (req.headers.upgrade?.toLowerCase() === "websocket") webSocket(req, socket, head);
      else answerPlainly(handle, req, socket as Socket, head);
    });
  return server;
}

/** Answers an upgrade request the server does not speak as an ordinary request, then closes. */
function answerPlainly(
  handle: RequestListener,
  req: IncomingMessage,
  socket: Socket,
  head: Buffer,
) {
  socket.on("error", () => socket.destroy());
  if (head.length) socket.unshift(head);
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket);
  res.on("finish", () => {
    res.detachSocket(socket);
    socket.end();
  });
  handle(req, res);
}
