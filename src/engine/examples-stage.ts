/**
 * The examples stage, after the pages: every code block through the checks of its language
 * (src/examples/), with the verdicts of the last build for blocks that did not change. A build
 * that parses many pages (so has many blocks without a verdict) loads the checks' parsers during
 * the pages stage (`warmExamples`).
 */
import { dirname, sep } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import type { PageFacts } from "../content/parse-page.ts";
import { checkSiteExamples, warmExampleChecks, type ExampleMemo } from "../examples/stage.ts";
import type { ReferenceStage } from "./reference-stage.ts";
import { SEARCH_ON_WORKER_MAX_RENDERED } from "./workers.ts";

/** The config's `reference` paths and the folder they are relative to. */
export interface ExamplesSetup {
  reference: SiteConfig["reference"];
  configDir: string;
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

/** Checks every page's blocks; the files to publish include the reference stage's. */
export async function examplesStage(
  warm: { setup: ExamplesSetup; warming?: Promise<void> },
  facts: Map<string, PageFacts>,
  reference: ReferenceStage,
  previous?: ExampleMemo,
) {
  await warm.warming;
  const examples = await checkSiteExamples({
    ...warm.setup,
    samples: [...facts.values()].flatMap((f) => f.samples),
    siteValues: reference.values,
    api: reference.openapi?.api,
    previous,
  });
  return { ...examples, publish: [...reference.publish, ...examples.publish] };
}
