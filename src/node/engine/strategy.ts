/**
 * What differs between the callers of one build: where the output goes (a folder swapped in, or
 * memory), when the search index is made (now, or after the pages went out), what the workers
 * do between builds, and what is remembered for the next build. The stages never ask who called.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Diagnostic } from "../core/errors.ts";
import type { ClientAssets } from "../render/assets.ts";
import { writeLinkMap, type LinkMap } from "../write/link-map.ts";
import { FsWriter, type OutputFiles, type Writer } from "../write/writer.ts";
import { checkOutputFolder, cleanLeftovers } from "../write/output-folder.ts";
import type { BuildCache } from "./cache.ts";
import type { Workers } from "./workers.ts";

/** Where one build's files go. */
export interface OutputTarget {
  /** The folder the output replaces; undefined when the files stay in memory. */
  readonly dir?: string;
  /** Before any work: refuses a folder whose swap would replace an input; puts back what a killed build left. */
  check(inputs: string[]): void;
  /** The writer of one build; `last`: the files of the previous one kept in memory. */
  open(last: OutputFiles | undefined, remove: (dir: string) => Promise<void> | undefined): Writer;
  /** Where the workers read the site data file (`json`, written as `path` of the output by then). */
  siteDataPath(writer: Writer, path: string, name: string, json: string): string;
  /** After the swap: what goes beside the output (its link map). */
  finish(links: LinkMap): void;
}

/** How a build runs, by its caller. */
export interface BuildStrategy {
  output: OutputTarget;
  workers: Workers;
  /** Leave a changed search index for `buildDeferredSearch`, the last one published meanwhile. */
  deferSearch: boolean;
  /** Leave the code blocks' checks for `checkDeferredExamples`, after the pages went out (a changed block never delays them). */
  deferExamples: boolean;
  /** Keep the walk, the plan, each page's files and the output in the next snapshot (a process that builds again). */
  remember: boolean;
  /**
   * Stop the workers once the pages are done when more pages than this were rendered: their heaps
   * go back before the search index's peak on this thread. `Infinity` keeps them (the dev server).
   */
  releaseWorkersOver: number;
  /** The build cache: bodies and highlighted blocks the workers keep. */
  cache?: BuildCache;
  /** Save the next snapshot's disk part in the cache when the build changed it (a one-off build). */
  persist: boolean;
  /** Where the counts of the last search index are kept, so the next counts only the pages that changed. */
  searchCounts?: string;
  /** Where this thread leaves files for the workers to read (the API description's), named by their hash. */
  workerDir: string;
}

/** What a build reads besides the snapshot: the project. */
export interface Project {
  cwd: string;
  contentDir: string;
  configFile?: string;
  /** Warnings fail the build (as errors) before anything is written: `build --strict`. */
  strict: boolean;
  /** Called with each non-fatal diagnostic of a good build. */
  onWarning?: (d: Diagnostic) => void;
  /** The client's files. */
  assets: () => Promise<ClientAssets>;
  /** Every page links the live-reload client from this URL (the dev server's builds). */
  devClient?: string;
}

/** A build into a folder: written beside it, swapped in atomically, the link map beside it. */
export function folderOutput(outDir: string, cwd: string): OutputTarget {
  return {
    dir: outDir,
    check(inputs) {
      checkOutputFolder(outDir, cwd, inputs);
      // First of all, put back an output a killed build left aside, so a failure here loses nothing.
      cleanLeftovers(outDir);
    },
    open: (_last, remove) => new FsWriter(outDir, remove),
    siteDataPath: (writer, path) => join(writer.folder!, path),
    finish: (links) => writeLinkMap(outDir, links),
  };
}

/**
 * A build into memory: `open` makes the writer (which keeps the files). The workers read the site
 * data from `siteDir` (named by its hash: written once).
 */
export function memoryOutput(
  open: (last: OutputFiles | undefined) => Writer,
  siteDir: string,
): OutputTarget {
  return {
    check: () => undefined,
    open,
    siteDataPath: (_writer, _path, name, json) => workerFile(siteDir, name, json),
    finish: () => undefined,
  };
}

/** A file for the workers to read, named by its content's hash: written once, atomically; its path. */
export function workerFile(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  if (existsSync(path)) return path;
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
  return path;
}
