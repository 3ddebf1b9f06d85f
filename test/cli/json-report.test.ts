/**
 * The shape of the `--format json` report, pinned: a change here is a change for every bot that
 * reads it (docs/ci.md, "The JSON report"). Adding a key means updating this test and the docs;
 * removing or retyping one also means raising `version`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempSite } from "../helpers/site.ts";
import { runCli } from "./run-cli.ts";

/** Keys and value types, recursively; an array is described by its first item. */
function shape(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (typeof value === "object")
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

const DIAGNOSTIC = {
  file: "string",
  line: "number",
  column: "number",
  rule: "string",
  severity: "string",
  message: "string",
  hint: "string",
};
const COMMON = {
  version: "number",
  command: "string",
  generator: { name: "string", version: "string" },
  ok: "boolean",
  exitCode: "number",
  counts: { errors: "number", warnings: "number" },
  diagnostics: [DIAGNOSTIC],
  pages: "number",
  timings: expect.any(Object),
};

/** Timings: milliseconds by stage (the stages are the engine's to name), always with `total`. */
function expectTimings(timings: Record<string, unknown>): void {
  expect(Object.keys(timings)).toContain("total");
  expect(Object.values(timings).every((v) => typeof v === "number")).toBe(true);
}

let dir: string;
beforeAll(async () => {
  dir = tempSite("ci-site");
  expect((await runCli(dir, ["build"])).code).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the JSON report", () => {
  it("of build: keys in this order, these types", async () => {
    const r = await runCli(dir, ["build", "--format", "json"]);
    const report = JSON.parse(r.stdout);
    expect(shape(report)).toEqual({ ...COMMON, files: "number", strict: "boolean", out: "string" });
    expect(Object.keys(report)).toEqual([
      "version",
      "command",
      "generator",
      "ok",
      "exitCode",
      "counts",
      "diagnostics",
      "pages",
      "timings",
      "files",
      "strict",
      "out",
    ]);
    expectTimings(report.timings);
    expect(report.version).toBe(1);
    expect(report.generator).toEqual({
      name: "brook-docs",
      version: JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version,
    });
    expect(Object.keys(report.diagnostics[0])).toEqual([
      "file",
      "line",
      "column",
      "rule",
      "severity",
      "message",
      "hint",
    ]);
  });

  it("of check-links: the same, with the links checked instead of files", async () => {
    const r = await runCli(dir, ["check-links", "--format", "json"]);
    const report = JSON.parse(r.stdout);
    expect(shape(report)).toEqual({
      ...COMMON,
      links: {
        checked: "number",
        external: "boolean",
        list: [{ url: "string", kind: "string", count: "number" }],
      },
    });
    expect(Object.keys(report)).toEqual([
      "version",
      "command",
      "generator",
      "ok",
      "exitCode",
      "counts",
      "diagnostics",
      "pages",
      "timings",
      "links",
    ]);
    expectTimings(report.timings);
    const kinds = new Set(report.links.list.map((l: { kind: string }) => l.kind));
    expect(
      [...kinds].every((k) =>
        ["page", "anchor", "asset", "external", "redirect", "sitemap"].includes(k as string),
      ),
    ).toBe(true);
    // The `_redirects` lines of index.html aliases are redirects too.
    expect(kinds).toEqual(new Set(["page", "anchor", "asset", "redirect", "sitemap"]));
  });

  it("is whole through a pipe, however long: the CLI exits only once stdout is flushed", async () => {
    // About 2,000 distinct anchors: a report several times the 64 KB a pipe takes at once.
    const headings = Array.from(
      { length: 2000 },
      (_, i) => `## Heading number ${i}\n\n[back to ${i}](#heading-number-${i})\n`,
    ).join("\n");
    const big = tempSite("ci-site", {
      "content/many-links.md": `---\ntitle: Many links\ndescription: A page of two thousand headings, each linked.\n---\n\n${headings}`,
    });
    try {
      const built = await runCli(big, ["build"]);
      expect(built.stderr).toMatch(/built/);
      expect(built.code).toBe(0);
      const r = await runCli(big, ["check-links", "--format", "json"]);
      expect(r.stdout.length).toBeGreaterThan(3 * 65536);
      const report = JSON.parse(r.stdout);
      expect(
        report.links.list.filter((l: { kind: string }) => l.kind === "anchor").length,
      ).toBeGreaterThanOrEqual(2000);
    } finally {
      rmSync(big, { recursive: true, force: true });
    }
  });

  it("of a failed run: unknown counts and places are null, never missing", async () => {
    const r = await runCli(dir, ["check-links", "no-such-dist", "--format", "json"]);
    const report = JSON.parse(r.stdout);
    expect(report.pages).toBeNull();
    expect(report.diagnostics[0]).toEqual({
      file: "no-such-dist",
      line: null,
      column: null,
      rule: "error",
      severity: "error",
      message: expect.any(String),
      hint: expect.any(String),
    });
  });
});
