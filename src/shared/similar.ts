/** "Did you mean": the closest candidates by bigram similarity (Dice); check-links and the not-found page share it. */

const memo = new Map<string, Map<string, number>>();

function bigrams(s: string): Map<string, number> {
  const known = memo.get(s);
  if (known) return known;
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  // Candidates (routes, ids) recur across every broken link: keep their bigrams.
  if (memo.size > 50_000) memo.clear();
  memo.set(s, m);
  return m;
}

/** Similarity in [0, 1] of two strings. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const x = bigrams(a);
  const y = bigrams(b);
  let overlap = 0;
  for (const [g, n] of x) overlap += Math.min(n, y.get(g) ?? 0);
  return (2 * overlap) / (a.length - 1 + (b.length - 1));
}

/** The candidate most like `value`, if it is at least `threshold` similar. */
export function propose(
  value: string,
  candidates: Iterable<string>,
  threshold = 0.7,
): string | undefined {
  let best: string | undefined;
  let score = threshold;
  for (const c of candidates) {
    const s = similarity(value, c);
    if (s >= score) {
      best = c;
      score = s;
    }
  }
  return best;
}

/** Up to `n` candidates most like `value`, best first, each at least `threshold` similar (ties keep candidate order). */
export function closest(
  value: string,
  candidates: Iterable<string>,
  n: number,
  threshold: number,
): string[] {
  return [...candidates]
    .map((c, i) => ({ c, i, s: similarity(value, c) }))
    .filter((x) => x.s >= threshold)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, n)
    .map((x) => x.c);
}
