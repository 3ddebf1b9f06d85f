/**
 * The assistant server's tools as `brook-docs mcp --help` lists them: small, so the CLI shows them
 * without loading the server (src/node/mcp/tools.ts defines each; a test keeps the two lists in step).
 */
export const TOOL_SUMMARIES: [signature: string, summary: string][] = [
  ["search_docs(query, limit?)", "the site's search: best pages first, each with its best section"],
  ["get_page(path_or_url)", "a page as Markdown, with its title, URL and last update"],
  ["list_pages(group?)", "the sidebar's groups and pages, with descriptions"],
  ["list_api_operations(tag?)", "the REST API's operations (from the published OpenAPI file)"],
  ["get_api_operation(operation)", "one operation: parameters, schemas, an example request"],
  ["get_limit(name?)", "Brook's figures as the pages state them"],
];
