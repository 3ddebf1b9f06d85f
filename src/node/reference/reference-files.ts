/**
 * The config's reference files (`reference.openapi`, `.cli`, `.runtime`, `.runtimeLanguages`,
 * `.errors`), checked before anything
 * reads them: each read is a plain readFileSync on the main thread, which a pipe would block for
 * ever, a folder would fail as an internal error, and a symbolic link would follow out of the
 * project (README, "Nothing outside the project").
 */
import { existsSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { ContentError } from "../core/errors.ts";

/** Largest reference file read: they are text, a few hundred KB at most (the description's limit). */
export const MAX_REFERENCE_BYTES = 4 * 1024 * 1024;

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return !isAbsolute(rel) && rel !== ".." && !rel.startsWith(".." + sep);
};

/**
 * Throws a `config` error at `configName` for a reference file that is a link leading out of the
 * config's folder, not a regular file, missing, or over MAX_REFERENCE_BYTES. A path outside the
 * folder as written, and a missing description, are left to the stages that say so already.
 */
export function checkReferenceFiles(
  reference: {
    openapi?: string;
    cli?: string;
    runtime?: string;
    runtimeLanguages?: string;
    errors?: string;
  },
  configDir: string,
  configName: string,
): void {
  for (const key of ["openapi", "cli", "runtime", "runtimeLanguages", "errors"] as const) {
    const spec = reference[key];
    if (spec === undefined) continue;
    const path = resolve(configDir, spec);
    const refuse = (message: string, hint: string): never => {
      throw new ContentError([{ file: configName, rule: "config", message, hint }]);
    };
    if (!inside(configDir, path) || (key === "openapi" && !existsSync(path))) continue;
    if (!existsSync(path))
      refuse(
        `reference.${key} (${spec}) does not exist`,
        "create the file, or remove the field from the config",
      );
    if (!inside(realpathSync(configDir), realpathSync(path)))
      refuse(
        `reference.${key} (${spec}) is a symbolic link that leads outside the config's folder, so it is not read`,
        "put the file itself in the config's folder",
      );
    const stat = statSync(path);
    if (!stat.isFile())
      refuse(
        `reference.${key} (${spec}) is not a regular file (a folder, pipe, socket or device), so it is not read`,
        "name a file, such as data/cli.yaml",
      );
    if (stat.size > MAX_REFERENCE_BYTES)
      refuse(
        `reference.${key} (${spec}) is over ${MAX_REFERENCE_BYTES / 1024 / 1024} MB`,
        "a reference file is text; split out what is not",
      );
  }
}
