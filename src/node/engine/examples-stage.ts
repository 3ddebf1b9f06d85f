/**
 * The examples stage, after the pages: every code block through the checks of its language
 * (src/node/examples/), with the verdicts of the last build for blocks that did not change. A build
 * that parses many pages (so has many blocks without a verdict) loads the checks' parsers during
 * the pages stage and checks each page's blocks as the page comes back (`warmExamples`). With `deferExamples` (the dev server) the build leaves the
 * checks in its snapshot and publishes without them; `checkDeferredExamples` runs them after the
 * pages went out.
 */
import { dirname, sep } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import { ContentError, type Diagnostic } from "../core/errors.ts";
import { sortDiagnostics } from "./diagnostics.ts";
import type { PageFacts } from "../content/parse-page.ts";
import {
  checkSiteExamples,
  publishedFiles,
  siteChecksAhead,
  warmExampleChecks,
  type ExampleMemo,
  type SiteExampleInput,
} from "../examples/stage.ts";
import type { ExampleSummary } from "../examples/summary.ts";
import type { ChecksAhead } from "../examples/ahead.ts";
import type { ReferenceStage } from "./reference-stage.ts";
import type { Snapshot } from "./snapshot.ts";
import { SEARCH_ON_WORKER_MAX_RENDERED } from "./workers.ts";

/** The config's `reference` paths, the folder they are relative to, and the site values. */
export interface ExamplesSetup {
  reference: SiteConfig["reference"];
  configDir: string;
  siteValues: Record<string, string>;
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
  toParse: number,
  reference: ReferenceStage,
  previous: ExampleMemo | undefined,
  defer: boolean,
): ExamplesWarm {
  const setup = {
    reference: config.reference,
    configDir: dirname(configPath ?? cwd + sep),
    siteValues: reference.values,
  };
  if (toParse <= SEARCH_ON_WORKER_MAX_RENDERED) return { setup };
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
  return new ContentError(sortDiagnostics([...invalid, ...error.diagnostics]));
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

/** Runs the checks the last build left for later: their errors, and the snapshot with their verdicts. */
export async function checkDeferredExamples(
  previous: Snapshot,
): Promise<{ diagnostics: Diagnostic[]; next: Snapshot }> {
  const later = previous.memory?.examplesLater;
  if (!later) return { diagnostics: [], next: previous };
  const { diagnostics, memo } = await checkSiteExamples({
    ...later,
    previous: previous.disk.examples,
  });
  return {
    diagnostics,
    next: {
      ...previous,
      disk: { ...previous.disk, examples: memo },
      memory: { ...previous.memory!, examplesLater: undefined },
    },
  };
}
