// The live-reload channel against pages that misbehave: one that stops reading must not make the
// server hold every message it is sent (each failed build's text) for as long as it stays.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { LiveReload, LIVE_RELOAD_PATH } from "../../src/node/serve/live-reload.ts";

let server: Server;
let reload: LiveReload;
let port: number;
beforeAll(async () => {
  reload = new LiveReload("127.0.0.1");
  server = createServer((_req, res) => res.end());
  server.on("upgrade", (req, socket, head) => reload.upgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await reload.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A page that opens the socket, reads the handshake's answer, then reads nothing more. */
async function stalledPage(): Promise<Socket> {
  const socket = connect(port, "127.0.0.1");
  socket.write(
    `GET ${LIVE_RELOAD_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
      "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n" +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
  );
  await new Promise<void>((resolve) => socket.once("data", () => resolve()));
  socket.pause();
  return socket;
}

describe("LiveReload", () => {
  it("lets go of a page that stopped reading once its backlog passes the limit", async () => {
    const page = await stalledPage();
    await expect.poll(() => reload.clients).toBe(1);
    const closed = new Promise<void>((resolve) => page.once("close", () => resolve()));
    page.on("error", () => page.destroy());
    // Each message is a failed build's text; the kernel's buffers take a few, the rest queue.
    const text = "error: ".padEnd(1024 * 1024, "x");
    for (let i = 0; i < 64 && reload.clients > 0; i++) {
      reload.error(text);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reload.clients).toBe(0);
    page.resume();
    await closed;
  });
});
