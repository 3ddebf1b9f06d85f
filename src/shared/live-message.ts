/**
 * The dev server's live-reload messages (src/serve/live-reload.ts sends them, src/client/dev reads
 * them). `version` is the last good build's. An `update` names the pages that changed (`all`:
 * every page, as after a title or sidebar change), the site data file, and whether pages must
 * `reload` (code, config or assets changed) rather than update in place. `dataFiles` gives the
 * new data file of each changed route (without the base) unless every page changed, so a page
 * updates without reading the route manifest (half a megabyte at 4,000 pages).
 */
export type LiveMessage =
  | { type: "hello"; version: number; error?: string }
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
