// Bundles the CLI, the build worker and the reader's client into node_modules/.cache/brook-docs-bin
// when a source is newer than the bundle; a start costs one stat per source file.
import { statSync, readdirSync, existsSync, readFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nodeBundleOptions } from "./node-bundle.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "node_modules", ".cache", "brook-docs-bin");
const assetsDir = join(outDir, "assets");
const entry = join(outDir, "cli.mjs");

function newestSource() {
  let newest = 0;
  for (const dir of ["src", "templates", "scripts"]) {
    for (const e of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (e.isFile() && /\.(ts|tsx|css|js)$/.test(e.name)) newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
    }
  }
  return Math.max(newest, statSync(join(root, "package-lock.json")).mtimeMs);
}

/** Returns the file URL of the bundled CLI, bundling it (and the client) first if any source is newer. */
export async function compileCli() {
  // React's production build: the development one renders several times slower.
  process.env.NODE_ENV ??= "production";
  if (!existsSync(entry) || !existsSync(join(assetsDir, "index.json")) || statSync(entry).mtimeMs < newestSource()) {
    const { build } = await import("esbuild");
    rmSync(outDir, { recursive: true, force: true });
    await build({
      ...nodeBundleOptions(root),
      entryPoints: { cli: "src/cli.ts", "build-worker": "src/workers/build-worker.ts", assets: "src/render/assets.ts" },
      outdir: outDir,
      sourcemap: "linked",
      logLevel: "warning",
    });
    // The reader's client depends on the generator's code only: built here, once, not by every build.
    const { buildClientAssets } = await import(pathToFileURL(join(outDir, "assets.mjs")).href);
    const assets = await buildClientAssets(root);
    mkdirSync(assetsDir, { recursive: true });
    for (const f of assets.files) writeFileSync(join(assetsDir, f.path), f.content);
    const { files, ...names } = assets;
    writeFileSync(join(assetsDir, "index.json"), JSON.stringify({ ...names, files: files.map((f) => f.path) }));
  }
  process.env.BROOK_DOCS_ROOT ??= root;
  process.env.BROOK_DOCS_ASSETS ??= assetsDir;
  // The cache key of everything the generator makes: its own code, the stylesheet and the client.
  const hash = createHash("sha1").update(readFileSync(join(root, "templates", "theme.css")));
  for (const f of readdirSync(outDir).filter((f) => f.endsWith(".mjs")).sort()) hash.update(readFileSync(join(outDir, f)));
  hash.update(readFileSync(join(assetsDir, "index.json")));
  process.env.BROOK_DOCS_GENERATOR ??= hash.digest("hex").slice(0, 12);
  return pathToFileURL(entry).href;
}
