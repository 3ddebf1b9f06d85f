import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, breadcrumbTrail } from "../../../src/shared/breadcrumbs.ts";
import type { SidebarNode } from "../../../src/shared/types.ts";

const sidebar: SidebarNode[] = [
  {
    kind: "group",
    text: "Workflows",
    items: [
      { kind: "page", text: "Overview", route: "/workflows/" },
      {
        kind: "group",
        text: "Steps",
        route: "/workflows/steps/",
        items: [{ kind: "page", text: "Triggers", route: "/workflows/steps/triggers/" }],
      },
    ],
  },
  { kind: "page", text: "Limits", route: "/limits/" },
];

describe("breadcrumbs", () => {
  it("follow the sidebar's groups from home to the page", () => {
    expect(
      breadcrumbTrail(sidebar, "/workflows/steps/triggers/", "Triggers and events", "Brook"),
    ).toEqual([
      { text: "Brook", route: "/" },
      { text: "Workflows" },
      { text: "Steps", route: "/workflows/steps/" },
      { text: "Triggers and events", route: "/workflows/steps/triggers/" },
    ]);
    // A group's own page ends the trail as the page.
    expect(
      breadcrumbTrail(sidebar, "/workflows/steps/", "Steps", "Brook").map((c) => c.text),
    ).toEqual(["Brook", "Workflows", "Steps"]);
    expect(breadcrumbTrail(sidebar, "/limits/", "Limits", "Brook").map((c) => c.text)).toEqual([
      "Brook",
      "Limits",
    ]);
    expect(
      breadcrumbTrail(sidebar, "/elsewhere/", "Elsewhere", "Brook").map((c) => c.text),
    ).toEqual(["Brook", "Elsewhere"]);
    expect(breadcrumbTrail(sidebar, "/", "Home", "Brook")).toEqual([]);
  });

  it("give BreadcrumbList JSON with the steps that have a page, safe inside <script>", () => {
    const trail = [
      { text: "Brook", route: "/" },
      { text: "Group" },
      { text: "</script><b>", route: "/x/" },
    ];
    const json = breadcrumbJsonLd(trail, (r) => "https://brook.example/docs/v2" + r);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Brook", item: "https://brook.example/docs/v2/" },
        {
          "@type": "ListItem",
          position: 2,
          name: "</script><b>",
          item: "https://brook.example/docs/v2/x/",
        },
      ],
    });
  });
});
