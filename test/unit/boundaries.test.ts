/**
 * Module boundaries (docs/design.md §1, "where code runs") on the real import graph: esbuild resolves
 * every import, type-only imports left out, and the test fails when a module reaches across a
 * line, however indirectly for the browser side:
 * - the client, the templates and src/shared never reach a Node built-in or Node code;
 * - src/shared imports src/shared only; src/node/core imports core and src/shared only;
 * - only the commands that build (build-site.ts, the dev server) import the engine: no stage and
 *   no checker does;
 * - the output is written by src/node/write alone: the code that writes it is imported from
 *   outside only by the engine, the commands that choose where the output goes, and the page
 *   task the workers run (which writes through write/output-folder.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
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

/** The import graph of every module under `dir`, resolved as Node resolves it. */
async function nodeGraph(dir: string): Promise<Map<string, string[]>> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: files(dir),
    bundle: true,
    write: false,
    metafile: true,
    outdir: "out",
    format: "esm",
    platform: "node",
    packages: "external",
    jsx: "automatic",
    logLevel: "silent",
  });
  const meta = result.metafile as Metafile;
  return new Map(
    Object.entries(meta.inputs).map(([file, input]) => [file, input.imports.map((i) => i.path)]),
  );
}

/** `from → to` for every import of a module `from` matches into a module `to` matches. */
function importsAcross(
  graph: Map<string, string[]>,
  from: (file: string) => boolean,
  to: (file: string) => boolean,
): string[] {
  const out: string[] = [];
  for (const [file, imports] of graph)
    if (from(file)) for (const target of imports) if (to(target)) out.push(`${file} → ${target}`);
  return out;
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

  describe("the Node side's layers and owners", () => {
    let graph: Map<string, string[]>;
    const under = (dir: string) => (f: string) => f.startsWith(dir);
    const ownCode = (f: string) => OWN_CODE_RE.test(f);

    beforeAll(async () => {
      graph = await nodeGraph("src/node");
    });

    it("reads the graph of every module of src/node", () => {
      expect(graph.size).toBeGreaterThan(200);
    });

    it("keeps src/shared to itself, and src/node/core to itself and src/shared", () => {
      const shared = under("src/shared/");
      expect(importsAcross(graph, shared, (t) => ownCode(t) && !shared(t))).toEqual([]);
      const core = under("src/node/core/");
      expect(importsAcross(graph, core, (t) => ownCode(t) && !core(t) && !shared(t))).toEqual([]);
    });

    it("lets only the commands that build import the engine: no stage, no checker", () => {
      const engine = under("src/node/engine/");
      const callers = new Set(
        importsAcross(graph, (f) => !engine(f), engine).map((e) => e.split(" → ")[0]),
      );
      expect([...callers].sort()).toEqual([
        "src/node/build-site.ts",
        "src/node/serve/dev-session.ts",
      ]);
    });

    it("lets only src/node/write write the output", () => {
      // The modules that write: the writers, the output folder's rules, the write stage, the targets.
      const writing = (t: string) =>
        /^src\/node\/write\/(writer|memory-writer|dev-writer|output-folder|write-stage|output-target|site-files)\.ts$/.test(
          t,
        );
      const users = new Set(
        importsAcross(graph, (f) => !under("src/node/write/")(f), writing).map(
          (e) => e.split(" → ")[0],
        ),
      );
      expect([...users].sort()).toEqual([
        "src/node/build-site.ts",
        "src/node/engine/build-worker.ts",
        "src/node/engine/deferred-work.ts",
        "src/node/engine/pipeline.ts",
        "src/node/pages/page-task.ts",
        "src/node/serve/dev-session.ts",
      ]);
    });

    it("finds an import across a line when there is one (the checks can fail)", () => {
      const withStray = new Map(graph);
      withStray.set("src/node/search/stray.ts", ["src/node/engine/pipeline.ts"]);
      const engine = under("src/node/engine/");
      expect(importsAcross(withStray, (f) => !engine(f), engine)).toContain(
        "src/node/search/stray.ts → src/node/engine/pipeline.ts",
      );
    });
  });
});
