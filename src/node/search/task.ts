/**
 * The search task, and the counts it keeps for the next build. A build that changed a few pages
 * counts only theirs: the other pages' postings come from the counts the last index was made of,
 * kept in one file of the build cache (a JSON head, then the postings as raw 32-bit integers,
 * written and read without a copy: 4.5 MB at 1,000 pages).
 */
import { closeSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import {
  SearchTally,
  writeSearchFiles,
  type BaseCounts,
  type CountedPages,
  type SearchFiles,
  type SearchOptions,
} from "./index-files.ts";
import type { SearchPage } from "../../shared/types.ts";

/** The search index of a build's pages. */
export interface SearchTask {
  kind: "search";
  /** Every page of the index, in its order (only these fields are read). */
  pages: Pick<SearchPage, "route" | "title" | "description" | "weight">[];
  /** Counted already, on the thread that sent the task (the postings' buffer moved with it): only the files are made. */
  counted?: CountedPages;
  /** The pages to count, by their place in `pages`: all of them unless `base` or `counted` holds the others. */
  count: [number, SearchPage][];
  /** An earlier build's counts: the file, what it must hold (its id), and where each of its pages goes now (-1: nowhere). */
  base?: { file: string; id: string; places: Int32Array };
  /** Where to keep this index's counts for the next build, under which id. */
  keep?: { file: string; id: string };
  options: SearchOptions;
}

/** What a search task gives back: the files, or word that `base` was missing or not what it should be. */
export type SearchResult = SearchFiles | { baseMissing: true };

/** Bump when the file's layout changes. */
const COUNTS_FORMAT = 2;

/** Runs a search task (on a worker, or on this thread). */
export function runSearchTask(task: SearchTask): SearchResult {
  if (task.counted) return filesOf(task, task.counted);
  let tally: SearchTally;
  if (task.base) {
    const base = readCounts(task.base.file, task.base.id);
    if (!base) return { baseMissing: true };
    try {
      tally = SearchTally.from(base, task.base.places, task.pages.length);
    } catch {
      return { baseMissing: true };
    }
  } else tally = new SearchTally(task.pages.length);
  for (const [i, page] of task.count) tally.add(i, page);
  return filesOf(task, tally.counted());
}

/** The index files of counted pages; the counts are kept for the next build when the task asks. */
function filesOf(task: SearchTask, counted: CountedPages): SearchFiles {
  const files = writeSearchFiles(task.pages, counted, task.options);
  if (task.keep) writeCounts(task.keep.file, task.keep.id, counted);
  return files;
}

interface CountsHead {
  format: number;
  id: string;
  terms: string[];
  lengths: number[][];
  postings: number;
}

/** Writes counts under `id` (a temporary file renamed into place); a failure only costs the next build a whole count. */
export function writeCounts(file: string, id: string, counted: CountedPages): void {
  const head: CountsHead = {
    format: COUNTS_FORMAT,
    id,
    terms: counted.terms,
    lengths: counted.lengths,
    postings: counted.postings.length,
  };
  const json = Buffer.from(JSON.stringify(head));
  // The postings start on a 4-byte boundary, so the reader can view them in place.
  const prefix = Buffer.alloc(4 + json.length + ((4 - (json.length % 4)) % 4), 0x20);
  prefix.writeUInt32LE(json.length, 0);
  json.copy(prefix, 4);
  const tmp = `${file}.${process.pid}`;
  try {
    const fd = openSync(tmp, "w");
    try {
      writeSync(fd, prefix);
      const { data, length } = counted.postings;
      writeSync(fd, new Uint8Array(data.buffer, data.byteOffset, length * 16));
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch {
    // The cache folder went away or is read-only: the index itself is made.
  }
}

/** The counts kept under `id`, or undefined when the file is missing, of another id, or damaged. */
export function readCounts(file: string, id: string): BaseCounts | undefined {
  try {
    const bytes = readFileSync(file);
    const size = bytes.readUInt32LE(0);
    const head = JSON.parse(bytes.toString("utf8", 4, 4 + size)) as CountsHead;
    if (head.format !== COUNTS_FORMAT || head.id !== id) return undefined;
    const start = 4 + size + ((4 - (size % 4)) % 4);
    if (bytes.length - start !== head.postings * 16) return undefined;
    // A view when the file has a buffer of its own (a large file does), else a copy: the
    // postings' buffer may be moved to another thread, which a shared one must never be.
    const own = bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length;
    const data = own
      ? new Int32Array(bytes.buffer, start, head.postings * 4)
      : new Int32Array(
          bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + bytes.length),
        );
    return {
      terms: head.terms,
      lengths: head.lengths,
      postings: { data: data as Int32Array<ArrayBuffer>, length: head.postings, ordered: true },
    };
  } catch {
    return undefined;
  }
}
