/**
 * The read stage: discover content/ and public/, then read only what changed. Told which content
 * files changed in place (the dev server's watcher), after a good build of the same process, it
 * walks neither folder and looks at those files alone.
 */
import { discoverContent, discoverPublic } from "../content/discover.ts";
import { ContentError } from "../errors.ts";
import type { SourceRoots } from "../content/parts/source-files.ts";
import type { CachedPage } from "./cache.ts";
import { sortDiagnostics } from "./diagnostics.ts";
import { readSources, type ReadSources } from "./read-sources.ts";
import type { MemorySnapshot } from "./snapshot.ts";

/**
 * What the caller knows changed since the previous snapshot (the dev server's watcher): only the
 * content files named, each changed in place; no file added, removed or renamed. The build then
 * neither walks the folders nor looks at the other files. Without it, it looks at everything.
 */
export interface BuildChanges {
  /** Paths relative to the content folder, `/`-separated. */
  contentChanged: string[];
}

/** What the read stage reads. */
export interface ReadInput {
  contentDir: string;
  publicDir: string;
  /** A path under a folder as diagnostics name it. */
  display: (dir: string) => (rel: string) => string;
  /** The last build's entries. */
  previous: ReadonlyMap<string, CachedPage>;
  /** The last good build's walk, and the content files changed in place since; both or neither. */
  since?: { walk: MemorySnapshot["walk"]; changed: string[] };
}

/** What the read stage found. */
export interface ReadStage {
  walk: MemorySnapshot["walk"];
  read: ReadSources;
}

/** Reads the sources; throws every problem found at once. */
export function readStage(input: ReadInput): ReadStage {
  const { contentDir, publicDir, display, since } = input;
  const walk = since?.walk ?? {
    content: discoverContent(contentDir, display(contentDir)),
    public: discoverPublic(publicDir, display(publicDir)),
  };
  const read = readSources(
    walk.content.files,
    display(contentDir),
    input.previous,
    since && new Set(since.changed),
  );
  const problems = [...walk.content.diagnostics, ...walk.public.diagnostics, ...read.problems];
  if (problems.length) throw new ContentError(sortDiagnostics(problems));
  return { walk, read };
}

/** Where includes and code imports (content/) and images (public/) are read, named as in diagnostics. */
export function sourceRoots(
  contentDir: string,
  publicDir: string,
  display: (dir: string) => (rel: string) => string,
): SourceRoots {
  const prefix = (dir: string) => display(dir)("").replace(/(.)$/, "$1/");
  return {
    content: contentDir,
    contentDisplay: prefix(contentDir),
    public: publicDir,
    publicDisplay: prefix(publicDir),
  };
}
