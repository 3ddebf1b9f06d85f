// What both servers do for every request whatever its path: the Host they answer, the security
// headers on every status, an h2c upgrade answered plainly, and a stalled client let go.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPreview, type PreviewServer } from "../../src/node/preview.ts";
import { isAllowedHost } from "../../src/node/serve/allowed-host.ts";
import { createHostServer } from "../../src/node/static-host/http-server.ts";
import { closeServer, listen } from "../../src/node/static-host/listen.ts";
import { headersFile } from "../../src/node/write/host-files.ts";
import { startDev, type DevFixture } from "./dev-helpers.ts";
import { rawRequest, type RawResponse } from "./http-helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "brook-host-server-"));
const site: Record<string, string> = {
  "docs/v2/index.html": "<!doctype html><title>home</title>",
  "docs/v2/guide/index.html": "<!doctype html><title>guide</title>",
  "docs/v2/404.html": "<!doctype html><title>not found</title>",
  _headers: headersFile("/docs/v2/", ""),
};
for (const [path, text] of Object.entries(site)) {
  mkdirSync(join(tmp, path, ".."), { recursive: true });
  writeFileSync(join(tmp, path), text);
}

// Short enough for a test to see, long enough for a loaded machine to send a request in time.
const timeouts = { headersMs: 300, requestMs: 2_000, keepAliveMs: 500, idleMs: 1_000 };
let preview: PreviewServer;
let dev: DevFixture;
beforeAll(async () => {
  preview = await startPreview({ root: tmp, port: 0, timeouts });
  dev = await startDev("serve-site", { watch: false, timeouts });
});
afterAll(async () => {
  await preview?.close();
  await dev?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const servers = () => [
  { name: "preview", url: preview.url },
  { name: "serve", url: dev.server.url },
];

/** Says which promised header a response lacks. */
function missingSecurityHeaders(r: RawResponse): string[] {
  return [
    "content-security-policy",
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "permissions-policy",
    "cross-origin-opener-policy",
  ].filter((name) => !r.headers[name]);
}

describe("the Host a server answers", () => {
  it("answers loopback names on loopback, the listen address, and any name elsewhere", () => {
    expect(isAllowedHost("127.0.0.1:4000", "127.0.0.1")).toBe(true);
    expect(isAllowedHost("localhost:4000", "127.0.0.1")).toBe(true);
    expect(isAllowedHost("[::1]:4000", "::1")).toBe(true);
    expect(isAllowedHost("127.0.0.2:4000", "127.0.0.2")).toBe(true);
    expect(isAllowedHost("evil.example:4000", "127.0.0.1")).toBe(false);
    expect(isAllowedHost("127.evil.example", "127.0.0.1")).toBe(false);
    expect(isAllowedHost(undefined, "127.0.0.1")).toBe(false);
    expect(isAllowedHost("docs.lan:4000", "0.0.0.0")).toBe(true);
  });

  it("refuses a page under another name (DNS rebinding) with 403 over plain HTTP", async () => {
    const port = new URL(dev.server.url).port;
    const rebound = await rawRequest(dev.server.url, "/docs/v2/guide/", {
      headers: { host: `evil.example:${port}` },
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body.toString()).not.toContain("<html");
    expect(missingSecurityHeaders(rebound)).toEqual([]);
    const devClient = await rawRequest(dev.server.url, "/__brook/dev.js", {
      headers: { host: `evil.example:${port}` },
    });
    expect(devClient.status).toBe(403);
    const own = await rawRequest(dev.server.url, "/docs/v2/guide/", {
      headers: { host: `localhost:${port}` },
    });
    expect(own.status).toBe(200);
  });
});

describe("security headers on every status", () => {
  it("sends them on 200, 301, 304, 400, 404 and 405 of both servers, and on the dev client", async () => {
    for (const { name, url } of servers()) {
      const page = await rawRequest(url, "/docs/v2/guide/");
      const cases: [string, string, { method?: string; headers?: Record<string, string> }][] = [
        ["/docs/v2/guide/", "200", {}],
        ["/docs/v2/guide", "301", {}],
        ["/docs/v2/guide/", "304", { headers: { "if-none-match": String(page.headers.etag) } }],
        ["/docs/v2/%2e%2e/x", "400", {}],
        ["/docs/v2/no-such-page/", "404", {}],
        ["/docs/v2/guide/", "405", { method: "POST" }],
      ];
      if (name === "serve") cases.push(["/__brook/dev.js", "200", {}]);
      for (const [path, status, options] of cases) {
        const r = await rawRequest(url, path, options);
        expect(String(r.status), `${name} ${path}`).toBe(status);
        expect(missingSecurityHeaders(r), `${name} ${path} ${status}`).toEqual([]);
      }
    }
  });

  it("never echoes the query in a redirect's body", async () => {
    for (const { name, url } of servers()) {
      const r = await rawRequest(url, "/docs/v2/guide?<script>alert(1)</script>");
      expect(r.status, name).toBe(301);
      expect(r.headers.location, name).toBe("/docs/v2/guide/?<script>alert(1)</script>");
      expect(r.body.toString(), name).toBe("Redirecting to /docs/v2/guide/\n");
      expect(r.headers["content-type"], name).toBe("text/plain; charset=utf-8");
    }
  });
});

/** Sends bytes as they are and collects everything until the server closes the connection. */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let answer = "";
  socket.on("data", (d: Buffer) => (answer += d.toString("latin1")));
  socket.on("error", () => socket.destroy());
  socket.write(bytes);
  return new Promise((resolve) => socket.on("close", () => resolve(answer)));
}

/** The headers of a raw answer, lower-cased names. */
function headersOf(answer: string): RawResponse {
  const [head = ""] = answer.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(":");
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: Buffer.alloc(0) };
}

describe("answers made below the request handler", () => {
  it("sends the security headers on the parser's 400 and 431, a CONNECT's 405, a Host missing", async () => {
    for (const { name, url } of servers()) {
      const cases: [string, number][] = [
        ["NOT A REQUEST\r\n\r\n", 400],
        ["GET /docs/v2/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX\u0001: y\r\n\r\n", 400],
        [`GET /docs/v2/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431],
        ["CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n", 405],
        // HTTP/1.1 without Host (Node answered this one itself, from inside its parser).
        ["GET /docs/v2/ HTTP/1.1\r\nConnection: close\r\n\r\n", 400],
      ];
      for (const [bytes, status] of cases) {
        const r = headersOf(await rawExchange(url, bytes));
        expect(r.status, `${name} ${status}`).toBe(status);
        expect(missingSecurityHeaders(r), `${name} ${status}`).toEqual([]);
      }
    }
  });

  it("sends them when the dev server refuses a WebSocket upgrade", async () => {
    const { host } = new URL(dev.server.url);
    const upgrade = (path: string, origin: string, key = "dGhlIHNhbXBsZSBub25jZQ==") =>
      `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nConnection: Upgrade\r\n` +
      `Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\n\r\n`;
    const cases: [string, number][] = [
      [upgrade("/elsewhere", `http://${host}`), 404],
      [upgrade("/__brook/ws", "http://evil.example"), 403],
      [upgrade("/__brook/ws", `http://${host}`, "not-a-key"), 400],
    ];
    for (const [bytes, status] of cases) {
      const r = headersOf(await rawExchange(dev.server.url, bytes));
      expect(r.status).toBe(status);
      expect(missingSecurityHeaders(r), String(status)).toEqual([]);
    }
  });
});

describe("odd requests and stalled clients", () => {
  it("answers an h2c upgrade as the plain request it is, on both servers", async () => {
    for (const { name, url } of servers()) {
      const r = await rawRequest(url, "/docs/v2/guide/", {
        headers: { connection: "Upgrade, HTTP2-Settings", upgrade: "h2c", "http2-settings": "" },
      });
      expect(r.status, name).toBe(200);
      expect(r.body.toString(), name).toContain("<title>");
      expect(missingSecurityHeaders(r), name).toEqual([]);
      const head = await rawRequest(url, "/docs/v2/guide", {
        method: "HEAD",
        headers: { connection: "Upgrade", upgrade: "h2c" },
      });
      expect(head.status, name).toBe(301);
      expect(head.body.length, name).toBe(0);
    }
  });

  it("closes a connection whose headers never finish, after the headers time-out", async () => {
    for (const { name, url } of servers()) {
      const { hostname, port } = new URL(url);
      const socket = connect(Number(port), hostname);
      socket.on("connect", () =>
        socket.write("GET /docs/v2/guide/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"),
      );
      let answer = "";
      socket.on("data", (d: Buffer) => (answer += d.toString()));
      // The event under test: the server hangs up (a client that never finishes waits forever otherwise).
      await new Promise<void>((resolve) => socket.on("close", () => resolve()));
      expect(answer, name).toMatch(/^HTTP\/1\.1 408 /);
      expect(missingSecurityHeaders(headersOf(answer)), name).toEqual([]);
    }
  });

  it("closes a connection whose client stopped reading the answer", async () => {
    // Larger than what the sockets' buffers take: a reader that stops stalls the answer.
    const body = Buffer.alloc(32 * 1024 * 1024, "x");
    const server = createHostServer((_req, res) => res.end(body), { timeouts });
    // The server's side of the connection: the paused client cannot see it close.
    const closed = new Promise<void>((resolve) =>
      server.once("connection", (s: Socket) => s.once("close", () => resolve())),
    );
    const url = await listen(server, 0, "127.0.0.1");
    const { port } = new URL(url);
    const client = connect(Number(port), "127.0.0.1");
    try {
      client.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      // The answer has begun: from now on this client reads nothing.
      client.once("data", () => client.pause());
      client.on("error", () => client.destroy());
      // The event under test: without an idle time-out the server held this connection for good.
      await closed;
    } finally {
      client.destroy();
      await closeServer(server);
    }
  });

  it("closes an idle keep-alive connection", async () => {
    for (const { name, url } of servers()) {
      const { hostname, port } = new URL(url);
      const socket = connect(Number(port), hostname);
      socket.write("GET /docs/v2/guide/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      let answer = "";
      socket.on("data", (d: Buffer) => (answer += d.toString()));
      await new Promise<void>((resolve) => socket.on("close", () => resolve()));
      expect(answer, name).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer, name).toMatch(/keep-alive/i);
    }
  });
});
