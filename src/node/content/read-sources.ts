/**
 * The read stage: what each content file is now. A file whose size and times did not change is
 * taken from the cache without being opened; one whose bytes did not change keeps its cached
 * source; any other is read (a regular file, under the size limit) and its frontmatter parsed.
 */
import { statSync } from "node:fs";
import type { SourceFile } from "./discover.ts";
import { formatBytes, MAX_PAGE_BYTES } from "./limits.ts";
import { readPageSource } from "./frontmatter/page-source.ts";
import { readRegularFile } from "./parts/walk.ts";
import type { Diagnostic } from "../core/errors.ts";
import { hashKey } from "../core/cache-keys.ts";
import { type CachedPage } from "./page-record.ts";

/** The sources of a build: each file's cache entry, and the bodies read this time. */
export interface ReadSources {
  pages: Map<string, CachedPage>;
  /** relativePath → body, for the files read by this build. */
  bodies: Map<string, string>;
  problems: Diagnostic[];
  /** Whether any entry differs from the last build's (a file added, gone or changed). */
  changed: boolean;
}

/**
 * Reads the discovered files against the last build's entries. `onlyChanged`: the files (relative
 * paths) the caller knows changed since the last build (the dev server's watcher); the others
 * are taken from the last build's entries without even a stat.
 */
export function readSources(
  files: SourceFile[],
  display: (rel: string) => string,
  previous: ReadonlyMap<string, CachedPage>,
  onlyChanged?: ReadonlySet<string>,
): ReadSources {
  const pages = new Map<string, CachedPage>();
  const bodies = new Map<string, string>();
  const problems: Diagnostic[] = [];
  for (const f of files) {
    const file = display(f.relativePath);
    const cached = previous.get(f.relativePath);
    const same = (c: CachedPage | undefined): c is CachedPage =>
      c !== undefined && c.source.route === f.route && c.source.file === file;
    if (onlyChanged && !onlyChanged.has(f.relativePath) && same(cached)) {
      pages.set(f.relativePath, cached);
      continue;
    }
    let sig: string;
    try {
      const st = statSync(f.absolutePath);
      sig = `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
    } catch {
      problems.push({
        file,
        rule: "not-a-file",
        message: "the file went away while the build read it",
        hint: "build again",
      });
      continue;
    }
    if (same(cached) && cached.sig === sig) {
      pages.set(f.relativePath, cached);
      continue;
    }
    const read = readRegularFile(f.absolutePath, MAX_PAGE_BYTES);
    if ("error" in read) {
      problems.push(
        read.error === "too-large"
          ? {
              file,
              rule: "file-size",
              message: `the page is ${formatBytes(read.size ?? 0)}, over the limit of ${formatBytes(MAX_PAGE_BYTES)}`,
              hint: "split it into several pages",
            }
          : {
              file,
              rule: "not-a-file",
              message: "not a regular file, so it is not read",
              hint: "replace it with a regular file",
            },
      );
      continue;
    }
    const hash = hashKey(read.bytes);
    if (same(cached) && cached.hash === hash) {
      pages.set(f.relativePath, { ...cached, sig });
      continue;
    }
    const source = readPageSource(read.bytes, {
      relativePath: f.relativePath,
      file,
      route: f.route,
    });
    if (!source.source) {
      problems.push(...source.errors);
      continue;
    }
    const { body, ...rest } = source.source;
    bodies.set(f.relativePath, body);
    pages.set(f.relativePath, { sig, hash, source: rest });
  }
  const changed =
    pages.size !== previous.size || [...pages].some(([rel, entry]) => previous.get(rel) !== entry);
  return { pages, bodies, problems, changed };
}

/** The body of a file that did not change but must be parsed again (read once more). */
export function rereadBody(
  absolutePath: string,
  meta: { relativePath: string; file: string; route: string },
): string {
  const read = readRegularFile(absolutePath, MAX_PAGE_BYTES);
  if ("error" in read) return "";
  return readPageSource(read.bytes, meta).source?.body ?? "";
}
