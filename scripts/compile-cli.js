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
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nodeBundleOptions } from "./node-bundle.js";
import { V8_FLAGS } from "./v8-flags.js";

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
    !checkerSnapshotFits() ||
    statSync(entry).mtimeMs < newestSource()
  );
}

const checkerInfo = join(outDir, "step-checker.json");

/** Whether the step-types checker's snapshot was taken by this Node (or could not be taken by it). */
function checkerSnapshotFits() {
  try {
    const made = JSON.parse(readFileSync(checkerInfo, "utf8"));
    return (
      made.node === process.version &&
      made.arch === process.arch &&
      made.flags?.join(" ") === V8_FLAGS.join(" ")
    );
  } catch {
    return false;
  }
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
      cli: "src/node/cli.ts",
      "build-worker": "src/node/engine/build-worker.ts",
      // The REST API description's validation, on a thread of its own (src/node/reference/openapi-thread.ts).
      "openapi-worker": "src/node/reference/openapi-worker.ts",
      assets: "src/node/render/assets.ts",
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
  await bundleStepChecker(build);
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

/**
 * The step-types checker (src/node/examples/step-checker.ts) as one CommonJS file, and a V8 startup
 * snapshot of it taken once TypeScript is loaded and its library files are parsed and bound: a
 * build's checker process then starts in about 0.15 s instead of spending 0.9 s of CPU on them.
 * TypeScript stays in its own file (it finds its library files beside itself). A snapshot belongs
 * to one Node, one TypeScript and one install (paths are in it): its name is their hash. When it
 * cannot be taken, the process starts without it (src/node/examples/step-types-process.ts).
 */
async function bundleStepChecker(build) {
  const script = join(outDir, "step-checker.cjs");
  await build({
    absWorkingDir: root,
    entryPoints: ["src/node/examples/step-checker.ts"],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile: script,
    external: ["typescript"],
    // ts-program.ts finds TypeScript from import.meta.url only when nobody provided it: never here.
    logOverride: { "empty-import-meta": "silent" },
    logLevel: "warning",
  });
  const require = createRequire(import.meta.url);
  const tsFile = require.resolve("typescript");
  const nodeTypes = dirname(require.resolve("@types/node/package.json"));
  const hash = createHash("sha1")
    .update(readFileSync(script))
    .update(readFileSync(tsFile))
    .update(readFileSync(join(nodeTypes, "package.json")))
    .update([process.version, process.arch, root, ...V8_FLAGS].join("\n"))
    .digest("hex")
    .slice(0, 12);
  const blob = `step-checker-${hash}.blob`;
  const made = { blob, node: process.version, arch: process.arch, flags: V8_FLAGS };
  if (!existsSync(join(outDir, blob))) {
    const temp = join(outDir, `${blob}.${process.pid}`);
    try {
      const args = [...V8_FLAGS, "--snapshot-blob", temp, "--build-snapshot", script];
      execFileSync(process.execPath, args, {
        env: { ...process.env, BROOK_TS_FILE: tsFile, BROOK_NODE_TYPES: nodeTypes },
        stdio: ["ignore", "ignore", "pipe"],
      });
      renameSync(temp, join(outDir, blob));
    } catch (e) {
      rmSync(temp, { force: true });
      process.stderr.write(
        `brook-docs: the step-types checker's snapshot could not be taken; checks start without it\n${e.stderr ?? e}\n`,
      );
      made.blob = "";
    }
  }
  for (const f of readdirSync(outDir))
    if (/^step-checker-\w+\.blob$/.test(f) && f !== made.blob)
      rmSync(join(outDir, f), { force: true });
  writeFileSync(checkerInfo, JSON.stringify(made));
}

/**
 * Returns the file URL of the bundled CLI, bundling it (and the client) first if any source is
 * newer. It leaves this process's environment as it is: the CLI's start sets `cliEnvironment()`.
 */
export async function compileCli() {
  if (isStale() && (await takeLock())) {
    try {
      if (isStale()) await bundle();
    } finally {
      rmSync(lockFile, { force: true });
    }
  }
  return pathToFileURL(entry).href;
}

/**
 * What the bundled CLI reads from its environment to find itself (src/node/core/settings.ts): the
 * project's folder, the bundle's prebuilt client and its cache key; and React's production build,
 * as the development one renders several times slower. Call after `compileCli`.
 */
export function cliEnvironment() {
  return {
    NODE_ENV: "production",
    BROOK_DOCS_ROOT: root,
    BROOK_DOCS_ASSETS: assetsDir,
    BROOK_DOCS_GENERATOR: generatorVersion(),
  };
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
