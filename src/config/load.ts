/** Loads site.config.ts (bundled by esbuild, imported once) and validates it against the schema. */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import { BrookError, type Diagnostic } from "../errors.ts";
import { projectRoot } from "../paths.ts";
import { configSchema, type SiteConfig } from "./schema.ts";
import {
  MAX_DEPTH,
  MAX_VALUES,
  TOO_DEEP,
  TOO_MANY,
  formatPath,
  issueMessage,
} from "./config-problems.ts";
import { pastLimits } from "../shared/value-limits.ts";

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
  options: { budgetMs?: number; cached?: LoadedConfig } = {},
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
      : await importConfigModule(path, options.budgetMs ?? CONFIG_TIME_BUDGET_MS);
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

async function importConfigModule(path: string, budgetMs: number): Promise<LoadedConfig> {
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
      alias: { "brook-docs/config": join(projectRoot(), "src", "config", "define.ts") },
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

// Runs in a worker: imports the bundled config and posts its default export back as plain data.
const CONFIG_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.url).then(
  (m) => {
    if (m.default === undefined) return parentPort.postMessage({ kind: "no-default" });
    try { parentPort.postMessage({ kind: "ok", value: m.default }); }
    catch (e) { parentPort.postMessage({ kind: "not-data", message: String(e && e.message) }); }
  },
  (e) => parentPort.postMessage({ kind: "threw", message: String((e && e.message) || e), name: String((e && e.name) || "Error") }),
);`;

type ConfigMessage =
  | { kind: "ok"; value: unknown }
  | { kind: "no-default" }
  | { kind: "not-data"; message: string }
  | { kind: "threw"; message: string; name: string };

/**
 * Imports the bundled config on a worker thread: a config that throws, never finishes or exports
 * something other than data (functions, classes) is a clear error, not a stack trace or a hang.
 */
function runConfigModule(url: string, path: string, budgetMs: number): Promise<unknown> {
  const shown = relative(process.cwd(), path) || path;
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(CONFIG_WORKER, {
      eval: true,
      workerData: { url },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      stdout: false,
      stderr: false,
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(
        configError(
          `${shown}: the config did not finish loading within ${budgetMs / 1000} s`,
          "site.config.ts runs when a build starts: remove the loop or the wait that keeps it from finishing",
          { file: shown },
          `the config did not finish loading within ${budgetMs / 1000} s`,
        ),
      );
    }, budgetMs);
    const done = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once("message", (m: ConfigMessage) => {
      done();
      if (m.kind === "ok") resolvePromise(m.value);
      else if (m.kind === "no-default")
        reject(
          configError(
            `${shown} has no default export`,
            "export the config: export default defineConfig({ ... })",
            { file: shown },
            "the config has no default export",
          ),
        );
      else if (m.kind === "not-data")
        reject(
          configError(
            `${shown}: the config exports something other than plain data (${m.message})`,
            "export only strings, numbers, booleans, lists and objects: no functions or class instances",
            { file: shown },
            `the config exports something other than plain data (${m.message})`,
          ),
        );
      else
        reject(
          configError(
            `${shown}: the config failed while loading: ${m.name}: ${m.message}`,
            "site.config.ts runs when a build starts: fix the error it throws",
            { file: shown },
            `the config failed while loading: ${m.name}: ${m.message}`,
          ),
        );
    });
    worker.once("error", (e) => {
      done();
      reject(
        configError(
          `${shown}: the config failed while loading: ${e.message}`,
          "site.config.ts runs when a build starts: fix the error it throws",
          { file: shown },
          `the config failed while loading: ${e.message}`,
        ),
      );
    });
    // A value the thread cannot copy back (nested past the copy's stack) comes as this, not as a message.
    worker.once("messageerror", (e) => {
      done();
      reject(
        configError(
          `${shown}: the config's value cannot be read (${e.message})`,
          `export plain data nested at most ${MAX_DEPTH} levels`,
          { file: shown },
          `the config's value cannot be read (${e.message})`,
        ),
      );
    });
    // After a message or an error this rejects nothing; with neither (the config exited with code 0) it is the answer.
    worker.once("exit", (code) => {
      clearTimeout(timer);
      reject(
        configError(
          `${shown}: the config stopped the process that loaded it (exit code ${code})`,
          "remove the call to process.exit from site.config.ts",
          { file: shown },
          `the config stopped the process that loaded it (exit code ${code})`,
        ),
      );
    });
  });
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
  const config = parsed.data;
  const gtm = process.env.BROOK_DOCS_GTM_ID;
  if (gtm !== undefined) {
    if (gtm !== "" && !/^GTM-[A-Z0-9]+$/.test(gtm))
      throw new BrookError(
        `BROOK_DOCS_GTM_ID=${gtm} is not a tag manager id`,
        "use an id like GTM-ABC123, or unset it",
      );
    config.analytics = { gtmId: gtm };
  }
  return config;
}

/** A config problem: today's text for people, one `config` diagnostic for CI reports. */
function configError(
  text: string,
  hint: string,
  place: Omit<Diagnostic, "message" | "rule">,
  message = text,
  cause?: unknown,
): BrookError {
  return new BrookError(text, hint, {
    cause,
    diagnostics: [{ ...place, message, rule: "config", hint }],
  });
}
