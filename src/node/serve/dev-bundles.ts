/**
 * The generator's own code, bundled again by the dev server when it changes: the build worker
 * (templates and page code) into a folder of its own per version, and the live-reload client.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { nodeBundleOptions } from "../../../scripts/node-bundle.js";
import { BrookError } from "../core/errors.ts";

/** Bundles of the build worker, each in a folder of its own under `dir` (a new URL is new code). */
export class WorkerBundles {
  private serial = 0;

  constructor(
    private readonly root: string,
    readonly dir: string,
  ) {}

  /** Bundles the build worker from the project's sources; throws a BrookError when they do not compile. */
  async next(): Promise<URL> {
    const root = this.root;
    let result;
    try {
      result = await build({
        ...nodeBundleOptions(root),
        entryPoints: { "build-worker": join(root, "src/node/engine/build-worker.ts") },
        write: false,
        outdir: "out",
        logLevel: "silent",
      });
    } catch (e) {
      throw compileError(
        e,
        "fix the error in templates/ or src/; the server keeps the last good pages",
      );
    }
    const hash = createHash("sha1");
    for (const f of result.outputFiles) hash.update(f.path).update(f.text);
    const dir = join(
      this.dir,
      `${String(this.serial++).padStart(4, "0")}-${hash.digest("hex").slice(0, 10)}`,
    );
    mkdirSync(dir, { recursive: true });
    for (const f of result.outputFiles)
      writeFileSync(join(dir, f.path.slice(f.path.lastIndexOf("/out/") + 5)), f.text);
    // Keep the two newest: workers of the session being replaced may still be reading the last one.
    for (const old of readdirSync(this.dir).sort().slice(0, -2))
      rmSync(join(this.dir, old), { recursive: true, force: true });
    return new URL("build-worker.mjs", pathToFileURL(dir + "/"));
  }

  /** Removes every bundle made. */
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Bundles src/client/dev (the live-reload client) for the browser. */
export async function bundleDevClient(root: string): Promise<string> {
  const entry = join(root, "src", "client", "dev", "main.ts");
  if (!existsSync(entry)) return "";
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2020"],
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

/** An esbuild failure as the CLI shows it: `file:line:col: message`, and a hint. */
export function compileError(e: unknown, hint: string): BrookError {
  const first = (
    e as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }
  ).errors?.[0];
  const where = first?.location
    ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: `
    : "";
  return new BrookError(`${where}${first?.text ?? "the generator's code does not compile"}`, hint, {
    cause: e,
  });
}
