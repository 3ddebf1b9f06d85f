/**
 * `figures.json` under the base: every figure of the config's `values` (data/values.ts), each with
 * the sentence of the docs that states it best, the page and section it is in, what it counts,
 * and the other pages that state it. The assistant server's get_limit answers from it; any tool
 * can. Made from what each page's parse recorded (src/node/content/figure-statements.ts).
 */
import type { SiteConfig, SiteValueTree } from "../config/schema.ts";
import type { FigureStatement } from "../content/figure-statements.ts";
import type { PageFacts } from "../content/parse-page.ts";
import type { SitePlan } from "../site/model.ts";
import { FIGURES_FILE } from "../../shared/output-layout.ts";
import { routeToPath } from "../../shared/url.ts";

/** A figure as published. */
export interface PublishedFigure {
  /** As data/values.ts writes it: text with its unit (`512KB`), or a number. */
  value: string | number;
  /** What the figure counts (`seconds`, `KB`), from the value's text or the words after it in the docs. */
  unit?: string;
  /** The sentence that states it best, values filled in; absent when no page states the figure. */
  sentence?: string;
  /** Where that sentence is: page title, section heading, URL with the section's anchor. */
  page?: { route: string; title: string; section: string; url: string };
  /** Every other page that states the figure, in the site's order. */
  alsoOn: string[];
}

/** The file: figures by dotted name, in data/values.ts's order. */
export type FiguresFile = Record<string, PublishedFigure>;

/** A page of the build: its route, title and what its parse recorded. */
export interface FiguresPage {
  route: string;
  title: string;
  figures: FigureStatement[];
}

/** A text value that carries its unit: `512KB`, `10 minutes`, `30 hours`. */
const TEXT_UNIT_RE = /^[\d.,]+ ?([A-Za-z]+)$/;

/** The file to publish under the base, from a build's plan and its pages' facts. */
export function figuresOutput(
  config: Pick<SiteConfig, "values" | "siteUrl" | "base">,
  plan: SitePlan,
  facts: Map<string, PageFacts>,
): { path: string; content: string } {
  const pages = plan.pages.map((p) => ({
    route: p.regularPath,
    title: p.title,
    figures: facts.get(p.regularPath)?.figures ?? [],
  }));
  return { path: FIGURES_FILE, content: figuresFile(config.values, pages, config) };
}

/** The published figures of `values`, from the pages in the site's order. */
export function figuresFile(
  values: SiteValueTree,
  pages: FiguresPage[],
  site: { siteUrl: string; base: string },
): string {
  const raw = new Map<string, string | number>();
  collect(values, "", raw);
  // The page that states the most figures is where the docs gather them (/limits/): its sentence
  // wins a tie between two equally apt ones.
  const breadth = new Map(pages.map((p) => [p.route, new Set(p.figures.map((f) => f.key)).size]));
  const out: FiguresFile = {};
  for (const [key, value] of raw) {
    const found = pages.flatMap((p, order) =>
      p.figures.filter((f) => f.key === key).map((f, at) => ({ p, f, order, at })),
    );
    // A section about the figure first: the more words its heading and the key share, of all the
    // words of both ("Step timeout" for limits.stepTimeout.max; the group, `limits`, says nothing
    // of which one), then prose over a table row.
    const words = wordsOf(key.slice(key.indexOf(".") + 1));
    const about = (s: FigureStatement) => {
      const heading = wordsOf(s.heading);
      const shared = heading.filter((w) => words.some((k) => sameWord(k, w))).length;
      return shared / (heading.length + words.length - shared || 1);
    };
    found.sort(
      (a, b) =>
        about(b.f) - about(a.f) ||
        Number(a.f.table) - Number(b.f.table) ||
        breadth.get(b.p.route)! - breadth.get(a.p.route)! ||
        a.order - b.order ||
        a.at - b.at,
    );
    const best = found[0];
    const unit =
      (typeof value === "string" ? TEXT_UNIT_RE.exec(value)?.[1] : undefined) ?? mostSaid(found);
    const routes = [...new Set(found.map((s) => s.p.route))];
    out[key] = {
      value,
      ...(unit && { unit }),
      ...(best && {
        sentence: best.f.sentence,
        page: {
          route: best.p.route,
          title: best.p.title,
          section: best.f.heading || best.p.title,
          url:
            site.siteUrl +
            routeToPath(site.base, best.p.route) +
            (best.f.anchor ? `#${best.f.anchor}` : ""),
        },
      }),
      alsoOn: pages.map((p) => p.route).filter((r) => r !== best?.p.route && routes.includes(r)),
    };
  }
  return JSON.stringify(out);
}

/** The unit the docs give the figure most often (the words after it differ by sentence: `100 events by default`, `up to 100 by default`); the better statement wins a tie. */
function mostSaid(found: { f: FigureStatement }[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { f } of found) if (f.unit) counts.set(f.unit, (counts.get(f.unit) ?? 0) + 1);
  let best: string | undefined;
  for (const [unit, n] of counts) if (!best || n > counts.get(best)!) best = unit;
  return best;
}

function collect(tree: SiteValueTree, prefix: string, out: Map<string, string | number>): void {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "object") collect(value, `${prefix}${name}.`, out);
    else out.set(prefix + name, value);
  }
}

/** Words a heading joins others with. */
const JOINING = new Set(["a", "an", "and", "the", "of", "to", "in", "on", "for", "per", "or"]);

/** The words of a key or heading: `stepTimeout.max` → step, timeout, max. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !JOINING.has(w));
}

/** One word in two forms (`heartbeat`, `heartbeats`). */
function sameWord(a: string, b: string): boolean {
  return a === b || (a.length > 3 && b.length > 3 && (a.startsWith(b) || b.startsWith(a)));
}
