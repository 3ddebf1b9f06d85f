// Types of v8-flags.js for the TypeScript that imports it.

/** V8's flags for every process of the generator, as command-line arguments. */
export const V8_FLAGS: string[];
