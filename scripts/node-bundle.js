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
    packages: "external",
    jsx: "automatic",
    outExtension: { ".js": ".mjs" },
  };
}
