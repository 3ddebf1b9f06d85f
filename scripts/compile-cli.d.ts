// Types of compile-cli.js for the TypeScript that imports it (tests).

/** Returns the file URL of the bundled CLI, bundling it (and the client) first if any source is newer. */
export function compileCli(): Promise<string>;
