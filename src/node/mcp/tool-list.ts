/**
 * The assistant server's tools as `brook-docs mcp --help` lists them: small, so the CLI shows them
 * without loading the server (src/node/mcp/tools.ts defines each; a test keeps the two lists in step).
 */
export const TOOL_SUMMARIES: [signature: string, summary: string][] = [
  [
    "search_docs(query, limit?)",
    "the site's search: best pages first, each with a passage of its best section",
  ],
  [
    "get_page(path_or_url, start?)",
    "a page as Markdown, or one section of it by #anchor; long ones in parts",
  ],
  ["list_pages(group?)", "the sidebar's groups and pages, with descriptions"],
  ["list_api_operations(tag?)", "the REST API's operations (from the published OpenAPI file)"],
  [
    "get_api_operation(operation, language?, start?)",
    "one operation: auth, parameters, schemas, errors, the example request",
  ],
  [
    "get_limit(name?)",
    "Brook's figures with their unit and the sentence of the docs that states them",
  ],
];
