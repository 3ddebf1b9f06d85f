/**
 * The dev server's live-reload messages (src/node/serve/live-reload.ts sends them, src/client/dev reads
 * them). `version` is the last good build's. An `update` names the pages that changed (`all`:
 * every page, as after a title or sidebar change), the site data file, and whether pages must
 * `reload` (code, config or assets changed) rather than update in place. `dataFiles` gives the
 * new data file of each changed route (without the base) unless every page changed, so a page
 * updates without reading the route manifest (half a megabyte at 4,000 pages).
 */
export type LiveMessage =
  /** `publishedAt`: when the build `version` went out (epoch ms): a page loaded before it is behind. */
  | { type: "hello"; version: number; publishedAt?: number; error?: string }
  | {
      type: "update";
      version: number;
      routes: string[];
      all: boolean;
      siteFile: string;
      reload: boolean;
      dataFiles: Record<string, string>;
    }
  | { type: "error"; version: number; text: string }
  | { type: "ok"; version: number };

/**
 * Where the dev server serves its live-reload client, outside the base so it cannot shadow a
 * page; the page render links it when told to (the dev server's builds only).
 */
export const DEV_CLIENT_PATH = "/__brook/dev.js";
