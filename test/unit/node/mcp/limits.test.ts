import { describe, expect, it } from "vitest";
import { findFigures, type Figure } from "../../../../src/node/mcp/limits.ts";

const figure = (name: string, value: string | number, section = "", unit?: string): Figure => ({
  name,
  value,
  ...(unit && { unit }),
  ...(section && { page: { route: "/limits/", title: "Limits", section, url: "u" } }),
  alsoOn: [],
});
const figures = [
  figure("limits.httpPayload", "512KB", "HTTP trigger payload", "KB"),
  figure("limits.queue.default", 100, "Workflow event queue", "events"),
  figure("limits.queue.max", "10,000", "Workflow event queue", "events"),
  figure("limits.apiRate", 60, "REST API rate", "requests a minute per token"),
  figure("limits.httpRate.perSecond", 10, "HTTP trigger rate", "requests per second"),
];
const names = (asked: string) => {
  const { found, closest } = findFigures(figures, asked);
  return found.length
    ? found.map((f) => f.name)
    : ["miss", ...closest.slice(0, 2).map((f) => f.name)];
};

describe("findFigures", () => {
  it("takes a key or a group exactly, else the figures whose key, section or unit hold every word", () => {
    expect(names("limits.queue.max")).toEqual(["limits.queue.max"]);
    expect(names("limits.queue")).toEqual(["limits.queue.default", "limits.queue.max"]);
    expect(names("http payload")).toEqual(["limits.httpPayload"]);
    expect(names("What is the maximum queue size?")).toEqual([
      "limits.queue.max",
      "limits.queue.default",
    ]);
    expect(names("requests per minute")).toEqual(["limits.apiRate"]);
    expect(names("rate limit")).toEqual(["limits.apiRate", "limits.httpRate.perSecond"]);
  });

  it("answers a name that matches nothing with the closest figures, never another one", () => {
    expect(names("limits.queue.maximum")).toEqual([
      "miss",
      "limits.queue.max",
      "limits.queue.default",
    ]);
    expect(names("warp drive")[0]).toBe("miss");
    expect(names("z".repeat(50_000))[0]).toBe("miss");
    expect(names("maximum")[0]).toBe("miss");
  });
});
