/**
 * Walking and reading a folder of untrusted files (content/, public/): only regular files are
 * read; a symbolic link is followed only when it resolves inside the folder; a name that cannot
 * be part of a URL, a FIFO or a device, a file too large, each becomes a diagnostic naming it.
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
} from "node:fs";
import { join, sep } from "node:path";
import type { Diagnostic } from "../../core/errors.ts";
import { MAX_FOLDER_DEPTH } from "../limits.ts";
import { badNameCharacter, NAME_CHARACTERS } from "../../../shared/url-policy.ts";

/** A regular file found in the folder. */
export interface FoundFile {
  /** Path relative to the folder, `/`-separated, as the writer named it (links not resolved). */
  relativePath: string;
  /** Where its bytes are: the path itself, or the target of a link inside the folder. */
  realPath: string;
}

/** Options of a walk. */
export interface WalkOptions {
  /** How paths are shown in diagnostics: `content/x.md`. */
  display: (relativePath: string) => string;
  /** Whether a file is wanted (e.g. `.md` only); unwanted files are not checked. */
  wanted: (relativePath: string) => boolean;
}

/** Whether a name is hidden (dot files, editor droppings) or a folder of tools: never part of the site. */
export function isSkippedName(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/**
 * Every wanted regular file under `root`, sorted by path, and a diagnostic for each entry that may
 * not be read. Links to folders inside the root are followed once (no loops).
 */
export function walkFolder(
  root: string,
  options: WalkOptions,
): { files: FoundFile[]; diagnostics: Diagnostic[] } {
  const files: FoundFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const realRoot = realpathSync(root);
  const inside = (real: string) => real === realRoot || real.startsWith(realRoot + sep);
  const problem = (rel: string, rule: string, message: string, hint: string) =>
    diagnostics.push({ file: options.display(rel), rule, message, hint });
  const visited = new Set([realRoot]);
  const stack: { dir: string; rel: string; depth: number }[] = [{ dir: root, rel: "", depth: 0 }];
  while (stack.length) {
    const { dir, rel, depth } = stack.pop()!;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (isSkippedName(entry.name)) continue;
      const path = join(dir, entry.name);
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      let real = path;
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          real = realpathSync(path);
        } catch {
          problem(
            relPath,
            "symlink",
            "symbolic link to a file that does not exist",
            "remove the link, or point it at a file inside the folder",
          );
          continue;
        }
        if (!inside(real)) {
          problem(
            relPath,
            "symlink-outside",
            `symbolic link to ${real}, outside ${options.display("") || "the folder"}: links are followed only inside their folder`,
            "copy the file into the folder instead of linking to it",
          );
          continue;
        }
        const st = statSync(real);
        isDir = st.isDirectory();
        isFile = st.isFile();
      }
      if (isDir) {
        if (visited.has(real)) continue;
        visited.add(real);
        if (depth === MAX_FOLDER_DEPTH) {
          problem(
            relPath,
            "folder-depth",
            `a folder ${depth + 1} levels deep: folders nest at most ${MAX_FOLDER_DEPTH} levels, so it is not read`,
            "move its files into a folder nearer the top",
          );
          continue;
        }
        stack.push({ dir: real, rel: relPath, depth: depth + 1 });
        continue;
      }
      if (!options.wanted(relPath)) continue;
      if (!isFile) {
        problem(
          relPath,
          "not-a-file",
          "not a regular file (a pipe, socket or device), so it is not read",
          "replace it with a regular file",
        );
        continue;
      }
      files.push({ relativePath: relPath, realPath: real });
    }
  }
  files.sort((a, b) =>
    a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0,
  );
  return { files, diagnostics };
}

/** A diagnostic when a path has a segment that cannot be part of a URL, else undefined. */
export function checkName(relativePath: string, display: string): Diagnostic | undefined {
  for (const segment of relativePath.split("/")) {
    const bad = badNameCharacter(segment.replace(/\.md$/, ""));
    if (bad === undefined) continue;
    const shown =
      bad === " "
        ? "a space"
        : /[\u0000-\u001f\u007f]/.test(bad)
          ? "a control character"
          : bad === "'"
            ? `"'"`
            : `'${bad}'`;
    const better = segment.replace(/[^A-Za-z0-9._~-]+/g, "-").replace(/^[.-]+/, "");
    return {
      file: display,
      rule: "file-name",
      message: `the name '${segment}' cannot be part of a URL: it contains ${shown}`,
      hint: `use ${NAME_CHARACTERS} in file and folder names (e.g. ${better || "page"})`,
    };
  }
  return undefined;
}

/**
 * Reads a regular file without following a link it may have become since the walk, and without
 * blocking on a FIFO; `undefined` with a reason when it is not a regular file or too large.
 */
export function readRegularFile(
  path: string,
  maxBytes: number,
): { bytes: Uint8Array } | { error: "not-a-file" | "too-large"; size?: number } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return { error: "not-a-file" };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { error: "not-a-file" };
    if (st.size > maxBytes) return { error: "too-large", size: st.size };
    const bytes = new Uint8Array(st.size);
    let read = 0;
    while (read < st.size) {
      const n = readSync(fd, bytes, read, st.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return { bytes: read === st.size ? bytes : bytes.subarray(0, read) };
  } finally {
    closeSync(fd);
  }
}
