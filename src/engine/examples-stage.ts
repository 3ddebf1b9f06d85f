/**
 * The examples stage, after the pages: every code block through the checks of its language
 * (src/examples/), with the verdicts of the last build for blocks that did not change. A build
 * that parses many pages (so has many blocks without a verdict) loads the checks' parsers during
 * the pages stage (`warmExamples`). With `deferExamples` (the dev server) the build leaves the
 * checks in its snapshot and publishes without them; `checkDeferredExamples` runs them after the
 * pages went out.
 */
import { dirname, sep } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import type { Diagnostic } from "../errors.ts";
import type { PageFacts } from "../content/parse-page.ts";
import {
  checkSiteExamples,
  publishedFiles,
  warmExampleChecks,
  type ExampleMemo,
  type SiteExampleInput,
} from "../examples/stage.ts";
import type { ExampleSummary } from "../examples/summary.ts";
import type { ReferenceStage } from "./reference-stage.ts";
import type { Snapshot } from "./snapshot.ts";
import { SEARCH_ON_WORKER_MAX_RENDERED } from "./workers.ts";

/** The config's `reference` paths and the folder they are relative to. */
export interface ExamplesSetup {
  reference: SiteConfig["reference"];
  configDir: string;
}

/** What the examples stage gives: its errors, its summary and memo, the files to publish, the checks left for later. */
export interface ExamplesStage {
  diagnostics: Diagnostic[];
  summary: ExampleSummary;
  memo?: ExampleMemo;
  publish: { path: string; content: string }[];
  later?: SiteExampleInput;
}

/** The setup of a build's checks; with many pages to parse, their parsers start loading now. */
export function warmExamples(
  config: SiteConfig,
  configPath: string | undefined,
  cwd: string,
  toParse: number,
): { setup: ExamplesSetup; warming?: Promise<void> } {
  const setup = { reference: config.reference, configDir: dirname(configPath ?? cwd + sep) };
  const many = toParse > SEARCH_ON_WORKER_MAX_RENDERED;
  return { setup, warming: many ? warmExampleChecks(setup) : undefined };
}

/** Checks every page's blocks (or, `defer`, leaves them for later); the files to publish include the reference stage's. */
export async function examplesStage(
  warm: { setup: ExamplesSetup; warming?: Promise<void> },
  facts: Map<string, PageFacts>,
  reference: ReferenceStage,
  previous: ExampleMemo | undefined,
  defer: boolean,
): Promise<ExamplesStage> {
  const input: SiteExampleInput = {
    ...warm.setup,
    samples: [...facts.values()].flatMap((f) => f.samples),
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
  const validating = reference.openapi?.validate?.();
  validating?.catch(() => undefined);
  await warm.warming;
  const examples = await checkSiteExamples(input);
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
