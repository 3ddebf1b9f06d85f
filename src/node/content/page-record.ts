/**
 * What the build knows of one content file between builds: its signature and hash, its
 * frontmatter, and its last parse with what the parse read (the site values, by value). The read
 * stage makes these records, the pages stage adds the parses, the build cache keeps them.
 */
import type { PageFacts } from "./parse-page.ts";
import type { PageSource } from "./frontmatter/page-source.ts";

/** A page's parse: its facts, and the site values it read with their values then. */
export interface CachedParse {
  /** Names the body's HTML file (with what it read); changes with the file, the base and the generator. */
  key: string;
  facts: PageFacts;
  values: Record<string, string>;
}

/** What the cache knows of one content file. */
export interface CachedPage {
  /** `size:mtime:ctime:inode`: the file has not changed while this stays the same. */
  sig: string;
  hash: string;
  source: Omit<PageSource, "body">;
  parse?: CachedParse;
}
