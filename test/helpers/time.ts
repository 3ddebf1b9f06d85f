/**
 * Bounds on waiting, scaled to the machine the suite runs on (test/machine-time.ts): a test writes
 * the bound a quiet 2-core machine needs, `within(20_000)`, and a busy machine gets longer.
 */
import { inject } from "vitest";

/** This run's factor (1 on a quiet machine). */
export const timeFactor: number = inject("timeFactor");

/** A bound of `ms` on a quiet machine, as long as this machine needs now. */
export function within(ms: number): number {
  return Math.round(ms * timeFactor);
}
