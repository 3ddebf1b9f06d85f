/** The example stage's counts, and the line the build prints of them. */
import { escapeUntrusted } from "../../shared/untrusted-text.ts";

/** How many blocks of each language were checked, opted out or left unchecked. */
export interface ExampleSummary {
  /** Checked blocks by language, as written in their fences. */
  checked: Record<string, number>;
  /** Blocks of languages no check reads (text, sql), by language. */
  unchecked: Record<string, number>;
  /** Blocks marked `:no-check=REASON`. */
  optedOut: number;
  /** Verdicts made by this build (the others came from the cache). */
  fresh: number;
  /** What the JSON blocks show: events, responses, errors… (json-shows.ts). */
  shows?: Record<string, number>;
  /** The reasons of the JSON blocks that show no schema, with their counts. */
  noSchema?: Record<string, number>;
}

/** Counts the languages of the blocks. */
export function summarize(
  checked: string[],
  unchecked: string[],
  optedOut: number,
  fresh: number,
): ExampleSummary {
  return { checked: tally(checked), unchecked: tally(unchecked), optedOut, fresh };
}

/**
 * `checked 404 code blocks: bash 169, js 121, … (3 opted out; not checked: text 53, sql 3)`; a
 * language is named as its fences write it, escaped (escapeUntrusted).
 */
export function summaryLine(s: ExampleSummary): string {
  const total = Object.values(s.checked).reduce((a, b) => a + b, 0);
  const list = (r: Record<string, number>) =>
    Object.entries(r)
      .map(([lang, n]) => `${escapeUntrusted(lang)} ${n}`)
      .join(", ");
  const rest = Object.keys(s.unchecked).length ? `; not checked: ${list(s.unchecked)}` : "";
  const shows = s.shows && Object.keys(s.shows).length ? `; json shows ${list(s.shows)}` : "";
  const none =
    s.noSchema && Object.keys(s.noSchema).length ? ` (no schema: ${list(s.noSchema)})` : "";
  return `checked ${total} code blocks${total ? ": " + list(s.checked) : ""} (${s.optedOut} opted out${rest}${shows}${none})`;
}

/** Counts by name, the most frequent first (then by name, so the line is stable). */
function tally(names: string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}
