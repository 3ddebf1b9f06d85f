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
 * A step or fragment whose fence names its trigger (`:event=rss`) gets that trigger's event
 * (`Brook.Events.Rss`) instead of `Brook.StepEvent`, which has every trigger's fields. A `json`
 * block that shows an event (`:event=http`, `:test-event=http`) is checked as the value of a
 * constant of that event's type: TypeScript then reports a field the type lacks, one it requires
 * and the block leaves out, and a value of the wrong type (an id's prefix included), each at its
 * line. Lines never move: what is added goes on the step's own line or after the code.
 */

/** The kind of a block the step-types check reads. */
export type JsKind = "step" | "component" | "fragment" | "script" | "event";

/** What the fence says of the block's event: its trigger, and whether it is a test event. */
export interface ShownEvent {
  trigger: string;
  test?: true;
}

/** The type an event's trigger names: `workflow-error` is `Brook.Events.WorkflowError`. */
export function eventType(event: ShownEvent): string {
  const name = event.trigger.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
  return `Brook.${event.test ? "TestEvents" : "Events"}.${name}`;
}

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

/** The block's kind and the text to check; `json` when it is a JSON block that shows `event`. */
export function prepareBlock(code: string, event?: ShownEvent, json = false): PreparedBlock {
  if (json && event) {
    // The JSON as an object literal of the event's type, its first line after the declaration.
    const head = `/** @type {${eventType(event)}} */ const shown = `;
    return { kind: "event", text: `${head}${code}\n;\n`, shift: { line: 1, by: head.length } };
  }
  const eventOf = event ? eventType(event) : "Brook.StepEvent";
  if (SDK_RE.test(code)) return { kind: "component", text: code };
  const step = STEP_RE.exec(code);
  if (step) {
    const [eventName, ctxName] = [step[2], step[3]];
    const tags =
      (eventName ? `@param {${eventOf}} ${eventName} ` : "") +
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
    event: eventOf,
  };
  const tail = free
    .map((n) => `/** @type {${types[n]}} */ var ${n} = /** @type {any} */ (null);`)
    .join("\n");
  return { kind: "fragment", text: `${code}\n${tail}\n` };
}
