/**
 * The dev server's live-reload messages (src/serve/live-reload.ts sends them, src/client/dev reads
 * them). `version` is the last good build's. An `update` names the pages that changed (`all`:
 * every page, as after a title or sidebar change), the site data file, and whether pages must
 * `reload` (code, config or assets changed) rather than update in place.
 */
export type LiveMessage =
  | { type: "hello"; version: number; error?: string }
  | { type: "update"; version: number; routes: string[]; all: boolean; siteFile: string; reload: boolean }
  | { type: "error"; version: number; text: string }
  | { type: "ok"; version: number };
