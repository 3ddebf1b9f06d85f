/** The names of a build's files that the assistant server reads (the build's output layout). */
export const MANIFEST_FILE = "routes.json";
export const ASSETS_DIR = "assets/";
export const LLMS_INDEX_FILE = "llms.txt";
export const OPENAPI_FILE = "openapi.json";
export const VALUES_FILE = "values.json";
