/**
 * Module boundaries (STYLE.md) on the real import graph: esbuild resolves every import of the
 * client, the templates and src/shared, and the test fails when one of them reaches a Node
 * built-in or a build stage, however indirectly.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { builtinModules } from "node:module";
import { build, type Metafile } from "esbuild";
import { ROOT } from "../helpers/site.ts";

const files = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => join(dir, f));

/** The import graph of `entries`: module → what it imports (resolved paths, `node:` for built-ins). */
async function importGraph(entries: string[]): Promise<Map<string, string[]>> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    outdir: "out",
    format: "esm",
    platform: "neutral",
    // Packages and built-ins stay imports: our own modules are what the graph is about.
    packages: "external",
    jsx: "automatic",
    logLevel: "silent",
    mainFields: ["module", "main"],
  });
  const meta = result.metafile as Metafile;
  const builtin = (path: string) =>
    path.startsWith("node:") || builtinModules.includes(path.split("/")[0]!);
  return new Map(
    Object.entries(meta.inputs).map(([file, input]) => [
      file,
      input.imports.map((i) =>
        i.external && builtin(i.path) ? `node:${i.path.replace(/^node:/, "")}` : i.path,
      ),
    ]),
  );
}

const OWN_CODE_RE = /^(src|templates)\//;
const BROWSER_SAFE_RE = /^(src\/client\/|src\/shared\/|templates\/)/;

/** Imports that break the boundary: a browser-side module reaching a Node built-in or a build stage. */
function offenders(graph: Map<string, string[]>, browserSide: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const [file, imports] of graph) {
    if (!browserSide(file)) continue;
    for (const target of imports) {
      if (target.startsWith("node:") || (OWN_CODE_RE.test(target) && !BROWSER_SAFE_RE.test(target)))
        out.push(`${file} → ${target}`);
    }
  }
  return out;
}

describe("module boundaries (STYLE.md), on the real import graph", () => {
  it("keeps the client, the templates and src/shared away from Node built-ins and build stages", async () => {
    const graph = await importGraph([
      ...files("src/client"),
      ...files("templates"),
      ...files("src/shared"),
    ]);
    expect(graph.size).toBeGreaterThan(30);
    expect(offenders(graph, (f) => BROWSER_SAFE_RE.test(f))).toEqual([]);
  });

  it("finds the imports a browser module must not have (the check can fail)", async () => {
    // The render stage, looked at as if it were client code: it reaches react-dom/server's Node
    // build and, through the build function, node: built-ins and every stage.
    const graph = await importGraph(["src/node/engine/pipeline.ts"]);
    const found = offenders(graph, (f) => OWN_CODE_RE.test(f));
    expect(found).toContainEqual("src/node/content/read-stage.ts → node:path");
    expect(found).toContainEqual("src/node/engine/build-cache.ts → node:fs");
    expect(found.some((o) => o.endsWith("src/node/config/load.ts"))).toBe(true);
  });

  it("lets only src/node/cli.ts exit the process", () => {
    const offenders = files("src").filter(
      (f) =>
        f !== join("src", "node", "cli.ts") &&
        /process\.exit\(/.test(readFileSync(join(ROOT, f), "utf8")),
    );
    expect(offenders.map((f) => relative(ROOT, join(ROOT, f)))).toEqual([]);
  });
});
