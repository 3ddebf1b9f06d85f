/**
 * The build cache of one content folder, under node_modules/.cache/brook-docs/ (what the
 * benchmark clears for a cold build): what each file was (size, times, hash), its frontmatter,
 * its parse facts with their dependencies, the outputs of the last build (to reuse them when their
 * inputs did not change), the search index, and the highlighted code blocks. Bodies' HTML lives
 * in files of their own, written by the workers and read only when a page is rendered again.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { bodyFileName, bodyMarkdownFile } from "../content/body-file.ts";
import type { CachedConfig } from "../config/config-stage.ts";
import type { CachedPage, CachedParse } from "../content/page-record.ts";
import type { OutputState } from "../write/output-state.ts";
import { hashKey } from "../core/cache-keys.ts";
import type { SearchCounts, SearchIndexCache } from "../search/search-stage.ts";
import type { FileMemo } from "../content/file-deps.ts";
import type { ExampleMemo } from "../examples/examples-stage.ts";

/** Bump when the cached shapes change. */
const CACHE_FORMAT = 9;

/** Everything kept between builds except bodies and highlighted blocks. */
export interface CacheState {
  pages: Map<string, CachedPage>;
  output?: OutputState;
  /** Search index files by the hash of their input. */
  search: SearchIndexCache;
  /** What the search counts file holds (see searchCountsPath). */
  searchCounts?: SearchCounts;
  config?: CachedConfig;
  /** The files pages read besides their own (includes, snippets, images), as last hashed. */
  files: FileMemo;
  /** The example checks' verdicts by block (src/node/examples/examples-stage.ts). */
  examples?: ExampleMemo;
}

/** A state with nothing in it. */
export function emptyState(): CacheState {
  return { pages: new Map(), search: new Map(), files: new Map() };
}

/** The cache folder of one content folder (one each: a fixture or a corpus must not evict the docs' cache). */
export function cacheDir(cwd: string, contentDir: string): string {
  return join(cwd, "node_modules", ".cache", "brook-docs", hashKey(contentDir).slice(0, 12));
}

/** The build cache of one content folder. */
export class BuildCache {
  /** The state file's bytes as last read or written: a save of the same bytes is skipped. */
  private loaded: Buffer | undefined;

  /** `generator`: the generator's version; a state saved by another is not read. */
  constructor(
    readonly dir: string,
    private readonly generator: string,
  ) {}

  /** Where the bodies of a parse key are kept: the stem of their files (see bodyFileName). */
  bodyStem(key: string): string {
    return join(this.dir, "bodies", key);
  }

  /** The file of a cached parse's body. */
  bodyPath(parse: CachedParse): string {
    return bodyFileName(this.bodyStem(parse.key), parse.facts.deps, parse.values);
  }

  /** The file of highlighted blocks the workers seed themselves from. */
  get highlightsPath(): string {
    return join(this.dir, "highlights.bin");
  }

  /** The counts the last search index was made of (../search/task.ts). */
  get searchCountsPath(): string {
    return join(this.dir, "search-counts.bin");
  }

  /** Loads the state, or an empty one when absent, of another format or generator, or unreadable. */
  load(): CacheState {
    const file = join(this.dir, "state.bin");
    if (!existsSync(file)) return emptyState();
    try {
      const bytes = readFileSync(file);
      this.loaded = bytes;
      const data = deserialize(bytes) as { format: number; generator: string; state: CacheState };
      if (data.format !== CACHE_FORMAT || data.generator !== this.generator) {
        rmSync(this.dir, { recursive: true, force: true });
        return emptyState();
      }
      return data.state;
    } catch {
      return emptyState();
    }
  }

  /** Saves the state (what this build used) and drops the bodies it no longer names. */
  save(state: CacheState): void {
    const bytes = serialize({ format: CACHE_FORMAT, generator: this.generator, state });
    // A build that changed nothing (the common warm build) leaves the cache as it found it.
    if (this.loaded?.equals(bytes)) return;
    mkdirSync(this.dir, { recursive: true });
    const file = join(this.dir, "state.bin");
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
    this.loaded = bytes;
    const keep = new Set<string>();
    for (const p of state.pages.values()) {
      if (!p.parse) continue;
      const name = bodyFileName(p.parse.key, p.parse.facts.deps, p.parse.values);
      keep.add(name).add(bodyMarkdownFile(name));
    }
    const bodies = join(this.dir, "bodies");
    if (!existsSync(bodies)) return;
    for (const name of readdirSync(bodies)) if (!keep.has(name)) unlinkSync(join(bodies, name));
  }

  /** Saves the state; a cache that cannot be written only costs time on the next build. */
  trySave(state: CacheState): void {
    try {
      this.save(state);
    } catch {
      // Nothing lost but time.
    }
  }

  /** Adds newly highlighted blocks to the highlights file (cleared when it grows past a bound). */
  addHighlights(fresh: [string, string[]][]): void {
    if (fresh.length === 0) return;
    let all: [string, string[]][] = [];
    try {
      all = deserialize(readFileSync(this.highlightsPath)) as [string, string[]][];
    } catch {
      all = [];
    }
    if (all.length > 50_000) all = [];
    const seen = new Set(all.map(([k]) => k));
    for (const entry of fresh) if (!seen.has(entry[0])) all.push(entry);
    mkdirSync(this.dir, { recursive: true });
    const tmp = `${this.highlightsPath}.${process.pid}`;
    writeFileSync(tmp, serialize(all));
    renameSync(tmp, this.highlightsPath);
  }

  /** Makes sure the bodies folder exists before workers write into it. */
  prepare(): void {
    mkdirSync(join(this.dir, "bodies"), { recursive: true });
  }
}
