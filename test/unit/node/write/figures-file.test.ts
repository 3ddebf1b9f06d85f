import { describe, expect, it } from "vitest";
import type { FigureStatement } from "../../../../src/node/content/figure-statements.ts";
import { figuresFile } from "../../../../src/node/write/figures-file.ts";

const said = (
  key: string,
  sentence: string,
  heading: string,
  more: Partial<FigureStatement> = {},
) => ({
  key,
  sentence,
  anchor: heading.toLowerCase().replace(/ /g, "-"),
  heading,
  table: false,
  ...more,
});

describe("figuresFile", () => {
  it("names for each figure the sentence of the section about it, its unit as the docs say it most, and the other pages", () => {
    const values = {
      limits: { queue: { default: 100, max: "10,000" }, httpPayload: "512KB", unused: 3 },
    };
    const pages = [
      {
        route: "/settings/",
        title: "Settings",
        figures: [
          said("limits.queue.default", "Events wait, 100 by default.", "Settings"),
          said("limits.queue.default", "limit: Queue; value: 100 events", "Workflow event queue", {
            table: true,
            unit: "events",
          }),
        ],
      },
      {
        route: "/limits/",
        title: "Limits",
        figures: [
          said(
            "limits.queue.default",
            "The queue holds 100 events by default.",
            "Workflow event queue",
            { unit: "events" },
          ),
          said("limits.queue.max", "You can raise it to 10,000.", "Workflow event queue"),
          said("limits.httpPayload", "A body of up to 512KB.", "HTTP trigger payload"),
        ],
      },
      {
        route: "/faq/",
        title: "FAQ",
        figures: [
          said("limits.queue.default", "Up to 100 pending jobs.", "FAQ", { unit: "pending jobs" }),
        ],
      },
    ];
    const file = JSON.parse(
      figuresFile(values, pages, { siteUrl: "https://brook.example", base: "/docs/v2/" }),
    );
    expect(file["limits.queue.default"]).toEqual({
      value: 100,
      unit: "events",
      sentence: "The queue holds 100 events by default.",
      page: {
        route: "/limits/",
        title: "Limits",
        section: "Workflow event queue",
        url: "https://brook.example/docs/v2/limits/#workflow-event-queue",
      },
      alsoOn: ["/settings/", "/faq/"],
    });
    expect(file["limits.queue.max"]).toMatchObject({
      value: "10,000",
      sentence: "You can raise it to 10,000.",
    });
    expect(file["limits.queue.max"].unit).toBeUndefined();
    expect(file["limits.httpPayload"]).toMatchObject({ value: "512KB", unit: "KB" });
    expect(file["limits.unused"]).toEqual({ value: 3, alsoOn: [] });
    expect(Object.keys(file)).toEqual([
      "limits.queue.default",
      "limits.queue.max",
      "limits.httpPayload",
      "limits.unused",
    ]);
  });
});
