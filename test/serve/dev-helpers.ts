/** Helpers for the dev server tests: a temp copy of a fixture, a server on it, a live-reload client. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import WebSocket from "ws";
import {
  serve,
  type BuildEvent,
  type DevServer,
  type ServeOptions,
} from "../../src/node/serve/dev-server.ts";
import type { LiveMessage } from "../../src/node/serve/live-reload.ts";
import { within } from "../helpers/time.ts";

/** The project root. */
export const ROOT = resolve(import.meta.dirname, "..", "..");

/** A dev server on a temp copy of test/fixtures/<fixture>, with what it printed. */
export interface DevFixture {
  dir: string;
  server: DevServer;
  logs: { info: string[]; warn: string[]; error: string[] };
  /** Resolves with the next finished build. */
  nextBuild(): Promise<BuildEvent>;
  /** Text of a served path (after any redirect is refused: status and body). */
  get(path: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

/** Copies the fixture and starts `serve` on it (port 0, the generator's own code not watched). */
export async function startDev(
  fixture = "serve-site",
  options: Partial<ServeOptions> = {},
): Promise<DevFixture> {
  const dir = mkdtempSync(join(tmpdir(), "brook-serve-"));
  cpSync(join(ROOT, "test", "fixtures", fixture), dir, { recursive: true });
  const logs = { info: [] as string[], warn: [] as string[], error: [] as string[] };
  const server = await serve({
    cwd: dir,
    contentDir: "content",
    port: 0,
    watchCode: false,
    logger: {
      info: (m) => logs.info.push(m),
      warn: (m) => logs.warn.push(m),
      error: (m) => logs.error.push(m),
    },
    ...options,
  });
  return {
    dir,
    server,
    logs,
    nextBuild: () => new Promise((done) => server.events.once("build", done)),
    get: async (path) => {
      const res = await fetch(server.url + path, { redirect: "manual" });
      return { status: res.status, text: await res.text() };
    },
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes files (paths from the project) and resolves with the last build they cause. */
export async function save(dev: DevFixture, files: Record<string, string>): Promise<BuildEvent> {
  await dev.server.idle();
  let last: BuildEvent | undefined;
  const record = (e: BuildEvent) => void (last = e);
  dev.server.events.on("build", record);
  const built = dev.nextBuild();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dev.dir, path)), { recursive: true });
    writeFileSync(join(dev.dir, path), text);
  }
  await built;
  // Several files can reach the watcher in two builds: the last one has them all.
  await dev.server.idle();
  dev.server.events.off("build", record);
  return last!;
}

/** A live-reload client as a page of the server would open it. */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  private readonly listeners: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.messages.push(JSON.parse(String(data)) as LiveMessage);
      for (const l of this.listeners.splice(0)) l();
    });
  }

  /** Connects with the server's own Origin (or `origin`), resolves once open. */
  static connect(url: string, origin: string = url): Promise<LiveClient> {
    const ws = new WebSocket(url.replace(/^http/, "ws") + "/__brook/ws", { origin });
    return new Promise((resolve, reject) => {
      const client = new LiveClient(ws);
      ws.once("open", () => resolve(client));
      ws.once("error", reject);
      ws.once("unexpected-response", (_req, res) =>
        reject(new Error(`refused with ${res.statusCode}`)),
      );
    });
  }

  /** Resolves with the first message (already received or coming) that satisfies `test`, skipping the first `from`. */
  async waitFor<T extends LiveMessage>(
    test: (m: LiveMessage) => m is T,
    from = 0,
    timeoutMs = within(20_000),
  ): Promise<T> {
    let timedOut = false;
    // Not a pause: a bound on waiting, so a message that never comes fails with what came.
    const giveUp = setTimeout(() => {
      timedOut = true;
      for (const l of this.listeners.splice(0)) l();
    }, timeoutMs);
    try {
      for (;;) {
        const found = this.messages.slice(from).find(test);
        if (found) return found;
        if (timedOut) throw new Error(`no such message; got ${JSON.stringify(this.messages)}`);
        await new Promise<void>((r) => this.listeners.push(r));
      }
    } finally {
      clearTimeout(giveUp);
    }
  }

  close(): void {
    this.ws.close();
  }
}

/** Message type guards for `waitFor`. */
export const is = {
  update: (m: LiveMessage): m is Extract<LiveMessage, { type: "update" }> => m.type === "update",
  error: (m: LiveMessage): m is Extract<LiveMessage, { type: "error" }> => m.type === "error",
  ok: (m: LiveMessage): m is Extract<LiveMessage, { type: "ok" }> => m.type === "ok",
  hello: (m: LiveMessage): m is Extract<LiveMessage, { type: "hello" }> => m.type === "hello",
};

/** The sidebar of a served page, as HTML. */
export function sidebarOf(html: string): string {
  const start = html.indexOf('aria-label="Sidebar"');
  return start < 0 ? "" : html.slice(start, html.indexOf("</nav>", start));
}
