/** The generator's own package: its version, read from the package.json in its folder (Settings.root). */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The generator's version, from its package.json (`brook-docs --version`, the JSON report). */
export function packageVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string })
    .version;
}
