import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadOpenApi } from "../../../../src/node/reference/openapi-load.ts";
import { values } from "../../../../data/values.ts";
import { realValueSource } from "../../../helpers/brook-data.ts";

const source = realValueSource();
const real = readFileSync(new URL("../../../../data/openapi.yaml", import.meta.url), "utf8");
const lineOf = (text: string, needle: string) =>
  text.slice(0, text.indexOf(needle)).split("\n").length;

describe("loadOpenApi", () => {
  it("loads the real description, every figure read from the values", async () => {
    const r = await loadOpenApi(real, "data/openapi.yaml", source);
    expect(r.diagnostics).toEqual([]);
    const { api, json, yaml, values: used } = r.loaded!;
    expect(api.operations.length).toBeGreaterThanOrEqual(28);
    const limit = api.byId.get("listSources")!.parameters.find((p) => p.name === "limit")!;
    expect(limit.schema).toMatchObject({
      maximum: values.limits.pageSize.max,
      default: values.limits.pageSize.default,
    });
    const settings = JSON.parse(json).components.schemas.Settings.properties;
    expect(settings.queue_size.maximum).toBe(10000);
    expect(settings.memory_mb.maximum).toBe(10240);
    expect(used).toContain("limits.queue.max");
    // The published YAML carries values, not tags.
    expect(yaml).not.toMatch(/: !value|: !text/);
    expect(yaml).toContain("maximum: 10240");
  });

  it("reports a spec violation at the YAML line that wrote it", async () => {
    const broken = real.replace(
      "      summary: Get a workflow\n",
      "      summary: Get a workflow\n      deprecated: sometimes\n",
    );
    const r = await loadOpenApi(broken, "data/openapi.yaml", source);
    expect(r.loaded).toBeUndefined();
    expect(r.diagnostics.length).toBeGreaterThan(0);
    const d = r.diagnostics[0]!;
    expect(d.file).toBe("data/openapi.yaml");
    expect(d.rule).toBe("openapi");
    const line = lineOf(broken, "deprecated: sometimes");
    expect(d.line).toBeGreaterThanOrEqual(line - 8);
    expect(d.line).toBeLessThanOrEqual(line);
  });

  it("reports an unknown value and a figure that is no number at the tag's line", async () => {
    const unknown = real.replace(
      "maximum: !value limits.pageSize.max",
      "maximum: !value limits.pageSize.most",
    );
    const r = await loadOpenApi(unknown, "data/openapi.yaml", source);
    expect(r.diagnostics[0]).toMatchObject({
      rule: "openapi-yaml",
      line: lineOf(unknown, "limits.pageSize.most"),
    });
    expect(r.diagnostics[0]!.message).toContain("limits.pageSize.most");
    const bad = real.replace(
      "maximum: !value limits.queue.max as number",
      "maximum: !value limits.props as number",
    );
    const r2 = await loadOpenApi(bad, "data/openapi.yaml", source);
    expect(r2.diagnostics[0]!.message).toContain("is not a number");
  });

  it("refuses an example its own schema refuses", async () => {
    const broken = real.replace(
      "example: { active: false, settings: { queue_size: 500 } }",
      "example: { active: false, settings: { queue_size: 50000 } }",
    );
    const r = await loadOpenApi(broken, "data/openapi.yaml", source);
    expect(r.diagnostics[0]).toMatchObject({ rule: "openapi-example" });
    expect(r.diagnostics[0]!.message).toContain("settings.queue_size must be <= 10000");
  });

  it("asks every JSON answer for an example, at the response's line", async () => {
    const line =
      '              examples: { workflow: { $ref: "#/components/examples/Workflow" } }\n';
    const at = real.indexOf(line);
    const without = real.slice(0, at) + real.slice(at + line.length);
    const r = await loadOpenApi(without, "data/openapi.yaml", source);
    const missing = r.diagnostics.filter((d) => d.message.includes("response has no example"));
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ rule: "openapi-example" });
    expect(missing[0]!.message).toMatch(/^\w+: the 200 response has no example/);
  });
});
