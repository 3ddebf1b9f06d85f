import { describe, expect, it } from "vitest";
import { findOperation } from "../../../../src/node/mcp/api-operations.ts";
import { indexApi } from "../../../../src/shared/openapi/operations.ts";

const op = (operationId: string, summary: string, tags: string[]) => ({
  operationId,
  summary,
  tags,
  responses: {},
});
const api = indexApi({
  servers: [{ url: "https://api.brook.example/v1" }],
  paths: {
    "/subscriptions": {
      get: op("listSubscriptions", "List subscriptions", ["Subscriptions"]),
      post: op("createSubscription", "Create a subscription", ["Subscriptions"]),
    },
    "/subscriptions/{id}": {
      delete: op("deleteSubscription", "Delete a subscription", ["Subscriptions"]),
    },
    "/workflows/{id}": { get: op("getWorkflow", "Get a workflow", ["Workflows"]) },
    "/users/me": { get: op("getCurrentUser", "Get the current user", ["Users"]) },
  },
});
const name = (asked: string) => {
  const found = findOperation(api, asked);
  return found.op
    ? [found.matched, found.op.id]
    : ["miss", found.why, found.closest.map((o) => o.id)];
};

describe("findOperation", () => {
  it("takes an operationId, a METHOD and a path template, or a real path with or without the base", () => {
    expect(name("createsubscription")).toEqual(["exactly", "createSubscription"]);
    expect(name("DELETE /subscriptions/{id}")).toEqual(["exactly", "deleteSubscription"]);
    expect(name("get https://api.brook.example/v1/workflows/wf_123?x=1")).toEqual([
      "exactly",
      "getWorkflow",
    ]);
    expect(name("GET /users/me")).toEqual(["exactly", "getCurrentUser"]);
  });

  it("matches words only when one operation holds all of them best", () => {
    expect(name("how do I create a subscription?")).toEqual(["by its words", "createSubscription"]);
    expect(name("remove a subscription")).toEqual(["by its words", "deleteSubscription"]);
    expect(name("subscriptions please")[0]).toBe("miss");
  });

  it("answers a name it does not have with the closest ones, never another operation", () => {
    expect(name("DELETE /workflows/{id}")).toEqual([
      "miss",
      "/workflows/{id} takes GET, not DELETE",
      ["getWorkflow", "deleteSubscription", "getCurrentUser"],
    ]);
    expect(name("getWorkflows")).toEqual([
      "miss",
      "no operation has that operationId",
      ["getWorkflow", "getCurrentUser", "listSubscriptions"],
    ]);
    const junk = name("q".repeat(50_000));
    expect(junk[0]).toBe("miss");
  });
});
