import type { BuildOptions } from "esbuild";

/** Options shared by the CLI bundle and the dev server's build bundle. */
export function nodeBundleOptions(root: string): BuildOptions;
