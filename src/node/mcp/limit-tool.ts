/**
 * `get_limit`: Brook's figures as the docs state them, each with its unit, the sentence that says
 * it and the page and section it is on (figures.json, which the build writes from data/values.ts
 * and the pages: src/node/write/figures-file.ts).
 */
import { z } from "zod";
import { FIGURES_FILE } from "../../shared/output-layout.ts";
import { ANSWER_CHARS, cutLines, quoteInput, someOf } from "./answer-size.ts";
import { parseJson, type Docs } from "./docs.ts";
import { figuresFrom, findFigures, type Figure } from "./limits.ts";
import { answer, toolError, type Tool } from "./tool-result.ts";

/** Figures answered whole (with their sentence); more are listed a line each. */
const WHOLE = 8;
/** What follows the list of every figure. */
const LIST_END = "\n\nget_limit with a name gives each with the sentence and page that state it.";

const valueOf = (f: Figure) => `${f.value}${f.unit ? ` (unit: ${f.unit})` : ""}`;

/** A figure with its sentence and page. */
function whole(f: Figure): string {
  const lines = [`**${f.name}** = ${valueOf(f)}`];
  if (f.sentence && f.page) {
    lines.push(`> ${f.sentence}`);
    const also = f.alsoOn.length
      ? ` Also stated on ${f.alsoOn.length} other page${f.alsoOn.length > 1 ? "s" : ""}.`
      : "";
    lines.push(`Source: ${f.page.title} › ${f.page.section}, ${f.page.url}.${also}`);
  } else lines.push("No page of the docs states it.");
  return lines.join("\n");
}

/** get_limit */
export const getLimit: Tool = {
  name: "get_limit",
  title: "Look up a Brook limit",
  description: `Returns Brook's figures (limits, plans, runtimes, retries, timings) as the docs state them: the value, its unit, the sentence of the docs that states it, and its page and section. By key (limits.httpPayload), group (limits.queue) or words (http payload); a name that matches nothing is an error that lists the closest figures. Without a name, every figure, one line each. At most ${ANSWER_CHARS.list.toLocaleString("en-US")} characters: past it, the answer says how many it left out.`,
  input: { name: z.string().optional().describe("A key, a group or words, such as `queue size`") },
  async run(docs: Docs, args) {
    const figures = figuresFrom(parseJson<unknown>(await docs.source.read(FIGURES_FILE)));
    if (!figures.length)
      return toolError(
        `these docs publish no ${FIGURES_FILE}: rebuild them with this version of brook-docs`,
      );
    const asked = String(args.name ?? "").trim();
    const groups = someOf([...new Set(figures.map((f) => f.name.split(".")[0]!))], ", ");
    const listed = (list: Figure[], max: number) =>
      cutLines(
        list.map((f) => `- ${f.name} = ${valueOf(f)}`),
        max,
        (left) => `${left} more are not listed: ask get_limit with a group (${groups}) or a key.`,
      );
    if (!asked) return answer(listed(figures, ANSWER_CHARS.list - LIST_END.length) + LIST_END);
    const { found, closest } = findFigures(figures, asked);
    if (!found.length)
      return toolError(
        `No figure matches ${quoteInput(asked)}. The closest: ${closest.map((f) => `${f.name} (${valueOf(f)})`).join(", ")}. get_limit without a name lists them all.`,
      );
    const rest = found.slice(WHOLE);
    const shown = found.slice(0, WHOLE).map(whole).join("\n\n");
    if (!rest.length) return answer(shown);
    const head = `${shown}\n\n${rest.length} more match; ask for one by key:\n`;
    return answer(head + listed(rest, ANSWER_CHARS.list - head.length));
  },
};
