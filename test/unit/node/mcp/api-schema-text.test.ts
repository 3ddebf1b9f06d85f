import { describe, expect, it } from "vitest";
import { SchemaWriter } from "../../../../src/node/mcp/api-schema-text.ts";

const spec = {
  components: {
    schemas: {
      Id: { type: "string", pattern: "^wf_[a-z0-9]{24}$", description: "A workflow's ID." },
      Error: {
        type: "object",
        required: ["code"],
        properties: {
          code: { type: "string", enum: ["a", "b"] },
          param: { type: ["string", "null"] },
        },
      },
      Create: {
        type: "object",
        properties: {
          name: { type: "string", minLength: 1, maxLength: 100, description: "Its name." },
          copy_from: { $ref: "#/components/schemas/Id", description: "Copy this one." },
          tags: { type: "array", items: { type: "string" }, maxItems: 5 },
          limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
          throttle: { oneOf: [{ type: "null" }, { $ref: "#/components/schemas/Error" }] },
        },
        anyOf: [{ required: ["name"] }, { required: ["copy_from"] }],
      },
    },
  },
};

describe("SchemaWriter", () => {
  it("names a shared schema where it is used and writes each out once, with its constraints", () => {
    const w = new SchemaWriter(spec, "POST /x");
    expect(w.type({ $ref: "#/components/schemas/Create" })).toBe("Create");
    expect(w.type({ $ref: "#/components/schemas/Error" })).toBe("Error");
    expect(w.definitions()).toEqual([
      [
        "Create = {",
        "  name?: string (1–100 characters)  // Its name.",
        "  copy_from?: Id  // Copy this one.",
        "  tags?: string[] (≤ 5 items)",
        "  limit?: integer (1–100) = 20",
        "  throttle?: null | Error",
        "} & requires one of (name) or (copy_from)",
      ].join("\n"),
      'Error = {\n  code: "a" | "b"\n  param?: string | null\n}',
      "// A workflow's ID.\nId = string /^wf_[a-z0-9]{24}$/",
    ]);
  });

  it("refuses a schema nested past 64 levels, naming what it was writing", () => {
    let deep: unknown = { type: "string" };
    for (let i = 0; i < 100; i++) deep = { type: "array", items: deep };
    expect(() => new SchemaWriter({}, "GET /deep").type(deep)).toThrow(
      /GET \/deep in openapi\.json nests deeper than 64 levels/,
    );
  });
});
