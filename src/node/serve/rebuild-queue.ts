/**
 * The dev server's rebuilds in order: debounced, one build at a time, and every change that
 * arrives during a build kept for the next one (never lost, never raced; Eleventy `WatchQueue`,
 * Lume `reload`).
 */
import { formatError } from "../core/errors.ts";
import type { Change } from "./watch.ts";

/**
 * Runs `run` with the changes gathered since the last run: after `debounceMs` of quiet, one run at
 * a time; changes that arrive during a run are kept and start the next run when it ends.
 */
export class RebuildQueue {
  private pendingChanges: Change[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private waiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly run: (changes: Change[]) => Promise<void>,
    private readonly debounceMs = 30,
  ) {}

  /** Adds a change; the next run sees it. */
  push(change: Change): void {
    if (this.closed) return;
    this.pendingChanges.push(change);
    this.schedule();
  }

  /** Whether changes wait for the next run. */
  get pending(): boolean {
    return this.pendingChanges.length > 0;
  }

  /** Whether a run is under way. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Resolves when no change is pending and no run is under way. */
  idle(): Promise<void> {
    if (!this.running && !this.timer && this.pendingChanges.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops taking changes; resolves when the current run ends. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pendingChanges = [];
    await this.running;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.start();
    }, this.debounceMs);
  }

  private async start(): Promise<void> {
    // A run is under way: the changes wait in `pending`; its end starts the next run.
    if (this.running || this.closed || this.pendingChanges.length === 0) return this.settle();
    const changes = this.pendingChanges;
    this.pendingChanges = [];
    this.running = this.run(changes).catch((e) => {
      process.stderr.write(formatError(e) + "\n");
    });
    await this.running;
    this.running = undefined;
    if (this.pendingChanges.length && !this.timer && !this.closed) return this.start();
    this.settle();
  }

  private settle(): void {
    if (this.running || this.timer || this.pendingChanges.length) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
