/**
 * `search_docs`: the site's own search (the same index files, the same query and ranking code as
 * the search box), run in Node. A page's sections come from its Markdown for machines, cut at the
 * headings its data file lists, since Node has no DOM to read the article's HTML with.
 */
import { createSearch, type Search } from "../client/search/engine.ts";
import type { PageSection } from "../client/search/page-sections.ts";
import type { SearchHead, SearchShard } from "../shared/search-format.ts";
import type { TextPart } from "../../templates/SearchResults.tsx";
import { markdownPath } from "../shared/url.ts";
import { parseJson, readPageData, type Docs } from "./docs.ts";
import { ASSETS_DIR } from "./layout.ts";

/** One result: a page, with its best section when one matches. */
export interface SearchHit {
  title: string;
  /** The section's heading, when the hit is a section. */
  section?: string;
  url: string;
  snippet: string;
}

const HEADING_RE = /^(#{2,3})\s+(.*?)\s*$/;
const FENCE_RE = /^\s*(```|~~~)/;

/** The engine waits this long after a query before it loads the listed pages' sections (its typing pause). */
const ENGINE_PAUSE_MS = 150;
/** Rounds of "rank, load what the ranking asked for, rank again" before the results are taken as they are. */
const MAX_ROUNDS = 3;

/** A search over the docs; the index is loaded on the first query. */
export function docsSearch(docs: Docs): (query: string, limit: number) => Promise<SearchHit[]> {
  let search: Promise<Search> | undefined;
  // What the engine asked for and has not got yet (shards, pages' sections).
  const pending = new Set<Promise<unknown>>();
  let asked = 0;
  const track = <T>(p: Promise<T>): Promise<T> => {
    asked++;
    pending.add(p);
    void p.catch(() => undefined).finally(() => pending.delete(p));
    return p;
  };
  const load = async (): Promise<Search> => {
    const head = parseJson<SearchHead>(await docs.source.read(ASSETS_DIR + docs.manifest.search));
    if (!head) throw new Error(`the search index ${docs.manifest.search} is missing or unreadable`);
    return createSearch(head, {
      shard: (file) =>
        track(
          docs.source.read(ASSETS_DIR + file).then((t) => {
            const shard = parseJson<SearchShard>(t);
            if (!shard) throw new Error(`search shard ${file} is missing`);
            return shard;
          }),
        ),
      page: (route) => track(sectionsOf(docs, route)),
      href: (route, slug) => route + (slug && "#" + slug),
    });
  };
  return async (query, limit) => {
    const run = await (search ??= load().catch((e: unknown) => {
      search = undefined;
      throw e;
    }));
    // The engine ranks, then loads the shards its words need and, after its typing pause, the
    // listed pages' sections; ranking again shows them. Until nothing more is asked for.
    let groups = run(query);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const before = asked;
      await new Promise((resolve) => setTimeout(resolve, ENGINE_PAUSE_MS));
      await Promise.all([...pending]);
      groups = run(query);
      if (asked === before) break;
    }
    // One hit a page, best first, with the page's best section when it has one (as the list shows it).
    const hits = groups.map((g): SearchHit => {
      const [page, best] = g.options;
      const route = page!.href;
      const url = docs.byRoute.get(route)?.url ?? route;
      const title = text(page!.heading);
      if (!best) return { title, url, snippet: text(page!.snippet) };
      return {
        title,
        section: text(best.heading),
        url: url + best.href.slice(route.length),
        snippet: text(best.snippet),
      };
    });
    return hits.slice(0, limit);
  };
}

/** A page's description and its sections, as the search box reads them from the article. */
async function sectionsOf(
  docs: Docs,
  route: string,
): Promise<{ description: string; sections: PageSection[] }> {
  const base = docs.source.base;
  const [data, markdown] = await Promise.all([
    readPageData(docs, route),
    docs.source.read(markdownPath(base, route).slice(base.length)),
  ]);
  if (!data || markdown === undefined) throw new Error(`no page data for ${route}`);
  const slugs = data.headers.map((h) => h.slug);
  const sections: PageSection[] = [{ slug: "", heading: "", text: "" }];
  let inFence = false;
  let lines: string[] = [];
  const end = () => {
    sections[sections.length - 1]!.text = lines.join(" ").replace(/\s+/g, " ").trim();
    lines = [];
  };
  for (const line of markdown.split("\n")) {
    if (FENCE_RE.test(line)) inFence = !inFence;
    if (inFence || FENCE_RE.test(line)) continue;
    const h = HEADING_RE.exec(line);
    if (h && sections.length - 1 < slugs.length) {
      end();
      sections.push({ slug: slugs[sections.length - 1]!, heading: h[2]!, text: "" });
    } else lines.push(line.replace(/[*_`>#]|\[|\]\([^)]*\)/g, ""));
  }
  end();
  return { description: data.description, sections: sections.filter((s) => s.text || s.heading) };
}

function text(parts: TextPart[]): string {
  return parts.map((p) => (typeof p === "string" ? p : p.mark)).join("");
}
