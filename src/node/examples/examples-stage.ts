/**
 * The examples stage: after the pages, every code block of the site through the checks of its
 * language (check-blocks.ts, checks.ts), with the verdicts of the last build for blocks that did
 * not change, and the files the checks publish (the runtime declaration). A build that parses many
 * pages (so has many blocks without a verdict) starts the checks' parsers and the description's
 * validation during the pages stage and checks each page's blocks as the page comes back
 * (`warmExamples`, ahead.ts). With `defer` (the dev server) the build leaves the checks for
 * `checkDeferredExamples`, after the pages went out.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, sep } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import type { PageFacts } from "../content/parse-page.ts";
import { ContentError, sortDiagnostics, type Diagnostic } from "../core/errors.ts";
import type { ReferenceStage } from "../reference/reference-stage.ts";
import type { ApiDescription } from "../../shared/openapi/operations.ts";
import { checksAhead, type ChecksAhead, type VerdictsAhead } from "./ahead.ts";
import { checkApiSamples } from "./check-api.ts";
import { checkExamples, type ExampleMemo, type ExampleOutcome } from "./check-blocks.ts";
import { exampleChecks, resolveReference, stepMemberFiles } from "./checks.ts";
import type { ReferenceFiles, ReferencePaths } from "./checks.ts";
import { checkClaims, type ClaimSources } from "./check-claims.ts";
import type { PageClaim } from "../content/claims.ts";
import { loadErrorCatalogue } from "../reference/error-catalogue.ts";
import { loadCliDescription } from "../core/cli-description.ts";
import type { CheckContext, CodeSample } from "./sample.ts";
import type { StepTypesLimits } from "./step-types-process.ts";
import type { ExampleSummary } from "./summary.ts";

export type { ExampleMemo } from "./check-blocks.ts";

/** What the build hands the stage: plain data. */
export interface SiteExampleInput {
  samples: CodeSample[];
  /** What the pages' prose says of error codes and exit codes (content/claims.ts). */
  claims?: PageClaim[];
  /** The config's `reference` field, and the folder its paths are relative to. */
  reference: ReferencePaths;
  configDir: string;
  siteValues: Record<string, string>;
  /** What TypeScript's check may spend (the run's settings); absent: the defaults. */
  limits?: StepTypesLimits;
  /** The REST API's description (config reference.openapi), when the site has one: requests and JSON are checked against it. */
  api?: ApiDescription;
  previous?: ExampleMemo;
}

/** The descriptions the prose's claims are checked against: read when the site names them. */
function claimSources(reference: ReferenceFiles, siteValues: Record<string, string>): ClaimSources {
  const name = (file: string) => relative(process.cwd(), file).split("\\").join("/");
  const sources: ClaimSources = {};
  if (reference.errors) {
    const file = name(reference.errors);
    const text = readFileSync(reference.errors, "utf8");
    sources.errors = { catalogue: loadErrorCatalogue(text, file, siteValues), file };
  }
  if (reference.cli) {
    const file = name(reference.cli);
    sources.cli = {
      description: loadCliDescription(readFileSync(reference.cli, "utf8"), file),
      file,
    };
  }
  return sources;
}

/** The runtime declaration's name in the output, for readers' editors (docs/design.md §9). */
export const PUBLISHED_RUNTIME = "brook-runtime.d.ts";

/**
 * The stage as the build calls it: the site's checks over every sample, and the files to publish
 * (paths under the base; the runtime declaration).
 */
export async function checkSiteExamples(
  input: SiteExampleInput,
  ahead?: VerdictsAhead,
): Promise<ExampleOutcome & { publish: { path: string; content: string }[] }> {
  const reference = resolveReference(input.reference, input.configDir);
  const bodies = new Map<number, "request" | "response">();
  const outcome = await checkExamples({
    samples: input.samples,
    checks: exampleChecks(reference, input.siteValues, input.limits),
    // Checks of samples together: the API's (a request, and the JSON after it).
    sampleChecks: [
      ...(input.api
        ? [
            (samples: CodeSample[], context: CheckContext) =>
              checkApiSamples(samples, input.api!, context, bodies),
          ]
        : []),
      // The prose's error codes and exit codes, against the error catalogue and the CLI.
      () => checkClaims(input.claims ?? [], claimSources(reference, input.siteValues)),
    ],
    context: { siteValues: input.siteValues, bodies },
    previous: input.previous,
    ahead,
  });
  return { ...outcome, publish: publishedFiles(input) };
}

/**
 * The site's checks, started on blocks as their pages come in (a cold build); undefined when the
 * reference paths are wrong (the stage reports that).
 */
export function siteChecksAhead(
  setup: ExamplesSetup,
  known?: ExampleMemo,
): ChecksAhead | undefined {
  try {
    const reference = resolveReference(setup.reference, setup.configDir);
    return checksAhead(exampleChecks(reference, setup.siteValues, setup.limits), known);
  } catch {
    return undefined;
  }
}

/** The files the stage publishes (the runtime declaration), known without running a check. */
export function publishedFiles(input: {
  reference: ReferencePaths;
  configDir: string;
}): { path: string; content: string }[] {
  const { runtime } = resolveReference(input.reference, input.configDir);
  return runtime ? [{ path: PUBLISHED_RUNTIME, content: readFileSync(runtime, "utf8") }] : [];
}

/**
 * Starts the checks' parsers while the pages stage runs, for a build that will check many blocks
 * it has no verdict for (a cold one): the step-types checker's process, and the tree-sitter
 * grammars on this thread. Never rejects: the stage reports what goes wrong.
 */
export async function warmExampleChecks(input: ExamplesSetup): Promise<void> {
  try {
    const reference = resolveReference(input.reference, input.configDir);
    const { limits } = input;
    if (reference.runtime)
      (await import("./step-types-process.ts")).startStepChecker(limits.heapMb);
    // The runtime's surface first, so the process answers it before the first JavaScript batch.
    if (reference.runtime && reference.runtimeLanguages)
      void (await import("./check-step-members.ts"))
        .warmStepMembers(stepMemberFiles(reference.runtime, reference.runtimeLanguages), limits)
        .catch(() => undefined);
    await (await import("./check-syntax.ts")).warmSyntax();
  } catch {
    // Reported by the stage itself when it runs the checks.
  }
}

/** The config's `reference` paths, the folder they are relative to, the site values, and the limits. */
export interface ExamplesSetup {
  reference: ReferencePaths;
  configDir: string;
  siteValues: Record<string, string>;
  /** What TypeScript's check may spend (the run's settings, checkBudgetMs and checkHeapMb). */
  limits: StepTypesLimits;
}

/** What the examples stage gives: its errors, its summary and memo, the files to publish, the checks left for later. */
export interface ExamplesStage {
  diagnostics: Diagnostic[];
  summary: ExampleSummary;
  memo?: ExampleMemo;
  publish: { path: string; content: string }[];
  later?: SiteExampleInput;
}

/** A build's checks before the pages stage ends: their parsers loading, the blocks checked as pages come. */
export interface ExamplesWarm {
  setup: ExamplesSetup;
  warming?: Promise<void>;
  ahead?: ChecksAhead;
  /** The description's validation, started with the checks ahead. */
  validating?: Promise<Diagnostic[]>;
}

/**
 * With many pages to parse, the checks' parsers start loading now; a build that checks before it
 * publishes (not the dev server's) also checks each page's blocks as the page comes in.
 */
export function warmExamples(
  config: SiteConfig,
  configPath: string | undefined,
  cwd: string,
  /** Many blocks without a verdict are coming (many pages to parse): worth starting the checks now. */
  many: boolean,
  reference: ReferenceStage,
  previous: ExampleMemo | undefined,
  defer: boolean,
  limits: StepTypesLimits,
): ExamplesWarm {
  const setup: ExamplesSetup = {
    reference: config.reference,
    configDir: dirname(configPath ?? cwd + sep),
    siteValues: reference.values,
    limits,
  };
  if (!many) return { setup };
  const warming = warmExampleChecks(setup);
  if (defer) return { setup, warming };
  // The description's validation too, on its thread, beside the pages like the checker's process.
  const validating = reference.openapi?.validate?.();
  validating?.catch(() => undefined);
  return { setup, warming, ahead: siteChecksAhead(setup, previous), validating };
}

/**
 * The error of a pages stage that failed, with the description's problems when its validation
 * was left for later (on its thread): a writer then sees both at once, not one build after another.
 */
export async function withDescriptionProblems(
  error: unknown,
  warm: ExamplesWarm,
  reference: ReferenceStage,
): Promise<unknown> {
  if (!(error instanceof ContentError)) return error;
  const validating = warm.validating ?? reference.openapi?.validate?.();
  const invalid = validating ? await validating.catch(() => []) : [];
  if (!invalid.length) return error;
  return new ContentError(sortDiagnostics([...invalid, ...error.diagnostics]), error.warnings);
}

/** Checks every page's blocks (or, `defer`, leaves them for later); the files to publish include the reference stage's. */
export async function examplesStage(
  warm: ExamplesWarm,
  facts: Map<string, PageFacts>,
  reference: ReferenceStage,
  previous: ExampleMemo | undefined,
  defer: boolean,
): Promise<ExamplesStage> {
  const input: SiteExampleInput = {
    ...warm.setup,
    samples: [...facts.values()].flatMap((f) => f.samples),
    claims: [...facts.values()].flatMap((f) => f.claims ?? []),
    siteValues: reference.values,
    api: reference.openapi?.api,
    previous,
  };
  if (defer) {
    const publish = [...reference.publish, ...publishedFiles(warm.setup)];
    const summary = { checked: {}, unchecked: {}, optedOut: 0, fresh: 0 };
    return { diagnostics: [], summary, memo: previous, publish, later: input };
  }
  // The description's validation, when the reference stage left it for now: on a thread of its
  // own, while this one checks the blocks.
  const validating = warm.validating ?? reference.openapi?.validate?.();
  validating?.catch(() => undefined);
  await warm.warming;
  const examples = await checkSiteExamples(input, warm.ahead?.finish());
  const invalid = (await validating) ?? [];
  return {
    ...examples,
    diagnostics: [...invalid, ...examples.diagnostics],
    publish: [...reference.publish, ...examples.publish],
  };
}

/** Runs the checks a build left for later, from the verdicts kept since: their errors and verdicts. */
export async function checkDeferredExamples(
  later: SiteExampleInput,
  previous: ExampleMemo | undefined,
): Promise<{ diagnostics: Diagnostic[]; memo: ExampleMemo }> {
  const { diagnostics, memo } = await checkSiteExamples({ ...later, previous });
  return { diagnostics, memo };
}
