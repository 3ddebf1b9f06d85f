/** Starts an HTTP server on a host and port, with a clear error when the port is taken. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BrookError } from "../core/errors.ts";

/** Listens; resolves to the server's base URL (`http://127.0.0.1:4173`), port 0 picks a free port. */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (e.code === "EADDRINUSE") {
        reject(
          new BrookError(
            `port ${port} on ${host} is already in use`,
            `stop the other server, or pick another port: --port ${port + 1}`,
            { cause: e },
          ),
        );
      } else if (e.code === "EACCES") {
        reject(
          new BrookError(`no permission to listen on ${host}:${port}`, "use a port above 1023", {
            cause: e,
          }),
        );
      } else if (e.code === "EADDRNOTAVAIL" || e.code === "ENOTFOUND") {
        reject(
          new BrookError(
            `cannot listen on host ${host}: no such local address`,
            "use --host 127.0.0.1 (the default) or an address of this machine",
            { cause: e },
          ),
        );
      } else reject(e);
    };
    const onListening = () => {
      server.off("error", onError);
      const address = server.address() as AddressInfo;
      const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve(`http://${shown}:${address.port}`);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

/** Closes a server and every connection it still holds (keep-alive sockets would keep it open). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
