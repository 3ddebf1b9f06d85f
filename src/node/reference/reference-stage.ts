/**
 * The reference stage, after the read (the page workers warm up meanwhile): the REST API's
 * description (config `reference.openapi`) loaded, or taken from the build cache, and what the
 * pages read of it (a file for the workers, and the `{openapi}` site value a page that shows an
 * operation depends on, so an edit of the description parses those pages again). A description
 * that does not parse stops the build here; one that parses but is not valid OpenAPI stops it
 * here too, or, in a build that checks its examples at once, at the examples stage, which
 * validates it on a thread of its own while this one checks the blocks (off the path to the first
 * page).
 */
import { dirname, join, relative, resolve } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import { siteValuesOf } from "../content/frontmatter/frontmatter-values.ts";
import { contentHash } from "../render/hash.ts";
import { OPENAPI_DEPENDENCY } from "../../shared/openapi/operations.ts";
import {
  loadReference,
  OPENAPI_FILES,
  type ReferenceLoad,
  type ReferenceMemo,
} from "./openapi-stage.ts";
import { cliReference } from "./cli-reference.ts";
import { checkReferenceFiles } from "./reference-files.ts";
import { workerFile } from "../core/worker-file.ts";
import { loadErrorCatalogue } from "./error-catalogue.ts";
import { readFileSync } from "node:fs";

/** What the reference stage gives. */
export interface ReferenceStage {
  /** The description, when the config names one (with `validate` when it is left for later). */
  openapi?: ReferenceLoad;
  /** Its absolute path. */
  file?: string;
  /** The descriptions' absolute paths (OpenAPI, CLI, runtime, errors): inputs of the site the dev server watches. */
  inputs: string[];
  /** The site values as `{{ site.… }}` reads them. */
  values: Record<string, string>;
  /** What a page's parse depends on: the values, and the description's hash under `{openapi}`. */
  pageValues: Record<string, string>;
  /** The file the workers read the description from. */
  workerFile?: string;
  /** The file the workers read the CLI's description from (config `reference.cli`). */
  cliFile?: string;
  /** The files published under the base (openapi.yaml and .json, values resolved). */
  publish: { path: string; content: string }[];
}

/** Loads the configured description; throws ContentError for a broken one. */
export async function referenceStage(
  config: SiteConfig,
  configPath: string | undefined,
  cwd: string,
  where: {
    /** The build cache's folder, where a valid description is kept by its hash. */
    cacheDir?: string;
    /** The generator's version: what is kept is made by its code. */
    generator: string;
    /** Where this thread leaves files for the page workers to read. */
    workerDir: string;
    /** Validate the description beside the example checks (a build that checks them now), not here. */
    validateWithExamples: boolean;
    /** The description the last build of this process loaded. */
    last?: ReferenceMemo;
  },
): Promise<ReferenceStage> {
  const values = siteValuesOf(config);
  const { cacheDir } = where;
  // Before this stage or the examples' reads any of them.
  const configName = relative(cwd, configPath ?? join(cwd, "site.config.ts")) || "site.config.ts";
  checkReferenceFiles(config.reference, configPath ? dirname(configPath) : cwd, configName);
  // The CLI's description: a page that shows a command depends on it under `{cli}`.
  const cli = cliReference(
    config.reference.cli,
    configPath ? dirname(configPath) : cwd,
    values,
    (name, json) => workerFile(where.workerDir, name, json),
  );
  const withCli = { ...values, ...cli.values };
  const configDir = configPath ? dirname(configPath) : cwd;
  // The error catalogue: one that is not one stops the build here, at its lines.
  if (config.reference.errors) {
    const file = resolve(configDir, config.reference.errors);
    loadErrorCatalogue(readFileSync(file, "utf8"), relative(cwd, file), values);
  }
  const { cli: cliPath, runtime, runtimeLanguages, errors } = config.reference;
  const inputs = [cliPath, runtime, runtimeLanguages, errors]
    .filter((f): f is string => f !== undefined)
    .map((f) => resolve(configDir, f));
  const openapi = await loadReference(
    config,
    configPath,
    cwd,
    cacheDir,
    where.generator,
    where.validateWithExamples,
    where.last,
  );
  if (!openapi) return { values, pageValues: withCli, cliFile: cli.file, inputs, publish: [] };
  const json = openapi.workerJson;
  return {
    openapi,
    file: join(cwd, openapi.file),
    inputs: [join(cwd, openapi.file), ...inputs],
    values,
    cliFile: cli.file,
    pageValues: { ...withCli, [OPENAPI_DEPENDENCY]: openapi.hash },
    workerFile: workerFile(where.workerDir, `openapi.${contentHash(json)}.json`, json),
    publish: [
      { path: OPENAPI_FILES.yaml, content: openapi.yaml },
      { path: OPENAPI_FILES.json, content: openapi.json },
    ],
  };
}
