/**
 * The answers written straight onto a socket, where no ServerResponse exists: a request Node's
 * parser refused (400, 408, 413, 431), a CONNECT, a WebSocket upgrade the dev server refuses.
 * They carry the security headers every other answer carries, so no status of ours goes out bare.
 */
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { SECURITY_HEADERS } from "../../shared/csp.ts";

/**
 * The headers of these answers. Fixed rather than the site's `_headers`: the answer has no path
 * to match and its body is one line of text, so its policy allows nothing at all.
 */
const SOCKET_ANSWER_HEADERS: readonly (readonly [string, string])[] = [
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ...SECURITY_HEADERS,
  ["Cache-Control", "no-cache"],
];

/** Writes a complete plain-text answer with `status` and closes the connection. */
export function answerOnSocket(
  socket: Duplex,
  status: number,
  extra: Record<string, string> = {},
): void {
  const reason = STATUS_CODES[status] ?? "Error";
  const body = `${reason}\n`;
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    ...SOCKET_ANSWER_HEADERS.map(([name, value]) => `${name}: ${value}`),
    ...Object.entries(extra).map(([name, value]) => `${name}: ${value}`),
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
  ];
  socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
}

/** The status Node itself would answer a parser error with (its `clientError` default). */
export function clientErrorStatus(error: NodeJS.ErrnoException): number {
  if (error.code === "HPE_HEADER_OVERFLOW") return 431;
  if (error.code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return 413;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  return 400;
}
