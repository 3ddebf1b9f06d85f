/**
 * The REST API description in a whole build (issue 24): published as openapi.yaml and .json with
 * its values resolved, rendered into the pages that name an operation, those pages (and only
 * those) rendered again when it changes, and a broken description stops the build at its line.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { referenceSite, renderedCount, runCli } from "../helpers/site.ts";

const DESCRIPTION = `openapi: 3.1.0
info:
  title: Things
  version: v1
servers:
  - url: !value apiBase
paths:
  /things:
    get:
      operationId: listThings
      summary: List things
      description: Every thing there is.
      parameters:
        - name: limit
          in: query
          schema: { type: integer, minimum: 1, maximum: !value limits.pageSize.max }
      responses:
        "200":
          description: The things.
          content:
            application/json:
              schema:
                type: object
                required: [data]
                properties:
                  data: { type: array, items: { type: string } }
              example: { data: [a, b] }
        "400":
          description: The limit is out of range.
security: []
`;
let dir: string;
const cli = (...args: string[]) => runCli(dir, ...args);
const out = (path: string) => readFileSync(join(dir, "dist/docs/v2", path), "utf8");

beforeEach(() => {
  dir = referenceSite("openapi", DESCRIPTION, "\n## List things\n\n::operation{id=listThings}\n");
  const first = cli("build");
  expect(first.code, first.stderr).toBe(0);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the REST API description in a build", () => {
  it("publishes the description as YAML and JSON, values resolved, and renders the operation", () => {
    const json = JSON.parse(out("openapi.json"));
    expect(json.paths["/things"].get.parameters[0].schema.maximum).toBe(100);
    expect(json.servers[0].url).toBe("https://api.brook.example/v1");
    expect(out("openapi.yaml")).toContain("maximum: 100");
    expect(out("openapi.yaml")).not.toContain("!value");
    const page = out("guide/code/index.html");
    expect(page).toContain("<code>GET /things</code>");
    expect(page).toContain('data-label="cURL"');
    expect(page).toContain("https://api.brook.example/v1/things");
  });

  it("renders again exactly the page that shows an operation when the description changes", () => {
    writeFileSync(
      join(dir, "data/openapi.yaml"),
      DESCRIPTION.replace("Every thing there is.", "Each thing, newest first."),
    );
    const r = cli("build");
    expect(r.code, r.stderr).toBe(0);
    expect(renderedCount(r.stderr)).toBe(1);
    expect(out("guide/code/index.html")).toContain("Each thing, newest first.");
  });

  it("stops the build at the description's line when it is broken", () => {
    const broken = DESCRIPTION.replace(
      "      summary: List things\n",
      "      summary: List things\n      deprecated: maybe\n",
    );
    writeFileSync(join(dir, "data/openapi.yaml"), broken);
    const r = cli("build");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/data\/openapi\.yaml:(9|10|11|12):/);
    writeFileSync(
      join(dir, "data/openapi.yaml"),
      DESCRIPTION.replace("limits.pageSize.max", "limits.pageSize.most"),
    );
    const r2 = cli("build");
    expect(r2.code).not.toBe(0);
    expect(r2.stderr).toContain("data/openapi.yaml:16:");
    expect(r2.stderr).toContain("limits.pageSize.most");
  });

  it("never runs a pattern that can backtrack without end, and says where it is", () => {
    const schema = "data: { type: array, items: { type: string } }";
    const runaway = DESCRIPTION.replace(
      schema,
      'data: { type: array, items: { type: string, pattern: "^(a+)+$" } }',
    ).replace("example: { data: [a, b] }", `example: { data: [${"a".repeat(60)}!] }`);
    writeFileSync(join(dir, "data/openapi.yaml"), runaway);
    // Run by a backtracking engine, the example would take longer than the universe has.
    const r = cli("build");
    expect(r.code).not.toBe(0);
    const line = DESCRIPTION.split("\n").findIndex((l) => l.includes(schema)) + 1;
    expect(r.stderr).toMatch(
      new RegExp(`data/openapi\\.yaml:${line}:.*"\\^\\(a\\+\\)\\+\\$" is not safe`),
    );
    writeFileSync(
      join(dir, "data/openapi.yaml"),
      DESCRIPTION.replace(
        schema,
        'data: { type: array, items: { type: string, pattern: "^[a-z]+$" } }',
      ),
    );
    expect(cli("build").code).toBe(0);
  });

  it("reports a broken description together with a page's error, in one build", () => {
    writeFileSync(
      join(dir, "data/openapi.yaml"),
      DESCRIPTION.replace(
        "      summary: List things\n",
        "      summary: List things\n      deprecated: maybe\n",
      ),
    );
    writeFileSync(
      join(dir, "content/guide/other.md"),
      "---\ntitle: Other\ndescription: Another page.\n---\n\nSee {{ site.noSuchValue }}.\n",
    );
    const r = cli("build");
    expect(r.code).not.toBe(0);
    expect(r.stderr, r.stderr).toMatch(/data\/openapi\.yaml:(9|10|11|12):/);
    expect(r.stderr).toContain("content/guide/other.md:6:");
  });
});
