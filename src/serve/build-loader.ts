/**
 * Loads the build stages for the dev server from a fresh bundle of src/build.ts (and its worker),
 * so an edit to templates/ or src/ takes effect without restarting: each change is bundled into a
 * new folder and imported from there (an ES module is cached by URL, so a new URL is new code).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { nodeBundleOptions } from "../../scripts/node-bundle.js";
import { BrookError } from "../errors.ts";
import type { buildSite as BuildSite } from "../build.ts";

/** The build entry of one bundle. */
export interface BuildModule {
  buildSite: typeof BuildSite;
  /** Hash of the bundle: changes exactly when the generator's code does. */
  version: string;
  dir: string;
}

/** How many bundles a loader leaves on disk (a worker of a build in flight may still load the previous one). */
const KEEP_BUNDLES = 2;
let loaders = 0;

/** Bundles and imports the generator for one dev server; its bundles live in a folder of its own. */
export class BuildLoader {
  private readonly dir: string;
  private serial = 0;

  constructor(private readonly root: string) {
    const parent = join(root, "node_modules", ".cache", "brook-docs-dev");
    this.dir = join(parent, `${process.pid}-${loaders++}`);
    mkdirSync(this.dir, { recursive: true });
    pruneDeadProcesses(parent);
  }

  /** Bundles src/build.ts + src/build-worker.ts into a new folder and imports it; BrookError when the code does not compile. */
  async load(): Promise<BuildModule> {
    const root = this.root;
    let result;
    try {
      result = await build({
        ...nodeBundleOptions(root),
        entryPoints: { build: join(root, "src/build.ts"), "build-worker": join(root, "src/build-worker.ts") },
        write: false,
        outdir: "out",
        logLevel: "silent",
        // The bundle lives under node_modules/.cache: tell it where the project is (its worker too).
        define: { "process.env.BROOK_DOCS_ROOT": JSON.stringify(root) },
      });
    } catch (e) {
      const first = (e as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
      const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : "";
      throw new BrookError(`${where}${first?.text ?? "the generator's code does not compile"}`, "fix the error in templates/ or src/; the server keeps the last good pages", { cause: e });
    }
    const hash = createHash("sha1");
    const outputs = result.outputFiles
      .map((f) => ({ name: f.path.slice(f.path.lastIndexOf("/out/") + 5), text: f.text }))
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const o of outputs) hash.update(o.name).update(o.text);
    const version = hash.digest("hex").slice(0, 12);
    const dir = join(this.dir, `${String(this.serial++).padStart(6, "0")}-${version}`);
    mkdirSync(dir, { recursive: true });
    for (const o of outputs) writeFileSync(join(dir, o.name), o.text);
    const old = readdirSync(this.dir).sort().slice(0, -KEEP_BUNDLES);
    for (const name of old) rmSync(join(this.dir, name), { recursive: true, force: true });
    const mod = (await import(pathToFileURL(join(dir, "build.mjs")).href)) as { buildSite: typeof BuildSite };
    return { buildSite: mod.buildSite, version, dir };
  }

  /** Removes this loader's bundles. */
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function pruneDeadProcesses(parent: string): void {
  for (const name of readdirSync(parent)) {
    const pid = Number(name.split("-")[0]);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ESRCH") rmSync(join(parent, name), { recursive: true, force: true });
    }
  }
}
