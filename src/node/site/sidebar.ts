/** The sidebar: resolved from site.config.ts, or generated from the content folder tree. */
import type { SidebarItemInput } from "../config/schema.ts";
import type { Diagnostic } from "../core/errors.ts";
import type { NavLink, SidebarNode } from "../../shared/types.ts";
import { propose } from "../../shared/similar.ts";

/** Sites with at most this many sidebar links render all of them on every page. */
export const COMPLETE_SIDEBAR_MAX_LINKS = 400;

/** Resolves config entries: a route string takes its title from the page. */
export function resolveSidebar(
  items: SidebarItemInput[],
  titles: Map<string, string>,
  configFile: string,
): { sidebar: SidebarNode[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const check = (route: string, where: string): boolean => {
    if (titles.has(route)) return true;
    const guess = propose(route, titles.keys());
    diagnostics.push({
      file: configFile,
      rule: "sidebar-unknown-page",
      message: `sidebar entry ${where} points to ${route}, which matches no page${guess ? `; did you mean ${guess}?` : ""}`,
      hint: "fix the route in `sidebar`, or add the page under content/",
    });
    return false;
  };
  const walk = (list: SidebarItemInput[], path: string): SidebarNode[] =>
    list.flatMap((item, i): SidebarNode[] => {
      const where = `${path}[${i}]`;
      if (typeof item === "string")
        return check(item, where) ? [{ kind: "page", text: titles.get(item)!, route: item }] : [];
      const link = item.link && check(item.link, `${where}.link`) ? item.link : undefined;
      return [
        {
          kind: "group",
          text: item.text,
          ...(link ? { route: link } : {}),
          items: walk(item.items, `${where}.items`),
        },
      ];
    });
  return { sidebar: walk(items, "sidebar"), diagnostics };
}

/** A sidebar from the folder tree: a group per folder (titled by its index page), pages by path. */
export function generateSidebar(pages: { route: string; title: string }[]): SidebarNode[] {
  interface Folder {
    route: string;
    title?: string;
    pages: SidebarNode[];
    folders: Map<string, Folder>;
  }
  const root: Folder = { route: "/", pages: [], folders: new Map() };
  // Routes that have pages below them, found once (a scan per page is quadratic on big sites).
  const withChildren = new Set<string>();
  for (const p of pages) {
    const parts = p.route.split("/").filter(Boolean);
    for (let depth = 1; depth < parts.length; depth++)
      withChildren.add("/" + parts.slice(0, depth).join("/") + "/");
  }
  for (const page of [...pages].sort((a, b) => a.route.localeCompare(b.route))) {
    const parts = page.route.split("/").filter(Boolean);
    let folder = root;
    const isIndex = (depth: number) => depth === parts.length;
    // A page's folder is its parent route; a folder's own index page titles the folder.
    for (let depth = 1; depth < parts.length; depth++) {
      const key = parts[depth - 1]!;
      let next = folder.folders.get(key);
      if (!next) {
        next = {
          route: "/" + parts.slice(0, depth).join("/") + "/",
          pages: [],
          folders: new Map(),
        };
        folder.folders.set(key, next);
      }
      folder = next;
    }
    if (parts.length === 0)
      root.pages.unshift({ kind: "page", text: page.title, route: page.route });
    else if (isIndex(parts.length) && withChildren.has(page.route)) {
      let f = folder.folders.get(parts.at(-1)!);
      if (!f) {
        f = { route: page.route, pages: [], folders: new Map() };
        folder.folders.set(parts.at(-1)!, f);
      }
      f.title = page.title;
    } else folder.pages.push({ kind: "page", text: page.title, route: page.route });
  }
  const toNodes = (f: Folder): SidebarNode[] => [
    ...f.pages,
    ...[...f.folders.entries()].map(([name, sub]): SidebarNode => ({
      kind: "group",
      text: sub.title ?? name,
      ...(sub.title ? { route: sub.route } : {}),
      items: toNodes(sub),
    })),
  ];
  return toNodes(root);
}

/** Every page link of the sidebar in reading order (a group's own page before its items). */
export function flattenSidebar(nodes: SidebarNode[]): NavLink[] {
  const out: NavLink[] = [];
  const walk = (list: SidebarNode[]) => {
    for (const n of list) {
      if (n.route) out.push({ text: n.text, route: n.route });
      if (n.kind === "group") walk(n.items);
    }
  };
  walk(nodes);
  return out;
}
