/** Loads site.config.ts (bundled by esbuild, imported once) and validates it against the schema. */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import { BrookError } from "../core/errors.ts";
import { SOURCE_ROOT } from "../core/settings.ts";
import { configSchema, type SiteConfig } from "./schema.ts";
import { MAX_DEPTH, MAX_VALUES, TOO_DEEP, TOO_MANY, configError } from "./config-problems.ts";
import { formatPath, issueMessage } from "../core/schema-problems.ts";
import { runConfigModule } from "./config-thread.ts";
import { pastLimits } from "../../shared/value-limits.ts";

/** How long site.config.ts may take to load (README, "Security"). */
export const CONFIG_TIME_BUDGET_MS = 10_000;

/** The default config file name, looked up in the working directory. */
export const CONFIG_FILE = "site.config.ts";

/**
 * Loads, validates and defaults the config. Without `file`, site.config.ts is looked up beside
 * the content folder (the project root for `content/`); none there → defaults, so any Markdown
 * folder builds.
 */
export async function loadConfig(
  file: string | undefined,
  cwd: string,
  contentDir: string,
  /** `root`: the generator's folder, whose `brook-docs/config` a config imports. @default the sources' */
  options: { budgetMs?: number; cached?: LoadedConfig; root?: string } = {},
): Promise<{ config: SiteConfig; file?: string; loaded?: LoadedConfig }> {
  const path = configPath(file, cwd, contentDir);
  if (!existsSync(path)) {
    if (file)
      throw configError(
        `config file ${file} does not exist`,
        "pass an existing file to --config, or omit it",
        { file },
      );
    return { config: validateConfig({}, "(defaults)") };
  }
  if (!statSync(path).isFile())
    throw configError(
      `config file ${relative(cwd, path) || path} is not a regular file`,
      "point --config at a site.config.ts file",
      { file: relative(cwd, path) || path },
    );
  // The module runs again only when it or a file it imports changed.
  const loaded =
    options.cached && isCurrent(options.cached, path)
      ? options.cached
      : await importConfigModule(
          path,
          options.budgetMs ?? CONFIG_TIME_BUDGET_MS,
          options.root ?? SOURCE_ROOT,
        );
  return { config: validateConfig(loaded.value, relative(cwd, path) || path), file: path, loaded };
}

/** The config file a build reads: `--config`, else site.config.ts beside the content folder. */
export function configPath(file: string | undefined, cwd: string, contentDir: string): string {
  return file ? resolve(cwd, file) : join(dirname(resolve(cwd, contentDir)), CONFIG_FILE);
}

/** A config's exported value and the files it was bundled from, with their hashes (for reuse). */
export interface LoadedConfig {
  file: string;
  inputs: [string, string][];
  value: unknown;
}

function fileHash(path: string): string {
  try {
    return createHash("sha1").update(readFileSync(path)).digest("hex");
  } catch {
    return "";
  }
}

function isCurrent(loaded: LoadedConfig, path: string): boolean {
  return loaded.file === path && loaded.inputs.every(([file, hash]) => fileHash(file) === hash);
}

async function importConfigModule(
  path: string,
  budgetMs: number,
  root: string,
): Promise<LoadedConfig> {
  let code: string;
  let inputs: string[];
  try {
    // esbuild is loaded only when the config must be bundled again (a build with an unchanged
    // config takes it from the cache).
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [path],
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      packages: "external",
      // `brook-docs/config` is this generator's defineConfig, wherever the config file lives.
      alias: { "brook-docs/config": join(root, "src", "node", "config", "define.ts") },
      logLevel: "silent",
      metafile: true,
      absWorkingDir: dirname(path),
    });
    code = result.outputFiles[0]!.text;
    inputs = Object.keys(result.metafile.inputs).map((f) => resolve(dirname(path), f));
  } catch (e) {
    const first = (
      e as {
        errors?: { text: string; location?: { file: string; line: number; column: number } }[];
      }
    ).errors?.[0];
    const shown = first?.location
      ? relative(process.cwd(), resolve(dirname(path), first.location.file))
      : "";
    const where = first?.location
      ? `${shown}:${first.location.line}:${first.location.column + 1}: `
      : "";
    const message = first?.text ?? "site.config.ts does not compile";
    const place = first?.location
      ? { file: shown, line: first.location.line, column: first.location.column + 1 }
      : { file: relative(process.cwd(), path) };
    throw configError(
      `${where}${message}`,
      "fix the syntax error in the config file",
      place,
      message,
      e,
    );
  }
  // Import through a file (not a data: URL) so bare imports resolve from the project.
  const dir = join(process.cwd(), "node_modules", ".cache", "brook-docs-config");
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `config-${createHash("sha1").update(code).digest("hex").slice(0, 12)}.mjs`);
  writeFileSync(out, code);
  const value = await runConfigModule(pathToFileURL(out).href, path, budgetMs);
  return { file: path, inputs: inputs.map((f) => [f, fileHash(f)]), value };
}

/** Validates a raw config object; every problem at once, each with its path and a hint. */
export function validateConfig(raw: unknown, file: string): SiteConfig {
  const past = pastLimits(raw, MAX_DEPTH, MAX_VALUES);
  const parsed = past ? undefined : configSchema.safeParse(raw);
  if (!parsed?.success) {
    const problems = parsed
      ? parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issueMessage(issue)}`)
      : [`${formatPath(past!.path)}: ${past!.over === "depth" ? TOO_DEEP : TOO_MANY}`];
    const hint = "fix the fields above in site.config.ts; docs/configuration.md lists every field";
    throw new BrookError(
      `${file}: ${problems.length} problem${problems.length === 1 ? "" : "s"} in the config\n${problems.map((p) => `  ${p}`).join("\n")}`,
      hint,
      // One diagnostic per field, so CI annotates each (docs/ci.md).
      {
        diagnostics: problems.map((message) => ({
          file,
          message,
          rule: "config",
          hint: "docs/configuration.md lists every field",
        })),
      },
    );
  }
  return parsed.data;
}
