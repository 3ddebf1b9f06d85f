/** `brook-docs preview [DIR]`: serves a finished build exactly as a good static host would. */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { BrookError } from "./core/errors.ts";
import { closeServer, listen } from "./static-host/listen.ts";
import { DirFiles } from "./static-host/served-files.ts";
import { createStaticHandler } from "./static-host/static-handler.ts";
import { createHostServer, type HostTimeouts } from "./static-host/http-server.ts";

/** Options of `startPreview`. */
export interface PreviewOptions {
  /** The build folder (the web root: `dist`). */
  root: string;
  /** 0 picks a free port. */
  port: number;
  /** @default "127.0.0.1" */
  host?: string;
  /** Apply the built `_redirects` (301 before the stub pages). @default true */
  hostRedirects?: boolean;
  /** Shorter HTTP time-outs (tests). @default HOST_TIMEOUTS */
  timeouts?: Partial<HostTimeouts>;
}

/** A running preview server. */
export interface PreviewServer {
  /** Base URL without a trailing slash: `http://127.0.0.1:4173`. */
  url: string;
  close(): Promise<void>;
}

/** Starts the preview server; rejects with a BrookError when the folder is missing or the port is taken. */
export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const root = resolve(options.root);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new BrookError(
      `build folder ${options.root} does not exist`,
      "run `brook-docs build` first, or pass the folder: brook-docs preview DIR",
    );
  }
  const handler = createStaticHandler({
    files: new DirFiles(root),
    hostRedirects: options.hostRedirects,
  });
  const server = createHostServer((req, res) => void handler(req, res), {
    timeouts: options.timeouts,
  });
  const url = await listen(server, options.port, options.host ?? "127.0.0.1");
  return { url, close: () => closeServer(server) };
}
