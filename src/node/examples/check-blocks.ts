/**
 * Code blocks through their checks, from the verdicts of earlier builds where a block did not
 * change: a block's problems are kept by the key of its check, its inputs and its code
 * (verdictKey), so a warm build or a one-page edit checks only the blocks that changed.
 * Failures become diagnostics at the block's file, line and column. Plain data in and out.
 */
import type { Diagnostic } from "../core/errors.ts";
import { verdictKey, type BlockCheck, type BlockProblem } from "./block-check.ts";
import type { VerdictsAhead } from "./ahead.ts";
import { placeInSample, type CheckContext, type CodeSample, type SampleCheck } from "./sample.ts";
import { summarize, type ExampleSummary } from "./summary.ts";
import { jsonShows } from "./json-shows.ts";

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

/** A block's problem placed in its page: the code starts on the line after the fence (p.line is 1-based). */
function place(p: BlockProblem, sample: CodeSample): Diagnostic {
  return {
    file: sample.file,
    ...placeInSample(sample, p.line - 1, p.column ?? 1, p.message),
    rule: p.rule,
    hint: p.hint,
  };
}
