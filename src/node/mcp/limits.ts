/**
 * `get_limit`'s figures: the build's `figures.json` (data/values.ts's figures, each with the
 * sentence of the docs that states it, its page and its unit: src/node/write/figures-file.ts),
 * and which of them a name means. Exact before fuzzy: a dotted key names a figure or a group of
 * them; words name the figures whose key, section or unit holds every one of them; anything else
 * is a miss, answered with the closest figures.
 */
import { similarity } from "../../shared/similar.ts";
import type { PublishedFigure } from "../write/figures-file.ts";

/** A figure and its key. */
export interface Figure extends PublishedFigure {
  name: string;
}

/** Words that say how a figure is asked for, not which one: they rank, they are not required. */
const SHADES = new Set(
  "max maximum most largest biggest min minimum least default size limit limits value version number".split(
    " ",
  ),
);
/** Words of a question that name no figure. */
const IGNORED = new Set(
  "the a an of what is are was how much many long big large does do can i my to in for on brook's brook".split(
    " ",
  ),
);
const CLOSEST = 5;
/**
 * The longest name, value, unit or page field a figure may have (the docs' longest is under 100):
 * an entry past it is no figure a build writes and is left out, a unit or page past it dropped.
 */
const MAX_TEXT = 200;
/** Where a sentence is cut, with "…" (a build writes at most 400 characters of one). */
const MAX_SENTENCE = 600;
/** A dotted key: `limits.stepTimeout.max`. */
const KEY_RE = /^[A-Za-z_]\w*(?:\.\w+)+$/;
/** Characters of a name compared for suggestions: no key is longer. */
const COMPARED_CHARS = 200;

/** The figures of a figures.json (entries of another shape are left out). */
export function figuresFrom(file: unknown): Figure[] {
  if (!file || typeof file !== "object" || Array.isArray(file)) return [];
  const out: Figure[] = [];
  for (const [name, f] of Object.entries(file as Record<string, unknown>)) {
    if (!f || typeof f !== "object" || name.length > MAX_TEXT) continue;
    const v = f as Record<string, unknown>;
    const short = (x: unknown): x is string => typeof x === "string" && x.length <= MAX_TEXT;
    if (!short(v.value) && typeof v.value !== "number") continue;
    const page = v.page as Record<string, unknown> | undefined;
    const pageOk = page && ["route", "title", "section", "url"].every((k) => short(page[k]));
    const sentence = typeof v.sentence === "string" ? v.sentence : undefined;
    out.push({
      name,
      value: v.value,
      ...(short(v.unit) && { unit: v.unit }),
      ...(sentence && {
        sentence: sentence.length > MAX_SENTENCE ? `${sentence.slice(0, MAX_SENTENCE)}…` : sentence,
      }),
      ...(pageOk && { page: page as unknown as Figure["page"] }),
      alsoOn: Array.isArray(v.alsoOn) ? v.alsoOn.filter((r) => typeof r === "string") : [],
    });
  }
  return out;
}

/** The words of a key, heading or question: `limits.httpPayload` → limits, http, payload. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter(Boolean);
}

/** One word in two forms (`max`, `maximum`; `member`, `members`). */
function sameWord(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a)));
}

/** The figures `asked` names, best first; when none, the closest ones. */
export function findFigures(
  figures: Figure[],
  asked: string,
): { found: Figure[]; closest: Figure[] } {
  const key = asked.trim();
  const exact = figures.filter((f) => f.name === key || f.name.startsWith(key + "."));
  if (exact.length) return { found: exact, closest: [] };
  // A dotted key names a figure or nothing: `limits.queue.maximum` is not limits.queue.max.
  if (KEY_RE.test(key)) {
    const value = key.slice(0, COMPARED_CHARS).toLowerCase();
    const closest = figures
      .map((f, i) => ({ f, i, like: similarity(value, f.name.toLowerCase()) }))
      .sort((a, b) => b.like - a.like || a.i - b.i)
      .slice(0, CLOSEST)
      .map((x) => x.f);
    return { found: [], closest };
  }
  const words = wordsOf(key.slice(0, COMPARED_CHARS)).filter((w) => !IGNORED.has(w));
  const needed = words.filter((w) => !SHADES.has(w));
  const scored = figures.map((f, i) => {
    const own = [...wordsOf(f.name), ...wordsOf(f.page?.section ?? ""), ...wordsOf(f.unit ?? "")];
    const has = (w: string) => own.some((o) => sameWord(o, w));
    return {
      f,
      i,
      all: needed.length > 0 && needed.every(has),
      held: words.filter(has).length,
      like: similarity(key.slice(0, COMPARED_CHARS).toLowerCase(), f.name.toLowerCase()),
    };
  });
  const found = scored
    .filter((s) => s.all)
    .sort((a, b) => b.held - a.held || a.i - b.i)
    .map((s) => s.f);
  if (found.length) return { found, closest: [] };
  const closest = scored
    .sort((a, b) => b.held - a.held || b.like - a.like || a.i - b.i)
    .slice(0, CLOSEST)
    .map((s) => s.f);
  return { found: [], closest };
}
