/**
 * Sections that moved (frontmatter `moved_from`): the table the build makes from every page's ids,
 * its problems at the frontmatter's line, and the lookup the page script and the router share.
 */
import { describe, expect, it } from "vitest";
import { movedSections } from "../../../../src/node/site/moved-anchors.ts";
import type { PlannedPage, SitePlan } from "../../../../src/node/site/model.ts";
import { movedTo } from "../../../../src/shared/moved-anchors.ts";

function planOf(pages: { route: string; moved?: string[] }[]): SitePlan {
  return {
    pages: pages.map(
      (p) =>
        ({
          regularPath: p.route,
          file: `content${p.route}index.md`,
          frontmatter: {
            title: p.route,
            description: "d",
            ...(p.moved && { moved_from: p.moved }),
          },
          ...(p.moved && { movedFromLine: 4 }),
        }) as unknown as PlannedPage,
    ),
    sidebar: [],
    sidebarComplete: true,
    redirects: [],
  };
}

const ids: Record<string, string[]> = {
  "/api/": ["requests", "errors", "related-pages"],
  "/api/things/": [
    "list-things",
    "listThings-limit",
    "listThings-cursor",
    "get-a-thing",
    "getThing-id",
    "cg1Panel1",
    "errors-of-things",
    "related-pages",
  ],
  "/api/others/": ["list-others", "listOthers-limit", "listOthers-cursor", "related-pages"],
};
const idsOf = (route: string) => (ids[route] ? new Set(ids[route]) : undefined);

describe("moved sections", () => {
  const { moved, errors } = movedSections(
    planOf([
      { route: "/api/" },
      { route: "/api/things/", moved: ["/api/#things"] },
      { route: "/api/others/", moved: ["/api/"] },
    ]),
    idsOf,
  );
  const table = moved["/api/"]!;

  it("sends each id the old page lacks to the page that has it; a whole section to the page's top", () => {
    expect(errors).toEqual([]);
    expect(Object.keys(moved)).toEqual(["/api/"]);
    expect(movedTo(table, "list-things")).toEqual({ route: "/api/things/", keepHash: true });
    expect(movedTo(table, "list-others")).toEqual({ route: "/api/others/", keepHash: true });
    expect(movedTo(table, "things")).toEqual({ route: "/api/things/", keepHash: false });
    // A field, through its operation's prefix; an id of one field, as it is.
    expect(movedTo(table, "listThings-cursor")).toEqual({ route: "/api/things/", keepHash: true });
    expect(movedTo(table, "getThing-id")).toEqual({ route: "/api/things/", keepHash: true });
    expect(table.prefixes).toEqual({ "listThings-": 0, "listOthers-": 1 });
    expect(table.ids).not.toHaveProperty("listThings-limit");
  });

  it("keeps what the old page still has, a code group's ids, and what no page has", () => {
    expect(movedTo(table, "errors")).toBeUndefined();
    expect(movedTo(table, "related-pages")).toBeUndefined();
    expect(movedTo(table, "cg1Panel1")).toBeUndefined();
    expect(movedTo(table, "nothing-here")).toBeUndefined();
    // No prefix can take an id the old page has: `errors-` stays exact.
    expect(table.prefixes).not.toHaveProperty("errors-");
    expect(movedTo(table, "errors-of-things")).toEqual({ route: "/api/things/", keepHash: true });
    // Names of Object.prototype are ids like any other.
    expect(movedTo(table, "constructor")).toBeUndefined();
    expect(movedTo(undefined, "list-things")).toBeUndefined();
  });

  it("reports a page that is not there, the page itself, and a section the old page still has", () => {
    const bad = movedSections(
      planOf([
        { route: "/api/" },
        { route: "/api/things/", moved: ["/api/thing/", "/api/things/", "/api/#errors"] },
      ]),
      idsOf,
    );
    expect(bad.errors.map((e) => [e.file, e.line, e.rule])).toEqual([
      ["content/api/things/index.md", 4, "moved-from"],
      ["content/api/things/index.md", 4, "moved-from"],
      ["content/api/things/index.md", 4, "moved-from"],
    ]);
    expect(bad.errors.map((e) => e.message)).toEqual([
      "moved_from names /api/thing/, which is no page of the site; did you mean /api/things/?",
      "moved_from names this page itself (/api/things/)",
      "moved_from says #errors of /api/ became this page, but /api/ still has it",
    ]);
  });
});
