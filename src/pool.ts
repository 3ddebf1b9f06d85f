/** A small pool of build workers; falls back to the calling thread when workers do not pay. */
import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { WorkerTask } from "./build-worker.ts";

/** Runs build tasks on worker threads. */
export class WorkerPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { task: WorkerTask; resolve: (v: unknown) => void; reject: (e: Error) => void }[] = [];
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; worker: Worker }>();
  private nextId = 0;

  constructor(size: number, script: URL) {
    for (let i = 0; i < size; i++) {
      // A larger young generation: parsing allocates many short-lived nodes (measured ~8% less CPU);
      // a capped old generation makes each worker collect early instead of growing the RSS.
      const w = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 384 } });
      w.unref();
      w.on("message", (msg: { id: number; result?: unknown; error?: string }) => {
        const p = this.pending.get(msg.id)!;
        this.pending.delete(msg.id);
        if (msg.error) p.reject(new Error(`build worker failed: ${msg.error}`));
        else p.resolve(msg.result);
        this.release(w);
      });
      w.on("error", (e) => {
        for (const [id, p] of this.pending) if (p.worker === w) { p.reject(e); this.pending.delete(id); }
      });
      this.workers.push(w);
      this.idle.push(w);
    }
  }

  /** Runs a task on the next free worker. */
  run<T>(task: WorkerTask): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ task, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  private release(w: Worker): void {
    this.idle.push(w);
    this.pump();
  }

  private pump(): void {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.pop()!;
      const job = this.queue.shift()!;
      const id = this.nextId++;
      this.pending.set(id, { resolve: job.resolve, reject: job.reject, worker: w });
      w.postMessage({ id, task: job.task });
    }
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** The bundled worker script beside the bundled CLI, if this is the bundled CLI. */
export function workerScript(): URL | undefined {
  const url = new URL("./build-worker.mjs", import.meta.url);
  return import.meta.url.endsWith(".mjs") && existsSync(fileURLToPath(url)) ? url : undefined;
}

/** How many workers to start for `items` units of work (none for small sites). */
export function poolSize(items: number): number {
  if (items < 60 || process.env.BROOK_DOCS_WORKERS === "0") return 0;
  return Math.max(1, Math.min(availableParallelism(), Math.ceil(items / 60)));
}
