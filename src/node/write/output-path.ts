/** The last gate before anything is written: a path inside the output folder, and nothing else. */
import { BrookError } from "../core/errors.ts";

/**
 * Whether `path` names a file inside the output: relative, `/`-separated, no empty, `.` or `..`
 * segment, no backslash or control character. Every input that reaches a path is validated
 * earlier; this is the last gate (nothing is ever written outside `--out`).
 */
export function isOutputPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!path || path.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(path)) return false;
  return path.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

/** Throws (a bug of ours) unless `path` is a path inside the output. */
export function checkOutputPath(path: string): void {
  if (!isOutputPath(path))
    throw new BrookError(
      `refusing to write ${JSON.stringify(path)}: it is not a path inside the output folder`,
      "report this: every output path should have been checked before the write stage",
    );
}
