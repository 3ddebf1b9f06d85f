/**
 * The assistant server's tools (docs/design.md §9 fixes their names), in the order `--help` lists
 * them. Each takes the loaded docs and its arguments, answers with Markdown text of a size its
 * description states, and answers a question it cannot answer with a tool error.
 */
import { getApiOperation, listApiOperations } from "./api-tools.ts";
import { getLimit } from "./limit-tool.ts";
import { getPage, listPages, searchDocs } from "./page-tools.ts";
import type { Tool } from "./tool-result.ts";

export { toolError, type Tool, type ToolResult } from "./tool-result.ts";

/** The tools, in the order `--help` lists them. */
export const TOOLS: Tool[] = [
  searchDocs,
  getPage,
  listPages,
  listApiOperations,
  getApiOperation,
  getLimit,
];
