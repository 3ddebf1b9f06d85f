/**
 * The build's side of the REST API description: found from config `reference.openapi` (relative
 * to the config file, never out of its folder), loaded once per change of the file or of the
 * values (kept in the build cache by the hash of both, once valid), and what pages read of it: a
 * file for the workers and the key a page that shows an operation depends on.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import { ContentError, type Diagnostic } from "../errors.ts";
import { parseOpenApi, type LoadedOpenApi } from "./openapi-load.ts";
import { indexApi } from "./openapi-index.ts";
import { OPENAPI_FILES } from "../shared/output-layout.ts";

export { OPENAPI_FILES };

/** Largest description read (a description is text: a few hundred KB at most). */
const MAX_BYTES = 4 * 1024 * 1024;

/** The description, and the file the workers read (its JSON). */
export type LoadedReference = LoadedOpenApi & { workerJson: string };

let last: { key: string; loaded: LoadedReference } | undefined;

/** The description as loaded; `validate` when its validation was left for later. */
export type ReferenceLoad = LoadedReference & {
  /** What is wrong with the description (on a thread of its own when the bundle has one). */
  validate?: () => Promise<Diagnostic[]>;
};

/**
 * Loads the configured description, or undefined when the config names none; throws
 * ContentError for a broken one. With `defer`, a description that parses is given before it is
 * validated, with `validate` (a cold build validates it while the pages' blocks are checked).
 */
export async function loadReference(
  config: SiteConfig,
  configFile: string | undefined,
  cwd: string,
  cacheDir?: string,
  /** The generator's version: what is kept is made by its code. */
  generator = "",
  defer = false,
): Promise<ReferenceLoad | undefined> {
  const spec = config.reference.openapi;
  if (!spec) return undefined;
  const base = configFile ? dirname(configFile) : cwd;
  const path = resolve(base, spec);
  const configName = relative(cwd, configFile ?? join(cwd, "site.config.ts")) || "site.config.ts";
  const problem = (message: string, hint: string): never => {
    throw new ContentError([
      { file: configName, rule: "openapi", message, hint } satisfies Diagnostic,
    ]);
  };
  const rel = relative(base, path);
  if (isAbsolute(spec) || rel.startsWith(".." + sep) || rel === "..")
    problem(
      `reference.openapi ${JSON.stringify(spec)} is outside the config's folder`,
      "name a file in the config's folder, such as data/openapi.yaml",
    );
  if (!existsSync(path) || !statSync(path).isFile())
    problem(
      `reference.openapi: ${JSON.stringify(spec)} is not a file`,
      "create the description, or remove reference.openapi from the config",
    );
  if (statSync(path).size > MAX_BYTES)
    problem(
      `reference.openapi: ${spec} is over ${MAX_BYTES / 1024 / 1024} MB`,
      "a description is text; split out what is not",
    );
  const text = readFileSync(path, "utf8");
  const builtIn = {
    apiBase: config.apiBase,
    sqlApiBase: config.sqlApiBase,
    webBase: config.webBase,
    siteUrl: config.siteUrl,
    base: config.base,
    title: config.title,
  };
  const key = createHash("sha1")
    .update(JSON.stringify([text, builtIn, config.values, generator]))
    .digest("hex");
  if (last?.key === key) return last.loaded;
  // A description loaded before, with the same values, is taken from the cache: no YAML parse,
  // no parser (they cost a second or two of a cold build).
  const kept = cacheDir && join(cacheDir, "openapi", `${key}.json`);
  if (kept && existsSync(kept)) {
    try {
      const saved = JSON.parse(readFileSync(kept, "utf8")) as Omit<LoadedReference, "api">;
      const loaded = { ...saved, api: indexApi(JSON.parse(saved.json) as Record<string, unknown>) };
      last = { key, loaded };
      return loaded;
    } catch {
      // A damaged entry: load the description again.
    }
  }
  const parsed = parseOpenApi(text, relative(cwd, path).split(sep).join("/"), {
    values: config.values,
    builtIn,
  });
  if (!parsed.loaded) throw new ContentError(await parsed.validate());
  // The description alone: the worker that parses a page showing operations makes their nodes
  // (api-operation.ts), with a Markdown parser already warm, instead of this thread before any
  // page starts (0.5 s of a cold build on a cold parser, against 0.25 s there).
  const loaded = { ...parsed.loaded, workerJson: `{"description":${parsed.loaded.json}}` };
  // Kept (in this process, and in the build cache) once it is known to be valid.
  const keep = () => {
    if (kept) {
      mkdirSync(dirname(kept), { recursive: true });
      const { api: _, ...saved } = loaded;
      writeFileSync(`${kept}.${process.pid}`, JSON.stringify(saved));
      renameSync(`${kept}.${process.pid}`, kept);
    }
    last = { key, loaded };
  };
  if (!defer) {
    const diagnostics = await parsed.validate();
    if (diagnostics.length) throw new ContentError(diagnostics);
    keep();
    return loaded;
  }
  return {
    ...loaded,
    validate: async () => {
      const diagnostics = await parsed.validate(true);
      if (!diagnostics.length) keep();
      return diagnostics;
    },
  };
}
