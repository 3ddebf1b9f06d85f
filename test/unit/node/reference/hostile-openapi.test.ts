/**
 * The REST API's description is data from strangers: nesting and `$ref`s that would overflow a
 * stack or expand without end are diagnostics at the line that wrote them, never an internal
 * error or a hang of the main thread.
 */
import { describe, expect, it } from "vitest";
import { loadOpenApi } from "../../../../src/node/reference/openapi-load.ts";

const source = { values: {}, builtIn: { apiBase: "https://api.brook.example/v1" } };
const lineOf = (text: string, needle: string) =>
  text.slice(0, text.indexOf(needle)).split("\n").length;

/** A small valid description whose one response's schema is `schema` (YAML at 14 spaces), with `example`. */
const describeWith = (schema: string, components = "", example = "") => `openapi: 3.1.0
info:
  title: Probe
  version: "1"
servers:
  - url: https://api.brook.example/v1
security: []
paths:
  /things:
    get:
      operationId: listThings
      summary: List things
      responses:
        "400":
          description: Bad request
        "200":
          description: Things
          content:
            application/json:
              schema:
                ${schema}${example && `\n              example: ${example}`}
components:
  schemas:
    Thing:
      type: string
${components}`;

describe("a hostile OpenAPI description", () => {
  it.each([
    ["", "empty"],
    ["null\n", "empty"],
    ["- a\n- b\n", "a list"],
    ["hello\n", "a single value"],
  ])("refuses %j at its first line: an OpenAPI document is a mapping", async (text, what) => {
    const r = await loadOpenApi(text, "data/openapi.yaml", source);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        file: "data/openapi.yaml",
        line: 1,
        rule: "openapi",
        message: expect.stringContaining(`the description is ${what}:`),
      }),
    ]);
  });

  it("refuses nesting deeper than 64 levels at the line that goes too deep", async () => {
    // 400 levels: deep enough to overflow the YAML writer's stack when the description is published.
    const deep =
      "{type: object, properties: {a: ".repeat(400) + "{type: string}" + "}}".repeat(400);
    const text = describeWith(deep);
    const r = await loadOpenApi(text, "data/openapi.yaml", source);
    expect(r.loaded).toBeUndefined();
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({
      file: "data/openapi.yaml",
      line: lineOf(text, "{type: object"),
      rule: "openapi",
    });
    expect(r.diagnostics[0]!.message).toContain("nests deeper than 64 levels");
  });

  it("refuses an example nested too deep for the OpenAPI parser", async () => {
    const text = describeWith(`{type: array, example: ${"[".repeat(600)}${"]".repeat(600)}}`);
    const r = await loadOpenApi(text, "data/openapi.yaml", source);
    expect(r.diagnostics[0]).toMatchObject({ line: lineOf(text, "{type: array"), rule: "openapi" });
    expect(r.diagnostics[0]!.message).toContain("nests deeper than 64 levels");
  });

  it("refuses $refs that double at each level (2^25 values once followed), at the $ref that overflows", async () => {
    const levels = Array.from(
      { length: 25 },
      (_, i) => `    L${i}:
      type: object
      properties:
        a: {$ref: "#/components/schemas/L${i + 1}"}
        b: {$ref: "#/components/schemas/L${i + 1}"}
`,
    ).join("");
    const text = describeWith(
      `$ref: "#/components/schemas/L0"`,
      levels + "    L25: {type: string}\n",
    );
    const r = await loadOpenApi(text, "data/openapi.yaml", source);
    expect(r.loaded).toBeUndefined();
    const d = r.diagnostics.find((x) => x.message.includes("100,000 values"));
    expect(d).toMatchObject({ file: "data/openapi.yaml", rule: "openapi" });
    expect(d!.line).toBeGreaterThan(lineOf(text, "    L0:"));
  });

  it("refuses a chain of $refs that nests deeper than 64 levels once followed", async () => {
    const chain = Array.from(
      { length: 100 },
      (_, i) => `    C${i}: {type: array, items: {$ref: "#/components/schemas/C${i + 1}"}}\n`,
    ).join("");
    const text = describeWith(
      `$ref: "#/components/schemas/C0"`,
      chain + "    C100: {type: string}\n",
    );
    const r = await loadOpenApi(text, "data/openapi.yaml", source);
    expect(r.loaded).toBeUndefined();
    const d = r.diagnostics.find((x) => x.message.includes("64 levels"));
    expect(d).toMatchObject({ file: "data/openapi.yaml", rule: "openapi" });
    expect(d!.line).toBeGreaterThan(lineOf(text, "    C0:"));
  });

  it("still loads a description within the limits", async () => {
    const r = await loadOpenApi(
      describeWith(`$ref: "#/components/schemas/Thing"`, "", "a thing"),
      "x.yaml",
      source,
    );
    expect(r.diagnostics).toEqual([]);
  });
});
