/**
 * The example-check stage (design.md §9): after the pages stage, every code block of the site goes
 * through the checks of its language; failures become diagnostics with file:line:col and a rule
 * id. Verdicts are kept by each block's code and the checks' inputs, so a warm build or a
 * one-page edit checks only the blocks that changed. Takes and returns plain data.
 */
import { checkApiSamples } from "./check-api.ts";
import type { ApiDescription } from "../../shared/openapi/operations.ts";
import { readFileSync } from "node:fs";
import type { Diagnostic } from "../core/errors.ts";
import { verdictKey, type BlockCheck, type BlockProblem } from "./block-check.ts";
import { checksAhead, type ChecksAhead, type VerdictsAhead } from "./ahead.ts";
import type { CheckContext, CodeSample, SampleCheck } from "./sample.ts";
import { summarize, type ExampleSummary } from "./summary.ts";
import { exampleChecks, resolveReference } from "./checks.ts";
import { jsonShows } from "./json-shows.ts";
import { checkClaims, type ClaimSources } from "./check-claims.ts";
import type { PageClaim } from "../content/claims.ts";
import { loadErrorCatalogue } from "../reference/error-catalogue.ts";
import { loadCliDescription } from "./cli-description.ts";
import { relative } from "node:path";
import type { ReferenceFiles } from "./checks.ts";

/** Verdicts of earlier builds: a block's problems by the key of its check, inputs and code. */
export type ExampleMemo = Map<string, BlockProblem[]>;

/** What the stage needs: the samples of every page, and the checks to run. */
export interface ExampleInput {
  samples: CodeSample[];
  checks: BlockCheck[];
  /** Checks that look at samples together (the API checks): not cached, run on every build. */
  sampleChecks?: SampleCheck[];
  context: CheckContext;
  previous?: ExampleMemo;
  /** Verdicts started before the stage (checksAhead), by the same keys. */
  ahead?: VerdictsAhead;
}

/** What the stage found, and what the next build should remember. */
export interface ExampleOutcome {
  diagnostics: Diagnostic[];
  summary: ExampleSummary;
  memo: ExampleMemo;
}

/** Runs every check over the samples, from the memo where a block's verdict is known. */
export async function checkExamples(input: ExampleInput): Promise<ExampleOutcome> {
  const previous = input.previous ?? new Map<string, BlockProblem[]>();
  const memo: ExampleMemo = new Map();
  const diagnostics: Diagnostic[] = [];
  const checkedLangs: string[] = [];
  const uncheckedLangs: string[] = [];
  let optedOut = 0;
  let fresh = 0;
  const todo = new Map<BlockCheck, { sample: CodeSample; key: string }[]>();
  const fromAhead: { sample: CodeSample; key: string; verdict: Promise<BlockProblem[]> }[] = [];
  for (const sample of input.samples) {
    const lang = sample.lang.toLowerCase();
    if (sample.noCheck !== undefined) {
      optedOut++;
      continue;
    }
    const checks = input.checks.filter((c) => c.accepts(lang, sample));
    if (!checks.length) {
      uncheckedLangs.push(lang || "(none)");
      continue;
    }
    checkedLangs.push(lang);
    for (const check of checks) {
      const key = verdictKey(check, lang, sample);
      const known = memo.get(key) ?? previous.get(key);
      const started = input.ahead?.get(key);
      if (known) {
        memo.set(key, known);
        diagnostics.push(...known.map((p) => place(p, sample)));
      } else if (started) {
        fromAhead.push({ sample, key, verdict: started });
      } else {
        const list = todo.get(check) ?? [];
        list.push({ sample, key });
        todo.set(check, list);
      }
    }
  }
  for (const [check, list] of todo) {
    const found = await check.run(list.map((t) => t.sample));
    list.forEach(({ sample, key }, i) => {
      const problems = found[i] ?? [];
      if (!memo.has(key)) fresh++;
      memo.set(key, problems);
      diagnostics.push(...problems.map((p) => place(p, sample)));
    });
  }
  for (const { sample, key, verdict } of fromAhead) {
    const problems = await verdict;
    if (!memo.has(key)) fresh++;
    memo.set(key, problems);
    diagnostics.push(...problems.map((p) => place(p, sample)));
  }
  for (const check of input.sampleChecks ?? [])
    diagnostics.push(...(await check(input.samples, input.context)));
  // What each JSON block shows (the API check above noted the operations' bodies).
  const json = jsonShows(input.samples, input.context.bodies ?? new Map());
  diagnostics.push(...json.diagnostics);
  const summary = {
    ...summarize(checkedLangs, uncheckedLangs, optedOut, fresh),
    shows: json.shows,
    noSchema: json.noSchema,
  };
  // The same verdicts as last time: the same object, so the session sees the cache unchanged.
  const same = fresh === 0 && memo.size === previous.size;
  return { diagnostics, summary, memo: same && input.previous ? input.previous : memo };
}

/** A block's problem placed in its page: the code starts on the line after the fence. */
function place(p: BlockProblem, sample: CodeSample): Diagnostic {
  return {
    file: sample.file,
    line: sample.line + p.line,
    column: p.column,
    rule: p.rule,
    message: p.message,
    hint: p.hint,
  };
}

/** What the build hands the stage: plain data. */
export interface SiteExampleInput {
  samples: CodeSample[];
  /** What the pages' prose says of error codes and exit codes (content/claims.ts). */
  claims?: PageClaim[];
  /** The config's `reference` field, and the folder its paths are relative to. */
  reference: { cli?: string; runtime?: string; errors?: string };
  configDir: string;
  siteValues: Record<string, string>;
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

/** The runtime declaration's name in the output, for readers' editors (design.md §9). */
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
    checks: exampleChecks(reference, input.siteValues),
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
  setup: {
    reference: { cli?: string; runtime?: string; errors?: string };
    configDir: string;
    siteValues: Record<string, string>;
  },
  known?: ExampleMemo,
): ChecksAhead | undefined {
  try {
    const reference = resolveReference(setup.reference, setup.configDir);
    return checksAhead(exampleChecks(reference, setup.siteValues), known);
  } catch {
    return undefined;
  }
}

/** The files the stage publishes (the runtime declaration), known without running a check. */
export function publishedFiles(input: {
  reference: { cli?: string; runtime?: string };
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
export async function warmExampleChecks(input: {
  reference: { cli?: string; runtime?: string };
  configDir: string;
}): Promise<void> {
  try {
    const reference = resolveReference(input.reference, input.configDir);
    if (reference.runtime) (await import("./step-types-process.ts")).startStepChecker();
    await (await import("./check-syntax.ts")).warmSyntax();
  } catch {
    // Reported by the stage itself when it runs the checks.
  }
}
