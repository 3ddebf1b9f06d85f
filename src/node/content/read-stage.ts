/**
 * The read stage: discover content/ and public/, then read only what changed. Told which content
 * files changed in place (the dev server's watcher), after a good build of the same process, it
 * walks neither folder and looks at those files alone.
 */
import { join, relative, sep } from "node:path";
import { discoverContent, discoverPublic } from "./discover.ts";
import { ContentError } from "../core/errors.ts";
import type { SourceRoots } from "./parts/source-files.ts";
import { sortDiagnostics } from "../core/errors.ts";
import { readSources, type ReadSources } from "./read-sources.ts";
import type { CachedPage } from "./page-record.ts";

/**
 * What the caller knows changed since the previous snapshot (the dev server's watcher): only the
 * content files named, each changed in place; no file added, removed or renamed. The build then
 * neither walks the folders nor looks at the other files. Without it, it looks at everything.
 */
export interface BuildChanges {
  /** Paths relative to the content folder, `/`-separated. */
  contentChanged: string[];
}

/** Where the project's sources are, and how diagnostics name a path under them. */
export interface ProjectPaths {
  contentDir: string;
  publicDir: string;
  /** A path under a folder as diagnostics name it. */
  display: (dir: string) => (rel: string) => string;
  /** Where includes and code imports (content/) and images (public/) are read. */
  roots: SourceRoots;
}

/** The project's folders: content/ as given, public/ beside it in `cwd`, paths named relative to `cwd`. */
export function projectPaths(cwd: string, contentDir: string): ProjectPaths {
  const publicDir = join(cwd, "public");
  const display = (dir: string) => (rel: string) =>
    relative(cwd, join(dir, rel)).split(sep).join("/");
  return { contentDir, publicDir, display, roots: sourceRoots(contentDir, publicDir, display) };
}

/** What a walk of content/ and public/ found. */
export interface Walk {
  content: ReturnType<typeof discoverContent>;
  public: ReturnType<typeof discoverPublic>;
}

/** What the read stage found. */
export interface ReadStage {
  walk: Walk;
  read: ReadSources;
}

/** Reads the sources; throws every problem found at once. */
export function readStage(
  paths: ProjectPaths,
  /** The last build's walk (when this process made one) and what it knew of each content file. */
  previous: { walk?: Walk; pages: ReadonlyMap<string, CachedPage> },
  changes: BuildChanges | undefined,
): ReadStage {
  const { contentDir, publicDir, display } = paths;
  // Told what changed after a good build of this process: the last walk stands.
  const since = changes &&
    previous.walk && { walk: previous.walk, changed: changes.contentChanged };
  const walk = since?.walk ?? {
    content: discoverContent(contentDir, display(contentDir)),
    public: discoverPublic(publicDir, display(publicDir)),
  };
  const read = readSources(
    walk.content.files,
    display(contentDir),
    previous.pages,
    since && new Set(since.changed),
  );
  const problems = [...walk.content.diagnostics, ...walk.public.diagnostics, ...read.problems];
  if (problems.length) throw new ContentError(sortDiagnostics(problems));
  return { walk, read };
}

/** Where includes and code imports (content/) and images (public/) are read, named as in diagnostics. */
function sourceRoots(
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
