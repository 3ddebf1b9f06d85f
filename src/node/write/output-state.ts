/** What the last build's output holds, file by file: the key of each file's inputs and its signature on disk. */

/** One file of the last build's output: the key of its inputs and its signature on disk. */
export interface OutputRecord {
  key: string;
  sig: string;
}

/** The output of the last build into a folder. */
export interface OutputState {
  dir: string;
  files: Map<string, OutputRecord>;
  /** route → data file name, for reused pages. */
  dataFiles: Map<string, string>;
}
