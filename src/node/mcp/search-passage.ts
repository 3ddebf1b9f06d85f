/**
 * The passage a search result answers with: the section's first paragraph as the page writes it
 * (with what it introduces, a code block or a list, when that fits), so an assistant reads
 * `BROOK_API_KEY` and `--org ORG_ID` as they are and can answer a how-to question without a
 * second call. Never a table's rule row; at most ANSWER_CHARS.passage characters, cut at a
 * sentence or a line.
 */
import type { WordTest } from "../../shared/search/present.ts";
import { WORD_RE } from "../../shared/search/tokens.ts";
import { ANSWER_CHARS } from "./answer-size.ts";
import type { Block } from "./page-sections.ts";

/** A table's rule row: pipes, colons, dashes and spaces only (`|---|:--:|`). */
const isRuleRow = (line: string) =>
  line.includes("|") && line.includes("-") && /^[\s|:-]+$/.test(line);
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** The passage of a section's blocks for a query ("" when the section has no text). */
export function passageOf(
  blocks: Block[],
  test: WordTest,
  max: number = ANSWER_CHARS.passage,
): string {
  const first = blocks.findIndex(
    (b) => b.kind === "prose" || b.kind === "list" || b.kind === "quote",
  );
  if (first < 0) {
    const table = blocks.find((b) => b.kind === "table");
    if (table) return shorten(tableRows(table.text, test), max);
    const code = blocks.find((b) => b.kind === "code");
    return code && code.text.length <= max ? code.text : "";
  }
  let text = blocks[first]!.text;
  let at = first + 1;
  // A list's items, when a blank line parts them.
  while (blocks[first]!.kind === "list" && blocks[at]?.kind === "list") {
    if (text.length + 2 + blocks[at]!.text.length > max) break;
    text += "\n\n" + blocks[at++]!.text;
  }
  // "Add the header:" is answered by what follows it: a code block whole, a list or table as far as it fits.
  const next = blocks[at];
  if (next && /:\s*$/.test(text)) {
    const room = max - text.length - 2;
    const more =
      next.kind === "code"
        ? next.text.length <= room
          ? next.text
          : ""
        : shorten(next.kind === "table" ? tableRows(next.text, test) : next.text, room);
    if (more && !more.startsWith("…")) return shorten(text, max) + "\n\n" + more;
  }
  return shorten(text, max);
}

/** A table's header row and the rows that hold a word of the query (all rows when none does), without its rule row. */
function tableRows(text: string, test: WordTest): string {
  const rows = text.split("\n").filter((r) => !isRuleRow(r));
  const [header, ...body] = rows;
  const hits = body.filter((r) =>
    [...r.matchAll(WORD_RE)].some((m) => test(m[0]).some((q) => q > 0)),
  );
  return [header!, ...(hits.length ? hits : body)].join("\n");
}

/** At most `max` characters: whole lines of a block of lines, whole sentences of a line, "…" where cut. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const lines = text.split("\n");
  if (lines.length > 1) {
    let out = "";
    for (const line of lines) {
      if (out.length + line.length + 2 > max) break;
      out += (out ? "\n" : "") + line;
    }
    return out ? out + "\n…" : shorten(lines[0]!, max);
  }
  let out = "";
  for (const { segment } of segmenter.segment(text)) {
    if (out.length + segment.length + 2 > max) break;
    out += segment;
  }
  if (!out) {
    const space = text.lastIndexOf(" ", max - 2);
    out = text.slice(0, space > 0 ? space : max - 2);
  }
  return out.trimEnd() + " …";
}
