/** What says a file is still the one a build wrote: its size, time and inode. */
import { statSync } from "node:fs";

/** `size:mtime:inode` of a file, "" when it is missing. */
export function signature(path: string): string {
  try {
    const st = statSync(path);
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  } catch {
    return "";
  }
}
