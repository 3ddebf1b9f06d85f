// The esbuild options of every Node-side bundle of the generator (the CLI, and the dev server's
// rebundled build), so the two never drift apart.

/** Options shared by the CLI bundle and the dev server's build bundle. */
export function nodeBundleOptions(root) {
  return {
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Dependencies are bundled in: a worker then starts from a few files instead of resolving and
    // loading some 300 modules (a one-page rebuild spent most of its time there). Left outside:
    // packages that start threads or binaries from their own files, or that only tests use.
    external: [
      "esbuild",
      "piscina",
      "chokidar",
      "ws",
      "fsevents",
      "playwright-core",
      "axe-core",
      "lighthouse",
      // The example checks load these when a block needs them: web-tree-sitter reads its .wasm
      // beside its own file, and TypeScript (9 MB) would weigh on every worker's start.
      "web-tree-sitter",
      "typescript",
    ],
    // Bundled CommonJS packages (React's server renderer) call require() for Node's modules.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    // React's production build only: the CLI runs it (compile-cli.js), and bundling the
    // development one too doubled what a worker compiles when it starts.
    define: { "process.env.NODE_ENV": '"production"' },
    jsx: "automatic",
    outExtension: { ".js": ".mjs" },
  };
}
