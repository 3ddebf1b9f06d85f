// Bundles src/cli.ts and the build worker into node_modules/.cache/brook-docs-bin when stale.
import { statSync, readdirSync, existsSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nodeBundleOptions } from "./node-bundle.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "node_modules", ".cache", "brook-docs-bin");
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

/** Returns the file URL of the bundled CLI, bundling it first if any source is newer. */
export async function compileCli() {
  // React's production build: the development one renders several times slower.
  process.env.NODE_ENV ??= "production";
  if (!existsSync(entry) || statSync(entry).mtimeMs < newestSource()) {
    const { build } = await import("esbuild");
    await build({
      ...nodeBundleOptions(root),
      entryPoints: { cli: "src/cli.ts", "build-worker": "src/build-worker.ts" },
      outdir: outDir,
      sourcemap: "linked",
      logLevel: "warning",
    });
  }
  process.env.BROOK_DOCS_ROOT ??= root;
  // The cache key of everything the generator makes: its own code and the stylesheet.
  const hash = createHash("sha1").update(readFileSync(join(root, "templates", "theme.css")));
  for (const f of readdirSync(outDir).filter((f) => f.endsWith(".mjs")).sort()) hash.update(readFileSync(join(outDir, f)));
  process.env.BROOK_DOCS_GENERATOR ??= hash.digest("hex").slice(0, 12);
  return pathToFileURL(entry).href;
}
