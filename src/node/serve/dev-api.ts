/** What `brook-docs serve` takes and gives: its options, its events, the running server. */
import type { EventEmitter } from "node:events";
import type { DevBuildOutcome } from "./dev-session.ts";
import type { Change } from "./watch.ts";
import type { HostTimeouts } from "../static-host/http-server.ts";
import type { Settings } from "../core/settings.ts";

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
  /** The run's settings. @default read from the environment when the server starts */
  settings?: Settings;
  projectRoot?: string;
  /** Watch the sources. @default true */
  watch?: boolean;
  /** Watch the generator's own code (templates/, src/) too. @default true */
  watchCode?: boolean;
  /** Quiet time before a rebuild starts. @default 10 */
  debounceMs?: number;
  logger?: DevLogger;
  /** Shorter HTTP time-outs (tests). @default HOST_TIMEOUTS */
  timeouts?: Partial<HostTimeouts>;
}

/** What a good build told the open pages. */
export interface PageUpdate {
  version: number;
  /** Routes whose page changed. */
  routes: string[];
  /** Every page changed (titles, sidebar, config). */
  all: boolean;
  /** Pages reload instead of updating in place (code, config or assets changed). */
  reload: boolean;
}

/** One finished build, as the server reports it (tests and the benchmark listen to these). */
export interface BuildEvent {
  outcome: DevBuildOutcome;
  changes: Change[];
  /** Set when the build was good. */
  update?: PageUpdate;
}

/** A running dev server. */
export interface DevServer {
  /** Base URL without a trailing slash: `http://127.0.0.1:4000`. */
  url: string;
  /** The docs' home: url + base. */
  home: string;
  /** `build-start` (changes), `build` (BuildEvent), `update` (PageUpdate), `search` (a new index was published). */
  events: EventEmitter;
  /** Queues a change as the watcher would (tests; the watcher calls the same). */
  notify(change: Change): void;
  /** Resolves when no change is pending, no build is running and the search index caught up. */
  idle(): Promise<void>;
  /** How many pages hold a live-reload connection. */
  connections(): number;
  close(): Promise<void>;
}
