/**
 * `get_limit`: Brook's figures from the values the pages are written from (data/values.ts, which
 * the build publishes as `values.json` under the base). A name is a dotted key
 * (`limits.httpPayload`) or words (`http payload`, `queue size`).
 */
import { VALUES_FILE } from "../../shared/output-layout.ts";

/** A figure: its key and its value as pages state it. */
export interface Figure {
  name: string;
  value: string | number;
}

/** How deep a values tree may nest (the config's own limit for plain data). */
const MAX_DEPTH = 64;

/** Every figure of a values tree, by dotted key, in the tree's order. */
export function figuresOf(tree: unknown, prefix = "", depth = 0): Figure[] {
  if (typeof tree === "string" || typeof tree === "number") return [{ name: prefix, value: tree }];
  if (!tree || typeof tree !== "object" || Array.isArray(tree)) return [];
  // A site's values.json is a stranger's: nested past any real tree, it would overflow the stack.
  if (depth >= MAX_DEPTH)
    throw new Error(
      `${VALUES_FILE} nests deeper than ${MAX_DEPTH} levels at ${prefix}: it is not Brook's values; rebuild the docs with brook-docs`,
    );
  return Object.entries(tree).flatMap(([k, v]) =>
    figuresOf(v, prefix ? `${prefix}.${k}` : k, depth + 1),
  );
}

/** The words of a key: `limits.httpPayload.max` → `limits http payload max`. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const IGNORED = new Set([
  "the",
  "a",
  "an",
  "of",
  "what",
  "is",
  "limit",
  "limits",
  "brook",
  "how",
  "much",
  "many",
  "maximum",
  "size",
]);

/**
 * The figures `asked` names: the key itself and those under it, else the figures whose key holds
 * every word asked (a word may be a prefix: `invocation` finds `dailyInvocations`).
 */
export function findFigures(figures: Figure[], asked: string): Figure[] {
  const key = asked.trim();
  const exact = figures.filter((f) => f.name === key || f.name.startsWith(key + "."));
  if (exact.length) return exact;
  const all = wordsOf(key);
  const words = all.filter((w) => !IGNORED.has(w));
  const wanted = words.length ? words : all;
  if (!wanted.length) return [];
  return figures.filter((f) => {
    const own = wordsOf(f.name);
    return wanted.every((w) => own.some((o) => o.startsWith(w) || w.startsWith(o)));
  });
}
