/**
 * The block checks of a site: which languages each reads and what its verdicts depend on. The
 * heavy parsers (TypeScript, tree-sitter) load only when a block needs them: a build whose
 * verdicts all come from the cache never loads them.
 */
import { readFileSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { BrookError } from "../core/errors.ts";
import { hashKey } from "../core/cache-keys.ts";
import type { BlockCheck } from "./block-check.ts";
import { checkJson, checkYaml } from "./check-json.ts";
import type { StepTypesLimits } from "./step-types-process.ts";
import type { StepMemberFiles } from "./check-step-members.ts";
import { checkErrorAnswer } from "./check-errors.ts";
import { loadErrorCatalogue } from "../reference/error-catalogue.ts";

/** Bump when a check's verdicts change for the same code and inputs. */
const CHECKS_VERSION = "2";

/** Where the descriptions of Brook are (absolute paths), when the site has them. */
export interface ReferenceFiles {
  cli?: string;
  runtime?: string;
  runtimeLanguages?: string;
  errors?: string;
}

/** The config's `reference` paths the checks read, relative to the config's folder. */
export type ReferencePaths = { [key in keyof ReferenceFiles]?: string };

const SHELL = new Set(["bash", "sh", "shell", "zsh"]);
const STEP_LANGUAGES = new Set(["python", "py", "go", "golang"]);
const SYNTAX = new Set([...STEP_LANGUAGES, ...SHELL]);
const JS = new Set(["js", "javascript", "mjs", "cjs"]);

/** The config's reference paths made absolute; each must stay inside the config's folder. */
export function resolveReference(paths: ReferencePaths, configDir: string): ReferenceFiles {
  const out: ReferenceFiles = {};
  for (const key of ["cli", "runtime", "runtimeLanguages", "errors"] as const) {
    const path = paths[key];
    if (path === undefined) continue;
    const full = resolve(configDir, path);
    const rel = relative(configDir, full);
    if (rel.startsWith("..") || isAbsolute(rel))
      throw new BrookError(
        `reference.${key} (${path}) is outside the config's folder`,
        "name a file under the folder of site.config.ts, such as data/cli.yaml",
      );
    out[key] = full;
  }
  return out;
}

/** What the member check of Python and Go steps reads: the runtime and how each language spells it. */
export function stepMemberFiles(runtime: string, languages: string): StepMemberFiles {
  const name = (file: string) => relative(process.cwd(), file).split(sep).join("/");
  return {
    declaration: readFileSync(runtime, "utf8"),
    declarationFile: name(runtime),
    languages: readFileSync(languages, "utf8"),
    languagesFile: name(languages),
  };
}

/**
 * The checks for a site with these reference files (`siteValues` fill the error catalogue's
 * texts); TypeScript's within `limits` (the run's settings).
 */
export function exampleChecks(
  reference: ReferenceFiles,
  siteValues: Record<string, string> = {},
  limits: StepTypesLimits = {},
): BlockCheck[] {
  const checks: BlockCheck[] = [
    {
      id: "json-syntax",
      accepts: (lang) => lang === "json",
      inputs: CHECKS_VERSION,
      run: async (samples) => samples.map((s) => checkJson(s.code)),
    },
    {
      id: "yaml-syntax",
      accepts: (lang) => lang === "yaml" || lang === "yml",
      inputs: CHECKS_VERSION,
      run: async (samples) => samples.map((s) => checkYaml(s.code)),
    },
    {
      id: "code-syntax",
      accepts: (lang) => SYNTAX.has(lang),
      inputs: CHECKS_VERSION,
      run: async (samples) => (await import("./check-syntax.ts")).checkSyntax(samples),
    },
  ];
  if (reference.runtime) {
    const file = reference.runtime;
    const declaration = readFileSync(file, "utf8");
    checks.push({
      id: "step-types",
      // JavaScript, and the JSON blocks that show an event (checked as values of its type).
      accepts: (lang, sample) => JS.has(lang) || (lang === "json" && sample.event !== undefined),
      inputs: hashKey(CHECKS_VERSION, declaration),
      run: async (samples) =>
        (await import("./step-types-process.ts")).checkStepTypesApart(
          samples,
          declaration,
          file,
          limits,
        ),
    });
  }
  if (reference.runtime && reference.runtimeLanguages) {
    const files = stepMemberFiles(reference.runtime, reference.runtimeLanguages);
    checks.push({
      id: "step-members",
      accepts: (lang) => STEP_LANGUAGES.has(lang),
      inputs: hashKey(CHECKS_VERSION, files.declaration, files.languages),
      run: async (samples) =>
        (await import("./check-step-members.ts")).checkStepMembers(samples, files, limits),
    });
  }
  if (reference.errors) {
    const file = reference.errors;
    const text = readFileSync(file, "utf8");
    const name = relative(process.cwd(), file).split("\\").join("/");
    // Loaded when a block first needs it; a broken catalogue stops the reference stage first.
    let catalogue: ReturnType<typeof loadErrorCatalogue> | undefined;
    checks.push({
      id: "error-shape",
      // Every JSON block but an event's: whether it shows an error answer is read from its JSON.
      accepts: (lang, sample) => lang === "json" && sample.event === undefined,
      inputs: hashKey(CHECKS_VERSION, text, JSON.stringify(siteValues)),
      run: async (samples) => {
        catalogue ??= loadErrorCatalogue(text, name, siteValues);
        return samples.map((s) => checkErrorAnswer(s.code, catalogue!, name));
      },
    });
  }
  if (reference.cli) {
    const file = reference.cli;
    const text = readFileSync(file, "utf8");
    checks.push({
      id: "cli-usage",
      accepts: (lang) => SHELL.has(lang),
      inputs: hashKey(CHECKS_VERSION, text),
      run: async (samples) => (await import("./check-cli.ts")).checkCliUsage(samples, text, file),
    });
  }
  return checks;
}
