/**
 * `brook-docs serve`: builds into memory, serves with the static-host rules of preview, watches
 * the sources, rebuilds what changed and updates the open pages over a WebSocket: a body edit in
 * place, anything site-wide (a title, the config, the generator's code) by a reload. A bad edit
 * shows its error in the terminal and over the page while the last good pages stay up
 * (docs/design.md §1, §7).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { EventEmitter } from "node:events";
import { dirname, join, resolve } from "node:path";
import { ContentError, formatDiagnostic, formatError, type Diagnostic } from "../core/errors.ts";
import { sortDiagnostics } from "../core/errors.ts";
import {
  colors,
  configureLog,
  error as logError,
  info as logInfo,
  warn as logWarn,
} from "../core/log.ts";
import { readSettings } from "../core/settings.ts";
import { CONFIG_FILE } from "../config/load.ts";
import { closeServer, listen } from "../static-host/listen.ts";
import { etagOf, MemoryFiles } from "../static-host/served-files.ts";
import { createStaticHandler } from "../static-host/static-handler.ts";
import { createHostServer } from "../static-host/http-server.ts";
import { parseHeaders } from "../static-host/host-rules.ts";
import { headersFile } from "../write/host-files.ts";
import { isAllowedHost } from "./allowed-host.ts";
import type { BuildEvent, DevLogger, DevServer, PageUpdate, ServeOptions } from "./dev-api.ts";
import { bundleDevClient } from "./dev-bundles.ts";
import { DevSession } from "./dev-session.ts";
import { AssetArchive } from "./dev-site.ts";
import type { OutputFiles } from "../write/writer.ts";
import { LiveReload } from "./live-reload.ts";
import { RebuildQueue } from "./rebuild-queue.ts";
import { watchSources, type Change, type SourceWatcher } from "./watch.ts";
import { isSiteDataPath } from "../../shared/output-layout.ts";
import { DEV_CLIENT_PATH } from "../../shared/live-message.ts";

/** How long the server must have had no request before it builds the search index of an edit. */
const SEARCH_AFTER_QUIET_MS = 60;

export { DEV_CLIENT_PATH };
export type { BuildEvent, DevLogger, DevServer, PageUpdate, ServeOptions };
/** The dev client's tag in the server's own page (before the first build), which shows version 0. */
const devClientTag = (version: number) =>
  `<script type="module" src="${DEV_CLIENT_PATH}?v=${version}"></script>`;

/** Starts the dev server; resolves once it listens and the first build ended (good or bad). */
export async function serve(options: ServeOptions = {}): Promise<DevServer> {
  const cwd = resolve(options.cwd ?? process.cwd());
  // The library's edge: the environment is read here, once, unless the caller read it.
  const settings = options.settings ?? readSettings(process.env);
  configureLog(settings);
  const root = resolve(options.projectRoot ?? settings.root);
  const contentDir = resolve(cwd, options.contentDir ?? "content");
  const configFile = options.configFile
    ? resolve(cwd, options.configFile)
    : join(dirname(contentDir), CONFIG_FILE);
  const host = options.host ?? "127.0.0.1";
  const log: DevLogger = options.logger ?? { info: logInfo, warn: logWarn, error: logError };
  const events = new EventEmitter();

  const reload = new LiveReload(host);
  // Served as the build made them: its pages link the dev client themselves.
  const files = new MemoryFiles();
  const archive = new AssetArchive();
  let lastBuild: OutputFiles | undefined;
  /** The base of the last good build (none before the first). */
  let base = "";
  let version = 0;
  let searching: Promise<void> = Promise.resolve();
  let devClient = await bundleDevClient(root).catch((e: Error) => {
    log.error(`the live-reload client does not compile: ${e.message}`);
    return "";
  });

  // When the server last had something to answer (a request, or an update the pages will ask about).
  let lastActivity = 0;
  /** What the dev server answers itself: its client, and a waiting page before the first build. */
  const own = (req: IncomingMessage, res: ServerResponse): boolean => {
    lastActivity = performance.now();
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const path = (req.url ?? "").split("?")[0];
    if (path === DEV_CLIENT_PATH) {
      res.setHeader("Content-Type", "text/javascript; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("ETag", etagOf(Buffer.from(devClient)));
      res.end(req.method === "HEAD" ? undefined : devClient);
      return true;
    }
    if (lastBuild) return false;
    // No good build yet: a page that only waits for the overlay or the first build.
    res.statusCode = 503;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Building…</title>${devClientTag(0)}</head>` +
        `<body><main><h1>Building the docs…</h1><p>This page reloads when the first build is done.</p></main></body></html>`,
    );
    return true;
  };
  const handler = createStaticHandler({
    files,
    own,
    allowHost: (header) => isAllowedHost(header, host),
    // Until the first build wrote its `_headers`, the same security headers (without analytics).
    fallbackHeaders: parseHeaders(headersFile("/", "")),
  });
  const server = createHostServer((req, res) => void handler(req, res), {
    timeouts: options.timeouts,
    webSocket: (req, socket, head) => reload.upgrade(req, socket, head),
  });
  const url = await listen(server, options.port ?? 4000, host);
  const dev = new DevSession({
    settings: { ...settings, root },
    cwd,
    contentDir,
    configFile: options.configFile,
    onWarning: (d: Diagnostic) => log.warn(formatDiagnostic(d)),
  });

  /** Serves a new set of files at once (a request never sees half of two builds). */
  const publish = (next: OutputFiles) => {
    files.replace(archive.merge(lastBuild, next, base));
    lastBuild = next;
  };

  const runBuild = async (changes: Change[]): Promise<void> => {
    events.emit("build-start", changes);
    // The index of the last build waits for no page; a new build waits for it (it names its file).
    await searching;
    if (changes.some((c) => c.kind === "dev-client")) {
      try {
        devClient = await bundleDevClient(root);
      } catch (e) {
        log.error(`the live-reload client does not compile: ${(e as Error).message}`);
      }
    }
    for (const c of changes)
      if (c.kind === "restart")
        log.warn(
          `${c.file} is part of the dev server itself: restart \`brook-docs serve\` to use the change`,
        );
    const outcome = await dev.build(changes);
    const event: BuildEvent = { outcome, changes };
    if (outcome.ok) {
      const wasFirst = lastBuild === undefined;
      base = outcome.result.config.base;
      version++;
      reload.version = version;
      publish(outcome.files);
      // After the files are in place: a page whose load started later shows this build or a newer one.
      reload.publishedAt = Date.now();
      const { routes, all, dataFiles } = outcome.result.changed;
      const update: PageUpdate = {
        version,
        routes: routes.map((r) => base.replace(/\/$/, "") + r),
        all,
        reload: all || outcome.codeChanged || changes.some((c) => c.kind === "dev-client"),
      };
      // The message pages wait for goes out before anything else is done.
      if (update.routes.length || update.all || update.reload || reload.failing)
        reload.update(version, {
          ...update,
          siteFile: siteFileOf(outcome.files, base),
          dataFiles: all ? {} : dataFiles,
        });
      event.update = update;
      events.emit("update", update);
      const what = changes.length
        ? ` (${[...new Set(changes.map((c) => c.file))].slice(0, 3).join(", ")}${changes.length > 3 ? ", …" : ""})`
        : "";
      log.info(
        `${colors.green(wasFirst ? "built" : "rebuilt")} in ${outcome.ms} ms: ${outcome.result.rendered} of ${outcome.result.pages} pages rendered${what}`,
      );
      // After the pages went out: the code blocks' checks (their errors shown as a build's), then the index.
      searching = checkExamples(version).then(publishSearch);
    } else {
      reload.error(outcome.text);
      log.error(
        `${outcome.text}\n${colors.dim("(still serving the last good build; save a fix to rebuild)")}`,
      );
    }
    // A config that imports its values from another file: an edit there is a config edit.
    watcher?.watchConfigInputs(dev.configFiles());
    events.emit("build", event);
  };

  /** The code blocks' checks the build left for later; their errors are shown as a failed build's. */
  const checkExamples = async (shown: number): Promise<void> => {
    const diagnostics = await dev.deferredExamples().catch((e: Error) => {
      log.error(`example checks: ${e.message}`);
      return [];
    });
    // A newer build is out (or on its way): its own checks report.
    if (!diagnostics.length || shown !== version) return;
    const text = formatError(new ContentError(sortDiagnostics(diagnostics)));
    reload.error(text);
    log.error(`${text}\n${colors.dim("(the pages are served; save a fix to check again)")}`);
  };

  /** A page edit changes the search documents: the index is built after the page went out, then published. */
  const publishSearch = async (): Promise<void> => {
    const start = performance.now();
    // The pages just told of the update fetch their new data now; the index's key and its hand-over
    // to a worker hold this thread (100 ms and more at 4,000 pages), so they wait for a pause in
    // the requests (at most a second).
    lastActivity = performance.now();
    for (
      let idle = 0;
      idle < SEARCH_AFTER_QUIET_MS && performance.now() - start < 1_000;
      idle = performance.now() - lastActivity
    ) {
      await new Promise((resolve) => setTimeout(resolve, SEARCH_AFTER_QUIET_MS - idle));
    }
    const fresh = await dev
      .deferredSearch()
      .catch((e: Error) => void log.error(`search index: ${e.message}`));
    if (!fresh?.files || !lastBuild) return;
    publish(fresh.files);
    log.info(colors.dim(`search index updated in ${Math.round(performance.now() - start)} ms`));
    events.emit("search", fresh.entry);
  };

  const queue = new RebuildQueue(runBuild, options.debounceMs ?? 10);
  let watcher: SourceWatcher | undefined;
  const close = async () => {
    await watcher?.close();
    await queue.close();
    await searching;
    await reload.close();
    await closeServer(server);
    await dev.dispose();
  };

  try {
    await runBuild([]);
    if (options.watch !== false) {
      watcher = watchSources(
        {
          cwd,
          contentDir,
          configFile,
          publicDir: join(cwd, "public"),
          projectRoot: options.watchCode === false ? undefined : root,
        },
        (c) => queue.push(c),
        (e) => log.warn(`watching the sources: ${e.message} (the server goes on)`),
      );
      watcher.watchConfigInputs(dev.configFiles());
      await watcher.ready;
    }
  } catch (e) {
    await close();
    throw e;
  }
  log.info(
    `${colors.green("serving")} ${url}${base}  ${colors.dim("(watching for changes; Ctrl+C stops)")}`,
  );
  return {
    url,
    home: url + (base || "/"),
    events,
    notify: (c) => queue.push(c),
    idle: async () => {
      await queue.idle();
      await searching;
    },
    connections: () => reload.clients,
    close,
  };
}

/** The site data file the served pages read (its URL), for an update message. */
function siteFileOf(files: OutputFiles, base: string): string {
  for (const path of files.keys()) if (isSiteDataPath(base, path)) return "/" + path;
  return "";
}
