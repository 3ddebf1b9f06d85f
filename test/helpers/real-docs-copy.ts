/**
 * A copy of the real docs (content, data, public files and config) in a temporary folder, for a
 * whole-build test that plants mistakes on real pages and reads where the build reports them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./site.ts";

export interface RealDocsCopy {
  /** The copy's folder: run the build here. */
  dir: string;
  /**
   * Replaces the first `from` (after `after`, when given) in a file of the copy (a path relative
   * to the copy); returns the 1-based line it is on.
   */
  plant(file: string, from: string, to: string, after?: string): number;
  remove(): void;
}

export function copyRealDocs(prefix: string): RealDocsCopy {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const part of ["content", "data", "public", "site.config.ts"])
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  return {
    dir,
    plant(file, from, to, after = "") {
      const path = join(dir, file);
      const text = readFileSync(path, "utf8");
      const at = text.indexOf(from, text.indexOf(after));
      if (at < 0) throw new Error(`${from} is not in ${file}`);
      writeFileSync(path, text.slice(0, at) + to + text.slice(at + from.length));
      return text.slice(0, at).split("\n").length;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
