/**
 * The tools that read the pages: `search_docs` (the search box's ranking, each page answered with
 * a passage of its best section), `get_page` (a page or one section of it, bounded, with the way
 * to the rest) and `list_pages` (llms.txt's list, by sidebar group).
 */
import { z } from "zod";
import { ANSWER_CHARS, cutAtBlock, cutLines, quoteInput, someOf } from "./answer-size.ts";
import { readPage, routeOf, suggestPages, type Docs, type PageText } from "./docs.ts";
import { docsSearch, type SearchHit } from "./docs-search.ts";
import { closest } from "../../shared/similar.ts";
import { answer, toolError, type Tool } from "./tool-result.ts";

/** Results of search_docs: as many as the search box shows pages, five unless asked. */
const MAX_RESULTS = 8;
const DEFAULT_RESULTS = 5;
/** Characters of an answer kept for its head (title, URL), and for a cut one's note (the way to the rest). */
const HEAD_CHARS = 1_000;
const NOTE_CHARS = 4_000;

const searches = new WeakMap<Docs, ReturnType<typeof docsSearch>>();

/** search_docs */
export const searchDocs: Tool = {
  name: "search_docs",
  title: "Search the Brook docs",
  description: `Searches the Brook developer docs with the site's own search; returns the best pages first, each with its best section, its URL (with the section's #anchor: get_page takes it and returns that section) and a passage of the section as the page writes it (identifiers and code intact, at most ${ANSWER_CHARS.passage} characters each).`,
  input: {
    query: z.string().describe("What to look for, in words or as a question"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_RESULTS)
      .optional()
      .describe(`How many pages (default ${DEFAULT_RESULTS})`),
  },
  async run(docs, args) {
    const query = String(args.query ?? "").trim();
    if (!query)
      return toolError(
        "the query is empty: ask with a few words, such as `respond to an HTTP request`",
      );
    let search = searches.get(docs);
    if (!search) searches.set(docs, (search = docsSearch(docs)));
    const hits = await search(query, Number(args.limit ?? DEFAULT_RESULTS));
    if (!hits.length)
      return answer(
        `No page of the docs matches ${quoteInput(query)}. Try other words, or list_pages.`,
      );
    return answer(
      hits.map(formatHit).join("\n\n") +
        "\n\nget_page takes each URL: with its #anchor, it returns that section alone.",
    );
  },
};

function formatHit(h: SearchHit, i: number): string {
  return `### ${i + 1}. ${h.title}${h.section ? ` › ${h.section}` : ""}\n${h.url}\n\n${h.passage}`;
}

/** get_page */
export const getPage: Tool = {
  name: "get_page",
  title: "Read a page of the Brook docs",
  description: `Returns a page of the Brook docs as Markdown, with its title, URL and last update; with an #anchor (as search_docs gives), only that section. Takes a route (/limits/), a path or a URL of the docs. An answer is at most ${ANSWER_CHARS.page.toLocaleString("en-US")} characters: a longer page or section is cut at a block, and the answer ends with what was left out and how to get it (\`start\`, or a section's anchor).`,
  input: {
    path_or_url: z
      .string()
      .describe("The page: /workflows/steps/triggers/, its URL, or either with #anchor"),
    start: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Where to go on from, in characters, as a cut answer says"),
  },
  async run(docs, args) {
    const asked = String(args.path_or_url ?? "");
    const { route, asked: tried, anchor } = routeOf(docs, asked);
    const page = route && (await readPage(docs, route));
    if (!page) {
      const near = suggestPages(docs, tried);
      return toolError(
        `No page at ${quoteInput(tried)}. The closest: ${near.map((p) => `${p.route} (${p.title})`).join(", ")}; list_pages lists every page.`,
      );
    }
    return anchor ? sectionAnswer(page, anchor, args.start) : pageAnswer(page, args.start);
  },
};

/** Offsets of each line's start in the page's Markdown. */
function lineStarts(page: PageText): number[] {
  const starts = [0];
  for (const line of page.split.lines) starts.push(starts.at(-1)! + line.length + 1);
  return starts;
}

function pageAnswer(page: PageText, start: unknown) {
  const head = [
    `Title: ${page.title}`,
    `URL: ${page.url}`,
    ...(page.lastUpdated ? [`Last updated: ${page.lastUpdated}`] : []),
  ];
  const body = bounded(page, 0, page.markdown.length, Number(start ?? 0), page.url);
  return answer(`${head.join("\n")}\n\n${body}`);
}

function sectionAnswer(page: PageText, anchor: string, start: unknown) {
  const section = page.split.sections.find((s) => s.anchor === anchor && s.level > 1);
  if (!section) {
    const anchors = page.split.sections.slice(1).map((s) => s.anchor);
    const near = closest(anchor.slice(0, 200).toLowerCase(), anchors, 5, 0);
    return toolError(
      `${page.route} has no section ${quoteInput("#" + anchor)}. The closest: ${near.map((a) => `${page.url}#${a}`).join(", ")}; get_page with ${page.url} gives the whole page.`,
    );
  }
  const starts = lineStarts(page);
  const from = starts[section.start]!;
  const to = Math.min(page.markdown.length, starts[section.end]!);
  const url = `${page.url}#${anchor}`;
  const head = [
    `Title: ${page.title}`,
    `Section: ${section.heading}`,
    `URL: ${url}`,
    `This is one section (${(to - from).toLocaleString("en-US")} of the page's ${page.markdown.length.toLocaleString("en-US")} characters); get_page with ${page.url} gives the whole page.`,
  ];
  return answer(`${head.join("\n")}\n\n${bounded(page, from, to, Number(start ?? 0), url)}`);
}

/**
 * Characters `from` to `to` of the page, from `start` on (relative to `from`), within the bound:
 * cut at a block when longer, with what was left out, the `start` to go on from, and the
 * sections that begin after the cut.
 */
function bounded(page: PageText, from: number, to: number, start: number, url: string): string {
  const text = page.markdown.slice(from, to).trimEnd();
  if (start >= text.length && start > 0)
    return `Nothing is left from start ${start}: this is ${text.length.toLocaleString("en-US")} characters long.`;
  const whole = text.slice(start);
  if (whole.length <= ANSWER_CHARS.page - HEAD_CHARS) return whole;
  const cut = cutAtBlock(whole, ANSWER_CHARS.page - HEAD_CHARS - NOTE_CHARS);
  const next = start + cut.rest!;
  const starts = lineStarts(page);
  const after = page.split.sections.filter(
    (s) => s.level > 1 && starts[s.start]! >= from + next && starts[s.start]! < to,
  );
  const note = [
    "",
    "---",
    `Cut here: this answer holds characters ${start.toLocaleString("en-US")} to ${next.toLocaleString("en-US")} of ${text.length.toLocaleString("en-US")}. For the rest, call get_page with path_or_url ${url} and start ${next}${after.length ? ", or ask for one of the sections that follow:" : "."}`,
  ];
  // The sections that follow, as many as the note has room for.
  let room = NOTE_CHARS - note.join("\n").length - 100;
  for (const [i, s] of after.entries()) {
    const line = `${s.level === 3 ? "  " : ""}- ${s.heading}: ${page.url}#${s.anchor}`;
    if (line.length + 1 > room) {
      note.push(`- and ${after.length - i} more sections`);
      break;
    }
    note.push(line);
    room -= line.length + 1;
  }
  return [cut.text, ...note].join("\n");
}

/** list_pages */
export const listPages: Tool = {
  name: "list_pages",
  title: "List the pages of the Brook docs",
  description: `Lists the Brook docs' pages by sidebar group, with their routes and descriptions; optionally only the groups whose name contains \`group\`. At most ${ANSWER_CHARS.list.toLocaleString("en-US")} characters: past it, the answer says how many lines it left out.`,
  input: { group: z.string().optional().describe("A sidebar group, such as Workflows or API") },
  async run(docs, args) {
    const group = String(args.group ?? "")
      .trim()
      .toLowerCase();
    const pages = docs.pages.filter((p) => !group || p.group.toLowerCase().includes(group));
    const groups = [...new Set(docs.pages.map((p) => p.group))];
    if (!pages.length) {
      const near = closest(
        group.slice(0, 200),
        groups.map((g) => g.toLowerCase()),
        3,
        0,
      );
      const names = near.map((n) => groups.find((g) => g.toLowerCase() === n)!);
      return toolError(
        `No sidebar group matches ${quoteInput(String(args.group))}. The closest: ${names.join("; ")}. All groups: ${groups.join("; ")}.`,
      );
    }
    const out: string[] = [];
    let last = "";
    for (const p of pages) {
      if (p.group !== last) out.push(`${out.length ? "\n" : ""}## ${(last = p.group)}`);
      out.push(`- ${p.title} (${p.route}): ${p.description}`);
    }
    const text = cutLines(
      out,
      ANSWER_CHARS.list,
      (left) =>
        `\n${left} more lines are not shown: ask list_pages with a group (${someOf(groups, "; ")}).`,
    );
    return answer(text);
  },
};
