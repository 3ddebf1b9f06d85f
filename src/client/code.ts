/**
 * The code blocks' chunk, loaded on first use: `copy` (copy-code.ts) on the first click of a copy
 * button, `tabs` (code-groups.ts) by pages that have code groups. One chunk for both keeps the
 * page bundle's share of it to one import.
 */
export { copyCode as copy } from "./copy-code.ts";
export { default as tabs } from "./code-groups.ts";
