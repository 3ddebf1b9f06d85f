/** Test helpers: build fixture sites into memory, and make throwaway sites on disk. */
import { cpSync, mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { buildSite, type BuildResult } from "../../src/build.ts";
import { MemoryWriter } from "../../src/write/writer.ts";

/** The project root. */
export const ROOT = resolve(import.meta.dirname, "..", "..");

/** Builds test/fixtures/<name> into memory (no cache). */
export async function buildFixture(name: string, cwd = join(ROOT, "test", "fixtures", name)): Promise<{ result: BuildResult; out: MemoryWriter }> {
  const out = new MemoryWriter();
  const result = await buildSite({ cwd, contentDir: "content", writer: out, cache: false });
  return { result, out };
}

/** Copies a fixture into a temp folder, applies file overrides (null deletes), returns its path. */
export function tempSite(fixture: string, overrides: Record<string, string | Buffer | null> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "brook-site-"));
  cpSync(join(ROOT, "test", "fixtures", fixture), dir, { recursive: true });
  // The fixture's config imports ../../../src: point it at the project from the temp folder.
  for (const [path, content] of Object.entries(overrides)) {
    const full = join(dir, path);
    if (content === null) rmSync(full, { force: true });
    else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
  }
  return dir;
}
