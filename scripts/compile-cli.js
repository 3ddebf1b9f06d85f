// Bundles the CLI, the build worker and the reader's client into node_modules/.cache/brook-docs-bin
// when a source is newer than the bundle; a start costs one stat per source file.
import {
  closeSync,
  openSync,
  statSync,
  readdirSync,
  existsSync,
  readFileSync,
  mkdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nodeBundleOptions } from "./node-bundle.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "node_modules", ".cache", "brook-docs-bin");
const assetsDir = join(outDir, "assets");
const entry = join(outDir, "cli.mjs");

function newestSource() {
  let newest = statSync(join(root, "package-lock.json")).mtimeMs;
  // One folder at a time: Node 20's recursive readdir takes about three times as long.
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.isFile() && /\.(ts|tsx|css|js)$/.test(e.name))
        newest = Math.max(newest, statSync(join(dir, e.name)).mtimeMs);
    }
  };
  for (const dir of ["src", "templates", "scripts"]) walk(join(root, dir));
  return newest;
}

const lockFile = join(dirname(outDir), "brook-docs-bin.lock");

function isStale() {
  return (
    !existsSync(entry) ||
    !existsSync(join(assetsDir, "index.json")) ||
    statSync(entry).mtimeMs < newestSource()
  );
}

/**
 * One process bundles at a time (tests start many CLIs at once): true when this one holds the
 * lock, false when another did the bundling while this one waited. A lock older than a minute
 * belongs to a process that died.
 */
async function takeLock() {
  mkdirSync(dirname(lockFile), { recursive: true });
  for (;;) {
    try {
      closeSync(openSync(lockFile, "wx"));
      return true;
    } catch {
      try {
        if (Date.now() - statSync(lockFile).mtimeMs > 60_000) rmSync(lockFile, { force: true });
      } catch {
        // The lock went away meanwhile.
      }
    }
    await new Promise((r) => setTimeout(r, 50));
    if (!existsSync(lockFile) && !isStale()) return false;
  }
}

/** Bundles the CLI, the worker and the client in place, then drops the files of earlier bundles. */
async function bundle() {
  const { build } = await import("esbuild");
  const result = await build({
    ...nodeBundleOptions(root),
    entryPoints: {
      cli: "src/cli.ts",
      "build-worker": "src/workers/build-worker.ts",
      // The REST API description's validation, on a thread of its own (src/reference/openapi-thread.ts).
      "openapi-worker": "src/reference/openapi-worker.ts",
      assets: "src/render/assets.ts",
    },
    outdir: outDir,
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
  });
  const made = new Set(Object.keys(result.metafile.outputs).map((f) => join(root, f)));
  for (const f of readdirSync(outDir))
    if (/\.mjs(\.map)?$/.test(f) && !made.has(join(outDir, f)))
      rmSync(join(outDir, f), { force: true });
  // The reader's client depends on the generator's code only: built here, once, not by every build.
  const { buildClientAssets } = await import(pathToFileURL(join(outDir, "assets.mjs")).href);
  const assets = await buildClientAssets(root);
  rmSync(assetsDir, { recursive: true, force: true });
  mkdirSync(assetsDir, { recursive: true });
  for (const f of assets.files) writeFileSync(join(assetsDir, f.path), f.content);
  const { files, ...names } = assets;
  writeFileSync(
    join(assetsDir, "index.json"),
    JSON.stringify({ ...names, files: files.map((f) => f.path) }),
  );
}

/** Returns the file URL of the bundled CLI, bundling it (and the client) first if any source is newer. */
export async function compileCli() {
  // React's production build: the development one renders several times slower.
  process.env.NODE_ENV ??= "production";
  if (isStale() && (await takeLock())) {
    try {
      if (isStale()) await bundle();
    } finally {
      rmSync(lockFile, { force: true });
    }
  }
  process.env.BROOK_DOCS_ROOT ??= root;
  process.env.BROOK_DOCS_ASSETS ??= assetsDir;
  process.env.BROOK_DOCS_GENERATOR ??= generatorVersion();
  return pathToFileURL(entry).href;
}

/** When the last bundle was written: its entry's and the client's index's modification times. */
function bundleStamp() {
  return `${statSync(entry).mtimeMs}/${statSync(join(assetsDir, "index.json")).mtimeMs}`;
}

/**
 * The cache key of everything the generator makes: its own code, the stylesheet and the client.
 * Hashed once per bundle (a few MB of code) and kept beside it, not by every start.
 */
function generatorVersion() {
  const file = join(outDir, "generator-version.txt");
  try {
    const [version, stamp] = readFileSync(file, "utf8").split(" ");
    if (stamp === bundleStamp()) return version;
  } catch {
    // Not hashed yet.
  }
  const hash = createHash("sha1").update(readFileSync(join(root, "templates", "theme.css")));
  for (const f of readdirSync(outDir)
    .filter((f) => f.endsWith(".mjs"))
    .sort())
    hash.update(readFileSync(join(outDir, f)));
  hash.update(readFileSync(join(assetsDir, "index.json")));
  const version = hash.digest("hex").slice(0, 12);
  try {
    writeFileSync(`${file}.${process.pid}`, `${version} ${bundleStamp()}`);
    renameSync(`${file}.${process.pid}`, file);
  } catch {
    // A read-only install hashes on every start.
  }
  return version;
}
