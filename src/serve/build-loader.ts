/**
 * Loads the build stages for the dev server from a fresh bundle of src/build.ts (and its worker),
 * so an edit to templates/ or src/ takes effect without restarting: each change is bundled into a
 * new folder and imported from there (an ES module is cached by URL, so a new URL is new code).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { BrookError } from "../errors.ts";
import type { buildSite as BuildSite } from "../build.ts";

/** The build entry of one bundle. */
export interface BuildModule {
  buildSite: typeof BuildSite;
  /** Hash of the bundle: changes exactly when the generator's code does. */
  version: string;
  dir: string;
}

/** How many old bundles to leave on disk (a worker of a build in flight may still load one). */
const KEEP_BUNDLES = 2;

/** Bundles src/build.ts + src/build-worker.ts from `root` into `cacheRoot/<n>-<hash>/` and imports it. */
export async function loadBuildModule(root: string, cacheRoot = join(root, "node_modules", ".cache", "brook-docs-dev")): Promise<BuildModule> {
  mkdirSync(cacheRoot, { recursive: true });
  let result;
  try {
    result = await build({
      absWorkingDir: root,
      entryPoints: { build: join(root, "src/build.ts"), "build-worker": join(root, "src/build-worker.ts") },
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      jsx: "automatic",
      write: false,
      outdir: "out",
      outExtension: { ".js": ".mjs" },
      logLevel: "silent",
    });
  } catch (e) {
    const first = (e as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : "";
    throw new BrookError(`${where}${first?.text ?? "the generator's code does not compile"}`, "fix the error in templates/ or src/; the server keeps the last good pages", { cause: e });
  }
  const hash = createHash("sha1");
  const outputs = result.outputFiles.map((f) => ({ name: f.path.slice(f.path.lastIndexOf("/out/") + 5), text: f.text })).sort((a, b) => a.name.localeCompare(b.name));
  for (const o of outputs) hash.update(o.name).update(o.text);
  const version = hash.digest("hex").slice(0, 12);
  const serial = readdirSync(cacheRoot).length;
  const dir = join(cacheRoot, `${Date.now().toString(36)}-${serial}-${version}`);
  mkdirSync(dir, { recursive: true });
  for (const o of outputs) writeFileSync(join(dir, o.name), o.text);
  pruneBundles(cacheRoot, dir);
  const mod = (await import(pathToFileURL(join(dir, "build.mjs")).href)) as { buildSite: typeof BuildSite };
  return { buildSite: mod.buildSite, version, dir };
}

/** A hash of the files a generator bundle is made of (the watcher compares it to skip no-op saves). */
export function sourceFingerprint(files: string[]): string {
  const hash = createHash("sha1");
  for (const f of files) hash.update(f).update(existsSync(f) ? readFileSync(f) : "");
  return hash.digest("hex");
}

function pruneBundles(cacheRoot: string, keep: string): void {
  const dirs = readdirSync(cacheRoot, { withFileTypes: true })
    .filter((e) => e.isDirectory() && join(cacheRoot, e.name) !== keep)
    .map((e) => e.name)
    .sort();
  for (const name of dirs.slice(0, Math.max(0, dirs.length - (KEEP_BUNDLES - 1)))) rmSync(join(cacheRoot, name), { recursive: true, force: true });
}
