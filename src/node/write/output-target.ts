/**
 * Where one build's files go: a folder the new output replaces atomically (with the link map
 * beside it), or memory (the dev server). The write stage and the pipeline open the target's
 * writer; nothing else writes the output.
 */
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { linkMapPath, type LinkMap } from "../core/link-map.ts";
import { workerFile } from "../core/worker-file.ts";
import { checkOutputFolder, cleanLeftovers } from "./output-folder.ts";
import { FsWriter, type OutputFiles, type Writer } from "./writer.ts";

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

/** Writes the link map (after the output swap: it describes the output now in place). */
export function writeLinkMap(outDir: string, map: LinkMap): void {
  const file = linkMapPath(outDir);
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(map));
  renameSync(tmp, file);
}
