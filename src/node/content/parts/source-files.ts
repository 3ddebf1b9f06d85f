/**
 * The files a page reads besides its own (includes and code imports from content/, images from
 * public/), under the rules of src/node/content/parts/walk.ts: a path relative to its folder, never out of
 * it (no `..` past the top, no absolute path, no symbolic link that leads out), no hidden names,
 * regular files only, within the size limits. Every file read is recorded with the hash of its
 * bytes: the page's dependencies (PageFacts.deps.files), checked before its cache is used.
 */
import { realpathSync } from "node:fs";
import { join, posix, sep } from "node:path";
import { createHash } from "node:crypto";
import { readRegularFile, isSkippedName } from "./walk.ts";
import { formatBytes } from "../limits.ts";

/** The two folders a page may read from, and how their files are named in diagnostics. */
export interface SourceRoots {
  /** The content folder (absolute). */
  content: string;
  /** Its name in diagnostics, ending in `/`: `content/`. */
  contentDisplay: string;
  /** public/ (absolute). */
  public: string;
  /** Its name in diagnostics, ending in `/`: `public/`. */
  publicDisplay: string;
}

/** Which folder a file is read from. */
export type SourceRoot = "content" | "public";

/** Why a file could not be read: a message and a hint for a diagnostic at the place that asked for it. */
export interface ReadProblem {
  /** What went wrong; the caller names the rule (`include-missing`, `image-missing`, …). */
  kind: "path" | "missing" | "outside" | "too-large" | "not-a-file";
  message: string;
  hint: string;
}

/** A file read: its bytes and its name in diagnostics. */
export interface ReadFile {
  bytes: Uint8Array;
  display: string;
}

/** The hash a dependency is recorded with (the same on the worker that reads and the thread that checks). */
export function fileHash(bytes: Uint8Array): string {
  return createHash("sha1").update(bytes).digest("hex");
}

const CONTROL_RE = /[\u0000-\u001f\u007f]/;

/**
 * The path, relative to the content folder, of what `spec` names from the file `fromRelative`:
 * `@/x` from the content folder, anything else from the file's own folder. A problem when it is
 * absolute, climbs out of the folder, or passes through a hidden name.
 */
export function resolveContentPath(
  spec: string,
  fromRelative: string,
): { path: string } | { problem: ReadProblem } {
  const hint =
    "write a path relative to this file (./_parts/x.md) or to the content folder (@/_parts/x.md)";
  if (spec === "" || CONTROL_RE.test(spec))
    return {
      problem: { kind: "path", message: "the path is empty or has a control character", hint },
    };
  if (spec.includes("\\"))
    return {
      problem: {
        kind: "path",
        message: `the path ${JSON.stringify(spec)} has a backslash`,
        hint: "separate folders with /",
      },
    };
  if (spec.startsWith("/") || /^[A-Za-z]:/.test(spec))
    return {
      problem: { kind: "path", message: `the path ${JSON.stringify(spec)} is absolute`, hint },
    };
  const joined = spec.startsWith("@/")
    ? spec.slice(2)
    : posix.join(posix.dirname(fromRelative), spec);
  const path = posix.normalize(joined);
  if (path === ".." || path.startsWith("../") || path.startsWith("/")) {
    return {
      problem: {
        kind: "outside",
        message: `the path ${JSON.stringify(spec)} leads out of the content folder`,
        hint: "keep parts and snippets inside content/ (e.g. content/_parts/)",
      },
    };
  }
  const hidden = path.split("/").find((s) => isSkippedName(s));
  if (hidden)
    return {
      problem: {
        kind: "path",
        message: `the path ${JSON.stringify(spec)} goes through '${hidden}', which the build never reads`,
        hint: "move the file out of hidden folders and node_modules",
      },
    };
  if (path === "." || path.endsWith("/"))
    return {
      problem: { kind: "path", message: `the path ${JSON.stringify(spec)} names a folder`, hint },
    };
  return { path };
}

/** Reads the files one page asks for and records them (one reader per page parse). */
export class SourceReader {
  /** Every file read: its name in diagnostics → the hash of its bytes. */
  readonly deps = new Map<string, string>();
  private readonly realRoots = new Map<SourceRoot, string | null>();

  constructor(private readonly roots: SourceRoots) {}

  /** The name of a file of a root in diagnostics: `content/_parts/x.md`. */
  display(root: SourceRoot, relativePath: string): string {
    return (
      (root === "content" ? this.roots.contentDisplay : this.roots.publicDisplay) + relativePath
    );
  }

  /**
   * Reads `relativePath` (normalised, `/`-separated, inside the root) of a root, at most
   * `maxBytes`; the file is then a dependency of the page.
   */
  read(
    root: SourceRoot,
    relativePath: string,
    maxBytes: number,
  ): ReadFile | { problem: ReadProblem } {
    const display = this.display(root, relativePath);
    const realRoot = this.realRoot(root);
    if (!realRoot)
      return {
        problem: {
          kind: "missing",
          message: `${display} does not exist`,
          hint: `create the file, or fix the path`,
        },
      };
    let real: string;
    try {
      real = realpathSync(join(this.roots[root], ...relativePath.split("/")));
    } catch {
      return {
        problem: {
          kind: "missing",
          message: `${display} does not exist`,
          hint: "create the file, or fix the path",
        },
      };
    }
    if (real !== realRoot && !real.startsWith(realRoot + sep)) {
      return {
        problem: {
          kind: "outside",
          message: `${display} is a symbolic link to ${real}, outside ${this.display(root, "").replace(/\/$/, "")}: links are followed only inside their folder`,
          hint: "copy the file into the folder instead of linking to it",
        },
      };
    }
    const read = readRegularFile(real, maxBytes);
    if ("error" in read) {
      return read.error === "too-large"
        ? {
            problem: {
              kind: "too-large",
              message: `${display} is ${formatBytes(read.size ?? 0)}, over the limit of ${formatBytes(maxBytes)}`,
              hint: "split the file, or include a #region of it",
            },
          }
        : {
            problem: {
              kind: "not-a-file",
              message: `${display} is not a regular file (a folder, pipe, socket or device), so it is not read`,
              hint: "name a regular file",
            },
          };
    }
    this.deps.set(display, fileHash(read.bytes));
    return { bytes: read.bytes, display };
  }

  /** The files read, sorted: what PageFacts.deps.files records. */
  files(): [string, string][] {
    return [...this.deps].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  private realRoot(root: SourceRoot): string | null {
    let real = this.realRoots.get(root);
    if (real === undefined) {
      try {
        real = realpathSync(this.roots[root]);
      } catch {
        real = null;
      }
      this.realRoots.set(root, real);
    }
    return real;
  }
}
