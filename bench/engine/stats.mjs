// Small statistics and formatting helpers of the engine benchmark.

/** The median (mean of the two middle values for an even count); NaN for none. */
export function median(xs) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The p-th percentile, nearest rank (p95 of 20 values is the 19th smallest). */
export function percentile(xs, p) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Seconds with two decimals ("1.15 s"). */
export const sec = (s) => (Number.isFinite(s) ? `${s.toFixed(2)} s` : "n/a");

/** Milliseconds, whole ("458 ms"). */
export const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : "n/a");

/** A ratio with one decimal ("7.0x"). */
export const ratio = (x) => (Number.isFinite(x) ? `${x.toFixed(1)}x` : "n/a");

/** Rounds for the machine line: 3 significant decimals at most. */
export const round = (x, digits = 3) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);
