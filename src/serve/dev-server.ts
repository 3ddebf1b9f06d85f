/**
 * `brook-docs serve`: builds into memory, serves with the preview's URL rules, watches the sources,
 * rebuilds what changed and reloads the open pages over a WebSocket; a bad edit shows its error in
 * the terminal and in the browser while the last good pages stay up (design.md §1, §7).
 */
import { createServer } from "node:http";
import { EventEmitter } from "node:events";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { build as esbuild } from "esbuild";
import { formatDiagnostic, type Diagnostic } from "../errors.ts";
import { colors, error as logError, info as logInfo, warn as logWarn } from "../log.ts";
import { projectRoot as defaultProjectRoot } from "../paths.ts";
import { CONFIG_FILE } from "../config/load.ts";
import { DevBuilder, type DevBuildOutcome } from "./dev-build.ts";
import { AssetArchive, diffBuilds, type PageChanges, type SiteMap } from "./dev-site.ts";
import { closeServer, listen } from "./listen.ts";
import { LiveReload } from "./live-reload.ts";
import { etagOf, MemoryFiles } from "./site-files.ts";
import { createStaticHandler } from "./static-handler.ts";
import { RebuildQueue, watchSources, type Change, type SourceWatcher } from "./watch.ts";

/** Where the dev client is served; outside the base so it cannot shadow a page. */
export const DEV_CLIENT_PATH = "/__brook/dev.js";
const DEV_CLIENT_TAG = `<script type="module" src="${DEV_CLIENT_PATH}"></script>`;

/** The terminal, replaceable in tests. */
export interface DevLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Options of `serve`. */
export interface ServeOptions {
  /** 0 picks a free port. @default 4000 */
  port?: number;
  /** @default "127.0.0.1" */
  host?: string;
  contentDir?: string;
  configFile?: string;
  /** @default process.cwd() */
  cwd?: string;
  /** Where the generator's src/ and templates/ are. @default the project this code belongs to */
  projectRoot?: string;
  /** Watch the sources. @default true */
  watch?: boolean;
  /** Watch the generator's own code (templates/, src/) too. @default true */
  watchCode?: boolean;
  /** Quiet time before a rebuild starts. @default 30 */
  debounceMs?: number;
  logger?: DevLogger;
}

/** One finished build, as the server reports it (tests and the benchmark listen to these). */
export interface BuildEvent {
  outcome: DevBuildOutcome;
  changes: Change[];
  /** Set when the build was good: which pages were told to reload. */
  reload?: PageChanges;
}

/** A running dev server. */
export interface DevServer {
  /** Base URL without a trailing slash: `http://127.0.0.1:4000`. */
  url: string;
  /** The docs' home: url + base. */
  home: string;
  /** `build-start` (changes), `build` (BuildEvent), `reload` (PageChanges), `search` (the follow-up build that published a new search index). */
  events: EventEmitter;
  /** Queues a change as the watcher would (tests; the watcher calls the same). */
  notify(change: Change): void;
  /** Resolves when no change is pending and no build is running. */
  idle(): Promise<void>;
  /** How many pages hold a live-reload connection. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts the dev server; resolves once it listens and the first build ended (good or bad). */
export async function serve(options: ServeOptions = {}): Promise<DevServer> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const root = resolve(options.projectRoot ?? defaultProjectRoot());
  const contentDir = resolve(cwd, options.contentDir ?? "content");
  const configFile = options.configFile ? resolve(cwd, options.configFile) : join(dirname(contentDir), CONFIG_FILE);
  const host = options.host ?? "127.0.0.1";
  const log: DevLogger = options.logger ?? { info: logInfo, warn: logWarn, error: logError };
  const events = new EventEmitter();

  const files = new MemoryFiles((html) => html.replace("</head>", `${DEV_CLIENT_TAG}</head>`));
  const handler = createStaticHandler({ files });
  const archive = new AssetArchive();
  let lastBuild: SiteMap | undefined;
  let base = "/docs/v2/";
  let devClient = await bundleDevClient(root).catch((e: Error) => {
    log.error(`the live-reload client does not compile: ${e.message}`);
    return "";
  });

  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path === DEV_CLIENT_PATH && (req.method === "GET" || req.method === "HEAD")) {
      res.setHeader("Content-Type", "text/javascript; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("ETag", etagOf(Buffer.from(devClient)));
      res.end(req.method === "HEAD" ? undefined : devClient);
      return;
    }
    if (!lastBuild && (req.method === "GET" || req.method === "HEAD")) {
      // No good build yet: a page that only waits for the overlay or the first reload.
      res.statusCode = 503;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache");
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Building…</title>${DEV_CLIENT_TAG}</head>` +
          `<body><main><h1>Building the docs…</h1><p>This page reloads when the first build is done.</p></main></body></html>`,
      );
      return;
    }
    void handler(req, res);
  });
  server.keepAliveTimeout = 5_000;
  const url = await listen(server, options.port ?? 4000, host);
  const live = new LiveReload(server, isLoopback(host));
  const builder = new DevBuilder({
    projectRoot: root,
    cwd,
    contentDir,
    configFile: options.configFile,
    onWarning: (d: Diagnostic) => log.warn(formatDiagnostic(d)),
  });

  const runBuild = async (changes: Change[]): Promise<void> => {
    events.emit("build-start", changes);
    if (changes.some((c) => c.kind === "dev-client")) {
      try {
        devClient = await bundleDevClient(root);
      } catch (e) {
        log.error(`the live-reload client does not compile: ${(e as Error).message}`);
      }
    }
    for (const c of changes) if (c.kind === "restart") log.warn(`${c.file} is part of the dev server itself: restart \`brook-docs serve\` to use the change`);
    const outcome = await builder.build(changes);
    const event: BuildEvent = { outcome, changes };
    if (outcome.ok) {
      const wasFirst = lastBuild === undefined;
      // The message pages wait for goes out before anything else is done.
      event.reload = publish(outcome, outcome.codeChanged || changes.some((c) => c.kind === "dev-client"));
      const what = changes.length ? ` (${[...new Set(changes.map((c) => c.file))].slice(0, 3).join(", ")}${changes.length > 3 ? ", …" : ""})` : "";
      log.info(`${colors.green(wasFirst ? "built" : "rebuilt")} in ${outcome.ms} ms: ${outcome.result.rendered} of ${outcome.result.pages} pages rendered${what}`);
      if (wasFirst) builder.saveDiskCache();
    } else {
      live.error(outcome.text);
      log.error(`${outcome.text}\n${colors.dim("(still serving the last good build; save a fix to rebuild)")}`);
    }
    events.emit("build", event);
    if (outcome.ok) await refreshSearch();
  };

  /** Serves a good build and tells the pages it changed to reload. */
  const publish = (outcome: Extract<DevBuildOutcome, { ok: true }>, all: boolean): PageChanges => {
    base = outcome.result.config.base;
    const reload = diffBuilds(lastBuild, outcome.files, base);
    if (all) reload.all = true;
    files.replace(archive.merge(lastBuild, outcome.files, base));
    lastBuild = outcome.files;
    if (reload.all || reload.paths.length) live.reload(reload.paths, reload.all);
    else if (live.failing) live.ok();
    events.emit("reload", reload);
    return reload;
  };

  /**
   * A page edit changes the search documents, but the build served the last index so the reload
   * did not wait for lunr (BuildMemo.deferSearch). Build the index now, then publish it with one
   * more build (everything else comes from the memo), unless newer changes will build anyway.
   */
  const refreshSearch = async (): Promise<void> => {
    const later = builder.takeSearchLater();
    if (!later) return;
    await new Promise((r) => setImmediate(r));
    const start = performance.now();
    later();
    if (queue.pending) return;
    const outcome = await builder.build([]);
    if (!outcome.ok) return;
    builder.takeSearchLater();
    publish(outcome, false);
    log.info(colors.dim(`search index updated in ${Math.round(performance.now() - start)} ms`));
    events.emit("search", outcome);
  };

  const queue = new RebuildQueue(runBuild, options.debounceMs ?? 30);
  let watcher: SourceWatcher | undefined;
  const close = async () => {
    await watcher?.close();
    await queue.close();
    await live.close();
    await closeServer(server);
    builder.dispose();
  };

  try {
    await runBuild([]);
    if (options.watch !== false) {
      watcher = watchSources(
        { cwd, contentDir, configFile, publicDir: join(cwd, "public"), projectRoot: options.watchCode === false ? undefined : root },
        (c) => queue.push(c),
      );
      await watcher.ready;
    }
  } catch (e) {
    await close();
    throw e;
  }
  log.info(`${colors.green("serving")} ${url}${base}  ${colors.dim("(watching for changes; Ctrl+C stops)")}`);
  return {
    url,
    home: url + base,
    events,
    notify: (c) => queue.push(c),
    idle: () => queue.idle(),
    connections: () => live.clients,
    close,
  };
}

function isLoopback(host: string): boolean {
  return host === "127.0.0.1" || host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** Bundles src/client/dev (the live-reload client) for the browser. */
async function bundleDevClient(root: string): Promise<string> {
  const entry = join(root, "src", "client", "dev", "main.ts");
  if (!existsSync(entry)) return "";
  const result = await esbuild({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2020"],
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}
