/** Test helpers: build fixture sites into memory, and make throwaway sites on disk. */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { buildSite, type BuildResult } from "../../src/node/build-site.ts";
import { MemoryWriter } from "../../src/node/write/memory-writer.ts";

/** The project root. */
export const ROOT = resolve(import.meta.dirname, "..", "..");

/** Builds test/fixtures/<name> into memory (no cache). */
export async function buildFixture(
  name: string,
  cwd = join(ROOT, "test", "fixtures", name),
): Promise<{ result: BuildResult; out: MemoryWriter }> {
  const out = new MemoryWriter();
  const result = await buildSite({ cwd, contentDir: "content", writer: out, cache: false });
  return { result, out };
}

/** Copies a fixture into a temp folder, applies file overrides (null deletes), returns its path. */
export function tempSite(
  fixture: string,
  overrides: Record<string, string | Buffer | null> = {},
): string {
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

/**
 * The basic fixture with one description of Brook (`reference: { cli | openapi }` in its config,
 * the file under data/, `pageSize` values its figures read) and `markdown` appended to a page
 * (content/guide/code.md): the whole-build tests of the references.
 */
export function referenceSite(
  kind: "cli" | "openapi",
  description: string,
  markdown: string,
): string {
  const fixture = (rel: string) => readFileSync(join(ROOT, "test/fixtures/basic", rel), "utf8");
  return tempSite("basic", {
    "site.config.ts": fixture("site.config.ts").replace(
      "  sidebar: [",
      `  values: { limits: { pageSize: { default: 20, max: 100 } } },\n  reference: { ${kind}: "data/${kind}.yaml" },\n  sidebar: [`,
    ),
    [`data/${kind}.yaml`]: description,
    "content/guide/code.md": fixture("content/guide/code.md") + markdown,
  });
}

/** Runs the CLI (`bin/brook-docs.js`) in `cwd` as a writer would: no colour, its summary line printed. */
export function runCli(cwd: string, ...args: string[]): { code: number | null; stderr: string } {
  return runCliWith({}, cwd, ...args);
}

/** `runCli` with `env` added to the CLI's environment (this process's own is left as it is). */
export function runCliWith(
  env: Record<string, string>,
  cwd: string,
  ...args: string[]
): { code: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, "bin", "brook-docs.js"), ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", BROOK_DOCS_QUIET: "", ...env },
  });
  return { code: r.status, stderr: r.stderr };
}

/**
 * Builds the project's own docs into `out` with the CLI, as a writer's next build does: from the
 * project's build cache (which `.ci/run`'s build and any earlier test build left warm), so a test
 * that reads the built docs does not make every page again. Throws with the CLI's report when the
 * build fails.
 */
export function buildRealDocs(out: string): void {
  const { code, stderr } = runCliWith({ BROOK_DOCS_QUIET: "1" }, ROOT, "build", "--out", out);
  if (code !== 0) throw new Error(`the docs did not build (exit ${code}):\n${stderr}`);
}

/** How many pages a build rendered, from its summary line. */
export function renderedCount(stderr: string): number {
  const m = /(\d+) rendered/.exec(stderr);
  if (!m) throw new Error(`no summary in: ${stderr}`);
  return Number(m[1]);
}
