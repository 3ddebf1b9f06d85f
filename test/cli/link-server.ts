/** A local server standing in for the external sites `check-links --external` asks (no internet in tests). */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { ROOT } from "../helpers/site.ts";

/** The self-signed certificate the HTTPS server uses; a child process trusts it through NODE_EXTRA_CA_CERTS. */
export const TEST_CA = join(ROOT, "test", "fixtures", "tls", "cert.pem");

/** Requests in flight now and at most, counted over several servers. */
export interface InFlight {
  now: number;
  max: number;
}

/** A running link server and what it was asked. */
export interface LinkServer {
  origin: string;
  /** Every request, in order of arrival: `HEAD /ok`. */
  requests: string[];
  /** Most requests in flight at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

/**
 * Paths: `/ok` 200; `/head-405` refuses HEAD, GET works; `/gone` 404; `/forbidden` 403;
 * `/moved` 301 to `/ok`; `/slow` never answers; `/wait/<n>` answers 200 after 50 ms, so requests
 * overlap whenever the client allows it.
 */
export async function startLinkServer(tls = false, overall?: InFlight): Promise<LinkServer> {
  const state = { requests: [] as string[], inFlight: 0, maxInFlight: 0 };
  const held = new Set<ServerResponse>();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    state.requests.push(`${req.method} ${req.url}`);
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    if (overall) overall.max = Math.max(overall.max, ++overall.now);
    res.on("close", () => {
      state.inFlight--;
      if (overall) overall.now--;
    });
    const url = req.url ?? "/";
    if (url === "/ok")
      return res
        .writeHead(200, { "content-type": "text/html" })
        .end(req.method === "GET" ? "<p>ok</p>" : undefined);
    if (url === "/head-405")
      return req.method === "HEAD" ? res.writeHead(405).end() : res.writeHead(200).end("<p>ok</p>");
    if (url === "/forbidden") return res.writeHead(403).end();
    if (url === "/moved") return res.writeHead(301, { location: "/ok" }).end();
    if (url === "/slow") return void held.add(res);
    if (url.startsWith("/wait/")) return void setTimeout(() => res.writeHead(200).end(), 50);
    res.writeHead(404).end();
  };
  const server: Server = tls
    ? createHttpsServer(
        {
          cert: readFileSync(TEST_CA),
          key: readFileSync(join(ROOT, "test", "fixtures", "tls", "key.pem")),
        },
        handler,
      )
    : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    requests: state.requests,
    get maxInFlight() {
      return state.maxInFlight;
    },
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
