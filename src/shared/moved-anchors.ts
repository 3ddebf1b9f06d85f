/**
 * Sections that moved to other pages (frontmatter `moved_from`, docs/design.md §3): for a page
 * that lost sections, the `#id`s that now live elsewhere and the page each lives on. The build
 * makes the table (src/node/site/moved-anchors.ts) into the route manifest; the page script on a
 * first load and the router on a navigation follow it when a `#hash` names no element of the page.
 */

/** One page's moved sections: the pages they went to, each entry naming its page by index in `to`. */
export interface MovedAnchors {
  to: string[];
  /** An id that is on its new page under the same name: id → index in `to`. */
  ids: Record<string, number>;
  /**
   * `createWorkflow-` → index in `to`: every id that starts so went there (the page kept none of
   * them), so the table need not list each field of a moved operation.
   */
  prefixes: Record<string, number>;
  /** A section that became a whole page (`moved_from: /api/rest/#workflows`): id → index in `to`. */
  sections: Record<string, number>;
}

/** Where a moved id leads: its new page, and whether the `#id` goes along (not for a whole page). */
export interface MovedTarget {
  route: string;
  keepHash: boolean;
}

/** Where an id of a page moved to, or undefined: a whole page, its own entry, else its longest prefix. */
export function movedTo(table: MovedAnchors | undefined, id: string): MovedTarget | undefined {
  if (!table || !id) return undefined;
  const at = (i: number | undefined, keepHash: boolean) => {
    const route = i === undefined ? undefined : table.to[i];
    return route === undefined ? undefined : { route, keepHash };
  };
  if (Object.hasOwn(table.sections, id)) return at(table.sections[id], false);
  if (Object.hasOwn(table.ids, id)) return at(table.ids[id], true);
  let best = "";
  for (const prefix of Object.keys(table.prefixes))
    if (prefix.length > best.length && id.startsWith(prefix)) best = prefix;
  return best ? at(table.prefixes[best], true) : undefined;
}
