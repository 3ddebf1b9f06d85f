import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadOpenApi } from "../../../../src/node/reference/openapi-load.ts";
import {
  LINT_NOT_MISTAKES,
  lintProblems,
  pointerPath,
} from "../../../../src/node/reference/openapi-lint.ts";
import { realValueSource } from "../../../helpers/brook-data.ts";
import { readFileSync } from "node:fs";

// The real description reads the error catalogue (its !errors tags), as the build gives it.
const source = realValueSource();
const real = readFileSync(new URL("../../../../data/openapi.yaml", import.meta.url), "utf8");
const lineOf = (text: string, needle: string) =>
  text.slice(0, text.indexOf(needle)).split("\n").length;

/** A small valid description, with `extra` schemas under components. */
const small = (extra: Record<string, unknown> = {}) => ({
  openapi: "3.1.0",
  info: { title: "T", version: "1", description: "d" },
  servers: [{ url: "https://api.brook.example/v1" }],
  security: [],
  paths: {
    "/things": {
      get: {
        operationId: "listThings",
        summary: "List things",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
          "400": { description: "bad" },
        },
      },
    },
  },
  components: { schemas: { Thing: { type: "object" }, ...extra } },
});

describe("lintProblems", () => {
  it("finds nothing in the real description", async () => {
    const r = await loadOpenApi(real, "data/openapi.yaml", source);
    expect(r.diagnostics).toEqual([]);
    expect(await lintProblems(JSON.parse(r.loaded!.json))).toEqual([]);
  });

  it("reports a stray key of a flow mapping at its line, under the openapi rule", async () => {
    const planted = real.replace(
      'name: { type: string, description: "The step\'s name, unique in the workflow." }',
      "name: { type: string, description: The step's name, unique in the workflow. }",
    );
    expect(planted).not.toBe(real);
    const r = await loadOpenApi(planted, "data/openapi.yaml", source);
    expect(r.loaded).toBeUndefined();
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({
      file: "data/openapi.yaml",
      line: lineOf(planted, "unique in the workflow. }"),
      rule: "openapi",
    });
    expect(r.diagnostics[0]!.message).toBe(
      "the description breaks Redocly's `struct` rule: Property `unique in the workflow.` is not expected here",
    );
    expect(r.diagnostics[0]!.hint).toContain("src/node/reference/openapi-lint.ts");
  });

  it("turns off a listed finding only where it is listed", async () => {
    expect(LINT_NOT_MISTAKES.every((n) => n.reason.length > 20)).toBe(true);
    const found = await lintProblems(small({ SseHandshake: { type: "object" }, Spare: {} }));
    expect(found).toEqual([
      expect.objectContaining({
        path: ["components", "schemas", "Spare"],
        rule: "openapi",
        message: expect.stringContaining("`no-unused-components`"),
      }),
    ]);
  });

  it("reads no file and no URL a $ref names", async () => {
    const dir = mkdtempSync(join(tmpdir(), "brook-lint-"));
    const secret = join(dir, "secret.json");
    writeFileSync(secret, JSON.stringify({ type: "object", properties: { oops: 1 } }));
    for (const ref of [secret, "http://127.0.0.1:9/schema.json"]) {
      const found = await lintProblems(small({ Other: { $ref: ref } }));
      const unresolved = found.filter((p) => p.message.includes("no-unresolved-refs"));
      expect(unresolved).toHaveLength(1);
      expect(unresolved[0]!.message).toContain("the build does not read");
    }
  });
});

describe("pointerPath", () => {
  it("unescapes a JSON pointer as the linter writes it", () => {
    expect(pointerPath("#/paths/~1workflows~1{id}/get")).toEqual([
      "paths",
      "/workflows/{id}",
      "get",
    ]);
    expect(pointerPath("#/components/schemas/a~0b/unique in it.")).toEqual([
      "components",
      "schemas",
      "a~b",
      "unique in it.",
    ]);
    expect(pointerPath("#/")).toEqual([]);
  });
});
