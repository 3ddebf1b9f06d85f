// Types of compile-cli.js for the TypeScript that imports it (tests).

/** Returns the file URL of the bundled CLI, bundling it (and the client) first if any source is newer. */
export function compileCli(): Promise<string>;
/** What the bundled CLI reads from its environment to find itself (set by its start). */
export function cliEnvironment(): Record<string, string>;
