/** What a built output folder holds, listed without following links. */
import { readdirSync } from "node:fs";
import { join } from "node:path";

/** An entry that is not a folder: its path relative to the folder listed (`/`-separated), and whether it is a regular file. */
export interface Entry {
  path: string;
  file: boolean;
}

/** Every entry under `dir` but folders, one folder at a time (Node 20's recursive readdir takes about three times as long). */
export function entriesUnder(dir: string): Entry[] {
  const out: Entry[] = [];
  const walk = (folder: string, prefix: string) => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(folder, e.name), `${prefix}${e.name}/`);
      else out.push({ path: prefix + e.name, file: e.isFile() });
    }
  };
  walk(dir, "");
  return out;
}
