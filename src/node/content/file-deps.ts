/**
 * What the files pages depend on (includes, code imports, images: PageFacts.deps.files) are now.
 * A page's cached parse is used only while each of its files still has the hash it was parsed
 * with. A file is hashed again only when its size, times or inode changed (the memo lives in the
 * build cache), and at most once a build however many pages read it.
 */
import { realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { MAX_PUBLIC_FILE_BYTES } from "./limits.ts";
import { fileHash, type SourceRoots } from "./parts/source-files.ts";
import { readRegularFile } from "./parts/walk.ts";

/** A file's signature and hash when it was last hashed. */
export type FileMemo = Map<string, { sig: string; hash: string }>;

/** The hashes of dependency files for one build. */
export class DependencyFiles {
  private readonly now = new Map<string, string | undefined>();
  /** This build's memo: the last one's, with what it hashed anew (the last build's is not written). */
  private readonly memo: FileMemo;
  /** Whether this build changed the memo (a file hashed anew, or gone). */
  changed = false;

  constructor(
    private readonly roots: SourceRoots,
    previous: ReadonlyMap<string, { sig: string; hash: string }>,
  ) {
    this.memo = new Map(previous);
  }

  /** The memo the next build starts from. */
  next(): FileMemo {
    return this.memo;
  }

  /** Whether every file of `files` still has its recorded hash. */
  unchanged(files: [string, string][]): boolean {
    return files.every(([file, hash]) => this.hash(file) === hash);
  }

  /** The hash of a file named as in diagnostics (`content/_parts/x.md`), undefined when it cannot be read. */
  hash(file: string): string | undefined {
    if (this.now.has(file)) return this.now.get(file);
    const hash = this.compute(file);
    this.now.set(file, hash);
    return hash;
  }

  private compute(file: string): string | undefined {
    const path = this.path(file);
    if (!path) return undefined;
    let sig: string;
    try {
      const st = statSync(path);
      sig = `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
    } catch {
      if (this.memo.delete(file)) this.changed = true;
      return undefined;
    }
    const known = this.memo.get(file);
    if (known?.sig === sig) return known.hash;
    let read;
    try {
      read = readRegularFile(realpathSync(path), MAX_PUBLIC_FILE_BYTES);
    } catch {
      return undefined;
    }
    if ("error" in read) return undefined;
    const hash = fileHash(read.bytes);
    this.memo.set(file, { sig, hash });
    this.changed = true;
    return hash;
  }

  /** The absolute path of a displayed name, by the longer of the two roots' prefixes it starts with. */
  private path(file: string): string | undefined {
    const roots = [
      { display: this.roots.contentDisplay, dir: this.roots.content },
      { display: this.roots.publicDisplay, dir: this.roots.public },
    ].sort((a, b) => b.display.length - a.display.length);
    const root = roots.find((r) => file.startsWith(r.display));
    return root ? join(root.dir, ...file.slice(root.display.length).split("/")) : undefined;
  }
}
