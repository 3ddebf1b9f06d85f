/**
 * A schema's `pattern` (JSON Schema, in the REST API's description) is checked against text from
 * the pages: a pattern that can backtrack without end on some input (`^(a+)+$`) would stall the
 * build on a crafted example. Each pattern is analysed once (redos-detector) before any validator
 * runs it; one it cannot clear is never compiled, and the description's check reports where it is.
 */
import { isSafePattern } from "redos-detector";

/**
 * How much work the analysis of one pattern may do: past it, the pattern counts as unsafe.
 * Steps, not time (redos-detector's `timeout` is wall time, which a busy machine spends for it,
 * and then a correct description fails). The description's patterns need at most 62; a pattern
 * that never settles, `^(a|a)*b$`, stops at 2,000 after 0.3 to 0.7 s of CPU (20,000, the
 * library's default, took 5 to 14 s).
 */
const ANALYSIS_STEPS = 2_000;

const risks = new Map<string, string | undefined>();

/** Why `pattern` may backtrack without end, or undefined when it cannot. */
export function patternRisk(pattern: string): string | undefined {
  if (!risks.has(pattern)) {
    let risk: string | undefined;
    try {
      const r = isSafePattern(pattern, { unicode: true, maxSteps: ANALYSIS_STEPS });
      if (!r.safe)
        risk =
          r.error === "hitMaxSteps"
            ? "its analysis did not finish"
            : "some inputs make it backtrack without end";
    } catch (e) {
      risk = `it cannot be analysed (${(e as Error).message})`;
    }
    risks.set(pattern, risk);
  }
  return risks.get(pattern);
}

/** ajv's regular-expression engine: V8's own, for the patterns that cannot backtrack without end. */
export const safeRegExp = Object.assign(
  (pattern: string, flags: string): RegExp => {
    const risk = patternRisk(pattern);
    if (risk) throw new Error(`the pattern ${JSON.stringify(pattern)} is not run: ${risk}`);
    return new RegExp(pattern, flags);
  },
  // How ajv's standalone code would name it; ajv writes no standalone code here.
  { code: "safeRegExp" },
);
