/**
 * The build's side of the REST API description: found from config `reference.openapi` (relative
 * to the config file, never out of its folder), loaded once per change of the file or of the
 * values (kept in the build cache by the hash of both, once valid), and what pages read of it: a
 * file for the workers and the key a page that shows an operation depends on.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import { ContentError, type Diagnostic } from "../core/errors.ts";
import { parseOpenApi, type LoadedOpenApi } from "./openapi-load.ts";
import { indexApi } from "../../shared/openapi/operations.ts";
import { loadErrorCatalogue } from "./error-catalogue.ts";
import { siteValuesOf } from "../content/frontmatter/frontmatter-values.ts";
import { OPENAPI_FILES } from "../../shared/output-layout.ts";

export { OPENAPI_FILES };

/** The description, and the file the workers read (its JSON, and each operation's nodes when `withNodes`). */
export type LoadedReference = LoadedOpenApi & { workerJson: string; withNodes?: boolean };

/** A description loaded by a build, by the key of its text, values and generator: the next build of the process starts from it. */
export interface ReferenceMemo {
  key: string;
  loaded: LoadedReference;
}

/** The description as loaded; `validate` when its validation was left for later. */
export type ReferenceLoad = LoadedReference & {
  /** What is wrong with the description (on a thread of its own when the bundle has one). */
  validate?: () => Promise<Diagnostic[]>;
  /** What the next build of this process starts from (the build that made it succeeded: it was valid). */
  memo: ReferenceMemo;
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
  /** What the last build of this process loaded. */
  last?: ReferenceMemo,
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
  // A folder, a pipe, a link out of the project or a file over 4 MB was refused before any stage
  // read a reference file (reference-files.ts).
  if (!existsSync(path))
    problem(
      `reference.openapi: ${JSON.stringify(spec)} is not a file`,
      "create the description, or remove reference.openapi from the config",
    );
  const text = readFileSync(path, "utf8");
  // The error catalogue the description's `!errors` tags read (inside the folder: reference-files.ts).
  const errorsText = config.reference.errors
    ? readFileSync(resolve(base, config.reference.errors), "utf8")
    : undefined;
  const builtIn = {
    apiBase: config.apiBase,
    sqlApiBase: config.sqlApiBase,
    webBase: config.webBase,
    siteUrl: config.siteUrl,
    base: config.base,
    title: config.title,
  };
  const key = createHash("sha1")
    .update(JSON.stringify([text, errorsText, builtIn, config.values, generator]))
    .digest("hex");
  // The operations' nodes go in the workers' file when the examples are left for later (the dev
  // server: an edit of the REST reference then paints without making them on a worker). A cold
  // build leaves them to the worker that parses the reference, with its Markdown parser warm
  // (0.25 s there, against 0.5 s on this thread before any page starts).
  const nodes = !defer;
  if (last?.key === key && (!nodes || last.loaded.withNodes)) return { ...last.loaded, memo: last };
  // A description loaded before, with the same values, is taken from the cache: no YAML parse,
  // no parser (they cost a second or two of a cold build).
  const kept = cacheDir && join(cacheDir, "openapi", `${key}.json`);
  if (kept && existsSync(kept)) {
    try {
      const saved = JSON.parse(readFileSync(kept, "utf8")) as Omit<LoadedReference, "api">;
      let loaded = { ...saved, api: indexApi(JSON.parse(saved.json) as Record<string, unknown>) };
      if (nodes && !loaded.withNodes) {
        loaded = { ...loaded, workerJson: await workerJson(loaded, true), withNodes: true };
        save(kept, loaded);
      }
      return { ...loaded, memo: { key, loaded } };
    } catch {
      // A damaged entry: load the description again.
    }
  }
  const errors =
    errorsText === undefined
      ? undefined
      : loadErrorCatalogue(
          errorsText,
          relative(cwd, resolve(base, config.reference.errors!)).split(sep).join("/"),
          siteValuesOf(config),
        );
  const parsed = parseOpenApi(text, relative(cwd, path).split(sep).join("/"), {
    values: config.values,
    builtIn,
    errors,
  });
  if (!parsed.loaded) throw new ContentError(await parsed.validate());
  const loaded = {
    ...parsed.loaded,
    workerJson: await workerJson(parsed.loaded, nodes),
    withNodes: nodes,
  };
  const memo = { key, loaded };
  if (!defer) {
    const diagnostics = await parsed.validate();
    if (diagnostics.length) throw new ContentError(diagnostics);
    // Kept in the build cache once it is known to be valid.
    if (kept) save(kept, loaded);
    return { ...loaded, memo };
  }
  // The thread starts now and loads the parser while the pages are made: asked at the examples stage.
  parsed.startThread();
  return {
    ...loaded,
    memo,
    validate: async () => {
      const diagnostics = await parsed.validate(true);
      if (!diagnostics.length && kept) save(kept, loaded);
      return diagnostics;
    },
  };
}

/** The file the workers read: the description, and each operation's nodes with `nodes` (api-operation.ts). */
async function workerJson(loaded: LoadedOpenApi, nodes: boolean): Promise<string> {
  if (!nodes) return `{"description":${loaded.json}}`;
  const { workerFile } = await import("../content/markdown/api-operation.ts");
  return workerFile(loaded.json, loaded.api);
}

/** Writes the build cache's entry of a description (all of it but the index, made again on load). */
function save(file: string, loaded: LoadedReference): void {
  mkdirSync(dirname(file), { recursive: true });
  const { api: _, ...saved } = loaded;
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(saved));
  renameSync(`${file}.${process.pid}`, file);
}
