/**
 * `llms.txt` and `llms-full.txt` under the base (docs/design.md §8), in the llmstxt.org shape: the
 * site's title as `#`, its description as a quote, a `##` section per sidebar group listing its
 * pages' Markdown (absolute URLs), then the pages the sidebar leaves out.
 */
import type { SidebarNode } from "../../shared/types.ts";
import { markdownPath } from "../../shared/url.ts";

/** What the two files are made of. */
export interface LlmsInput {
  title: string;
  description: string;
  siteUrl: string;
  base: string;
  sidebar: SidebarNode[];
  /** Every page in build order: route, title, description. */
  pages: { route: string; title: string; description: string }[];
}

/** A section: a group's name (its path through the sidebar) and the routes right under it. */
interface Section {
  name: string;
  routes: string[];
}

/** The sidebar's groups, each with the pages right under it (its own page first), in sidebar order. */
function sections(sidebar: SidebarNode[]): Section[] {
  const out: Section[] = [];
  const loose: Section = { name: "Pages", routes: [] };
  const walk = (nodes: SidebarNode[], into: Section, path: string[]) => {
    for (const n of nodes) {
      if (n.kind === "page") {
        into.routes.push(n.route);
        continue;
      }
      const names = [...path, n.text];
      const section: Section = { name: names.join(" › "), routes: n.route ? [n.route] : [] };
      out.push(section);
      walk(n.items, section, names);
    }
  };
  walk(sidebar, loose, []);
  return [...(loose.routes.length ? [loose] : []), ...out.filter((s) => s.routes.length)];
}

/**
 * One line of Markdown text from a title, a description or a group's name (content and config
 * are a stranger's): no line breaks, and the characters that could make markup escaped, so a
 * reader with raw HTML on shows it as the page does: `<` (HTML, autolinks), `&` (entities), `[`
 * and `]` (links, images), and the backslash itself.
 */
function oneLine(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\[\]<&]/g, "\\$&");
}

/**
 * `llms.txt` (the index) and the order of `llms-full.txt` (sidebar order first, then the rest),
 * so a build can keep the last llms-full.txt without reading any page's Markdown (llmsFull).
 */
export function llmsFiles(input: LlmsInput): { index: string; order: string[] } {
  const byRoute = new Map(input.pages.map((p) => [p.route, p]));
  const url = (route: string) => input.siteUrl + markdownPath(input.base, route);
  const line = (route: string) => {
    const p = byRoute.get(route)!;
    return `- [${oneLine(p.title)}](${url(route)})${p.description ? ": " + oneLine(p.description) : ""}`;
  };
  const lines = [`# ${oneLine(input.title)}`, "", `> ${oneLine(input.description)}`, ""];
  const listed = new Set<string>();
  for (const s of sections(input.sidebar)) {
    const routes = s.routes.filter((r) => byRoute.has(r) && !listed.has(r));
    if (!routes.length) continue;
    lines.push(`## ${oneLine(s.name)}`, "", ...routes.map(line), "");
    for (const r of routes) listed.add(r);
  }
  const rest = input.pages.map((p) => p.route).filter((r) => !listed.has(r));
  if (rest.length) lines.push("## Other pages", "", ...rest.map(line), "");
  return { index: lines.join("\n"), order: [...listed, ...rest] };
}

/** `llms-full.txt`: every page's Markdown for machines, in the order llmsFiles gave. */
export function llmsFull(order: string[], markdown: (route: string) => string): string {
  return order.map(markdown).filter(Boolean).join("\n---\n\n");
}
