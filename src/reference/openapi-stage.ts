/**
 * The build's side of the REST API description: found from config `reference.openapi` (relative
 * to the config file, never out of its folder), loaded once per change of the file or of the
 * values it reads, validated by the parser only when its resolved text is new (a marker per hash
 * in the build cache), and what pages read of it: a file for the workers and the key a page that
 * shows an operation depends on.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import { ContentError, type Diagnostic } from "../errors.ts";
import { loadOpenApi, type LoadedOpenApi } from "./openapi-load.ts";

/** The published files, under the base. */
export const OPENAPI_FILES = { yaml: "openapi.yaml", json: "openapi.json" } as const;

/** Largest description read (a description is text: a few hundred KB at most). */
const MAX_BYTES = 4 * 1024 * 1024;

let last: { key: string; loaded: LoadedOpenApi } | undefined;

/** Loads the configured description, or undefined when the config names none; throws ContentError for a broken one. */
export async function loadReference(
  config: SiteConfig,
  configFile: string | undefined,
  cwd: string,
  cacheDir?: string,
): Promise<LoadedOpenApi | undefined> {
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
  const key = JSON.stringify([text, builtIn, config.values]);
  if (last?.key === key) return last.loaded;
  const markers = cacheDir && join(cacheDir, "openapi-valid");
  const { loaded, diagnostics } = await loadOpenApi(
    text,
    relative(cwd, path).split(sep).join("/"),
    { values: config.values, builtIn },
    (hash) => Boolean(markers && existsSync(join(markers, hash))),
  );
  if (!loaded) throw new ContentError(diagnostics);
  if (markers) {
    mkdirSync(markers, { recursive: true });
    writeFileSync(join(markers, loaded.hash), "");
  }
  last = { key, loaded };
  return loaded;
}
