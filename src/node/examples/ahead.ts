/**
 * Checks that start while the pages are still being made (a cold build): the blocks of each page
 * as its facts come in, sent to their check a batch at a time (a check runs many blocks together:
 * the step-types check makes one TypeScript program, about 50 ms more for each extra batch), the
 * next batch when the last one is answered. The examples stage after the pages then finds most
 * verdicts made or under way, by the same keys it keeps them by (verdictKey).
 */
import type { BlockCheck, BlockProblem } from "./block-check.ts";
import { verdictKey } from "./block-check.ts";
import type { CodeSample } from "./sample.ts";

/** Fewer blocks than this wait for more before they go to an idle check. */
const MIN_BATCH = 20;

/** Verdicts made or under way before the stage, by verdictKey. */
export type VerdictsAhead = ReadonlyMap<string, Promise<BlockProblem[]>>;

/** Checks blocks as they are handed over. */
export interface ChecksAhead {
  add(samples: CodeSample[]): void;
  /** No more blocks come: what waits for a batch goes to its check now (or when it is idle). */
  finish(): VerdictsAhead;
  /**
   * The build failed: no more batches start (one under way ends by itself), and what waits is
   * dropped, so no check (or process) outlives the build.
   */
  stop(): void;
}

/** Starts `checks` on blocks as they come, skipping those `known` has a verdict for. */
export function checksAhead(
  checks: BlockCheck[],
  known: ReadonlyMap<string, unknown> | undefined,
): ChecksAhead {
  const verdicts = new Map<string, Promise<BlockProblem[]>>();
  type Waiting = { sample: CodeSample; key: string; settle: (p: Promise<BlockProblem[]>) => void };
  const queues = new Map(checks.map((c) => [c, { waiting: [] as Waiting[], busy: false }]));
  let finished = false;
  let stopped = false;

  const send = (check: BlockCheck): void => {
    const queue = queues.get(check)!;
    if (stopped || queue.busy || !queue.waiting.length) return;
    if (!finished && queue.waiting.length < MIN_BATCH) return;
    const batch = queue.waiting.splice(0);
    queue.busy = true;
    const running = check.run(batch.map((w) => w.sample));
    batch.forEach((w, i) => w.settle(running.then((found) => found[i] ?? [])));
    void running
      .catch(() => undefined)
      .then(() => {
        queue.busy = false;
        send(check);
      });
  };

  return {
    stop() {
      stopped = true;
      for (const queue of queues.values())
        for (const w of queue.waiting.splice(0)) w.settle(Promise.resolve([]));
    },
    finish() {
      finished = true;
      for (const check of checks) send(check);
      return verdicts;
    },
    add(samples) {
      if (stopped) return;
      for (const sample of samples) {
        if (sample.noCheck !== undefined) continue;
        const lang = sample.lang.toLowerCase();
        for (const check of checks) {
          if (!check.accepts(lang, sample)) continue;
          const key = verdictKey(check, lang, sample);
          if (verdicts.has(key) || known?.has(key)) continue;
          let settle!: (p: Promise<BlockProblem[]>) => void;
          const verdict = new Promise<BlockProblem[]>((resolve) => {
            settle = resolve;
          });
          // A check that throws is the stage's to report, when it awaits the verdict.
          verdict.catch(() => undefined);
          verdicts.set(key, verdict);
          queues.get(check)!.waiting.push({ sample, key, settle });
        }
      }
      for (const check of checks) send(check);
    },
  };
}
