/**
 * What a JavaScript block of the docs is, read from its code (the pages show four kinds):
 * - a code step: `export default [async] function (event, ctx)` (the step shape of
 *   /code/nodejs/): its parameters are typed as the runtime's event and step context;
 * - a component: it imports `action` or `source` from `@brook/sdk`, whose declaration types
 *   `run(event, ctx)`, `hooks` and `props`;
 * - a fragment of a step or source body: it reads `ctx.` or `event.` without declaring them
 *   (`await ctx.db.get("cursor")`): they are declared for it as any Brook context and event;
 * - a Node script run on the reader's machine (API clients, SSE readers): checked against Node's
 *   own types only.
 * Lines never move: what is added goes on the step's own line or after the code.
 */

/** The kind of a JavaScript block. */
export type JsKind = "step" | "component" | "fragment" | "script";

/** The text the checker reads, and the columns added on one line (reported columns are the block's). */
export interface PreparedBlock {
  kind: JsKind;
  text: string;
  shift?: { line: number; by: number };
}

const SDK_RE = /\bfrom\s*["']@brook\/sdk["']/;
const STEP_RE =
  /^([ \t]*)export\s+default\s+(?:async\s+)?function\s*[\w$]*\s*\(\s*([A-Za-z_$][\w$]*)?\s*(?:,\s*([A-Za-z_$][\w$]*))?/m;
const USES_RE = /(?<![\w$.])(ctx|event)\s*\./g;

/** The block's kind and the text to check. */
export function prepareBlock(code: string): PreparedBlock {
  if (SDK_RE.test(code)) return { kind: "component", text: code };
  const step = STEP_RE.exec(code);
  if (step) {
    const [eventName, ctxName] = [step[2], step[3]];
    const tags =
      (eventName ? `@param {Brook.StepEvent} ${eventName} ` : "") +
      (ctxName ? `@param {Brook.StepContext} ${ctxName} ` : "");
    if (!tags) return { kind: "step", text: code };
    const comment = `/** ${tags}*/ `;
    const at = step.index + step[1]!.length;
    const line = code.slice(0, at).split("\n").length;
    return {
      kind: "step",
      text: code.slice(0, at) + comment + code.slice(at),
      shift: { line, by: comment.length },
    };
  }
  const used = new Set([...code.matchAll(USES_RE)].map((m) => m[1]!));
  const declared = (name: string) =>
    new RegExp(`(?:const|let|var|function|class)\\s+${name}\\b|import\\s+${name}\\b`).test(code);
  const free = [...used].filter((n) => !declared(n));
  if (!free.length) return { kind: "script", text: code };
  // Hoisted `var`s after the code: the block's own lines stay where they are.
  const types: Record<string, string> = {
    ctx: "Brook.StepContext & Brook.SourceContext",
    event: "Brook.StepEvent",
  };
  const tail = free
    .map((n) => `/** @type {${types[n]}} */ var ${n} = /** @type {any} */ (null);`)
    .join("\n");
  return { kind: "fragment", text: `${code}\n${tail}\n` };
}
