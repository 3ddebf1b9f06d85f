/**
 * Step 2 of check-links, for the route manifest's sections that moved (frontmatter `moved_from`,
 * src/shared/moved-anchors.ts): the page that lost them is a page without those ids, and each id
 * is on the page the table sends it to. Reported at the manifest, as the build made the table.
 */
import type { MovedAnchors } from "../../shared/moved-anchors.ts";
import type { CheckContext } from "./check-context.ts";
import type { Place } from "./link-sources.ts";

/** Checks every moved section of one route manifest. */
export async function checkMovedSections(
  ctx: CheckContext,
  moved: Record<string, MovedAnchors>,
  place: Place,
): Promise<void> {
  const root = ctx.base.replace(/\/$/, "");
  const ids = async (route: string) => {
    const landing = await ctx.site.land(root + route, 0);
    return landing.ok ? landing.html?.ids : undefined;
  };
  for (const [from, table] of Object.entries(moved)) {
    const what = (id: string, to: string) => `moved section ${from}#${id} → ${to}`;
    const left = await ids(from);
    if (!left) {
      ctx.report.add(place, "broken-redirect", `moved sections of ${from}: no such page`);
      continue;
    }
    for (const [id, i] of Object.entries(table.ids)) {
      const to = table.to[i];
      const there = to === undefined ? undefined : await ids(to);
      if (left.has(id))
        ctx.report.add(place, "broken-redirect", `${what(id, to ?? "?")}: ${from} still has it`);
      else if (!there)
        ctx.report.add(place, "broken-redirect", `${what(id, to ?? "?")}: no such page`);
      else if (!there.has(id))
        ctx.report.add(place, "broken-redirect", `${what(id, to!)}: the page has no #${id}`);
    }
    for (const [id, i] of Object.entries(table.sections)) {
      const to = table.to[i];
      if (left.has(id))
        ctx.report.add(place, "broken-redirect", `${what(id, to ?? "?")}: ${from} still has it`);
      else if (to === undefined || !(await ids(to)))
        ctx.report.add(place, "broken-redirect", `${what(id, to ?? "?")}: no such page`);
    }
    for (const [prefix, i] of Object.entries(table.prefixes)) {
      const to = table.to[i];
      const there = to === undefined ? undefined : await ids(to);
      if (!there || ![...there].some((id) => id.startsWith(prefix)))
        ctx.report.add(
          place,
          "broken-redirect",
          `${what(prefix + "…", to ?? "?")}: ${there ? "the page has no such id" : "no such page"}`,
        );
    }
  }
}
