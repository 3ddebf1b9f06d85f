/** Where the generator's own files are (src/, templates/, node_modules/), wherever it runs from. */
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { readFileSync } from "node:fs";

/** The project root; the bin sets BROOK_DOCS_ROOT because bundled code lives elsewhere. */
export function projectRoot(): string {
  return (
    process.env.BROOK_DOCS_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
  );
}

/** The generator's version, from its package.json (`brook-docs --version`, the JSON report). */
export function packageVersion(): string {
  return (
    JSON.parse(readFileSync(join(projectRoot(), "package.json"), "utf8")) as { version: string }
  ).version;
}
