/**
 * step-types: JavaScript blocks type-checked against the runtime declaration (data/runtime.d.ts)
 * by TypeScript's checker over JavaScript (checkJs), one program for all the blocks of a build.
 * Each block is a module of its own; packages a block imports from npm are declared as untyped
 * modules (their types are not ours to check), `@brook/*` and Node's modules are typed. Of
 * @types/node only the globals and the modules the blocks import are read (all of it took
 * three times as long to load: 159 files against about 80). Library files are parsed once per
 * process (ts-program.ts) and the last program is handed to the next. The build runs this in a
 * process of its own (step-checker.ts, step-types-process.ts).
 */
import { isBuiltin } from "node:module";
import { join } from "node:path";
import type * as TS from "typescript";
import type { BlockProblem } from "./block-check.ts";
import type { CodeSample } from "./sample.ts";
import { prepareBlock, type PreparedBlock } from "./step-kinds.ts";
import { eventVerdict } from "./event-shapes.ts";
import {
  compilerOptions,
  loadTypeScript,
  nodeTypesDir,
  parseLibraries,
  programHost,
} from "./ts-program.ts";

const ROOT = "/__brook_examples__/";
const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g;

const UNKNOWN_RE = /of type 'unknown'|on type 'unknown'/;

let lastProgram: TS.Program | undefined;

/** What the check reads of a block: its code, its language, and the event its fence says it shows. */
export type StepSample = Pick<CodeSample, "code"> &
  Partial<Pick<CodeSample, "lang" | "event" | "fields">>;

/**
 * Each block's type errors (and syntax errors, as code-syntax). A block TypeScript cannot read
 * (nested so deep that its parser or checker runs out of stack: `((((…))))` a few thousand times)
 * is a step-types problem of that block, not a failed build: the blocks are then checked one by
 * one, so the others still get their verdicts.
 */
export function checkStepTypes(
  samples: StepSample[],
  declaration: string,
  declarationFile: string,
): BlockProblem[][] {
  try {
    return checkTogether(samples, declaration, declarationFile);
  } catch (e) {
    if (!outOfStack(e)) throw e;
    if (samples.length === 1) return [[unreadable(e)]];
  }
  return samples.map((sample) => {
    try {
      return checkTogether([sample], declaration, declarationFile)[0]!;
    } catch (e) {
      if (!outOfStack(e)) throw e;
      return [unreadable(e)];
    }
  });
}

/** TypeScript's stack ran out (any other error is a bug, ours or its, and stays one). */
function outOfStack(e: unknown): e is RangeError {
  return e instanceof RangeError && /call stack/i.test(e.message);
}

/** A block TypeScript gave up on: its stack ran out. */
function unreadable(e: RangeError): BlockProblem {
  return {
    line: 1,
    column: 1,
    rule: "step-types",
    message: `TypeScript could not read the block (${e.message}): it nests too deep`,
    hint: "flatten the deepest expression or type (split it into named parts), or mark the block :no-check=REASON",
  };
}

function checkTogether(
  samples: StepSample[],
  declaration: string,
  declarationFile: string,
): BlockProblem[][] {
  const ts = loadTypeScript();
  const blocks = samples.map((s) => prepareBlock(s.code, s.event, s.lang === "json"));
  const files = new Map<string, string>();
  files.set(ROOT + "runtime.d.ts", declaration);
  files.set(ROOT + "packages.d.ts", untypedPackages(samples));
  blocks.forEach((b, i) => files.set(`${ROOT}block${i}.js`, b.text));
  const options = compilerOptions(ts);
  const host = programHost(ts, options, files, lastProgram);
  const nodeTypes = nodeTypesDir();
  const program = ts.createProgram({
    rootNames: [...nodeTypings(samples).map((f) => join(nodeTypes, f)), ...files.keys()],
    options,
    host,
    oldProgram: lastProgram,
  });
  lastProgram = program;
  const verdicts = blocks.map((block, i) => {
    const source = program.getSourceFile(`${ROOT}block${i}.js`)!;
    const syntax = program.getSyntacticDiagnostics(source);
    // A JSON block that does not parse is json-syntax's to report.
    if (block.kind === "event" && syntax.length) return [];
    const found = syntax.length ? syntax : program.getSemanticDiagnostics(source);
    const event = samples[i]!.event;
    if (block.kind === "event" && event)
      return eventVerdict(ts, program, source, found, {
        event,
        fields: samples[i]!.fields,
        at: (start) =>
          start < shiftOf(block) ? { line: 1, column: 1 } : place(source, start, block),
        typeEnd: block.text.indexOf("*/"),
        file: shortName(declarationFile),
      });
    return (
      found
        .filter((d) => d.start !== undefined && d.start < samples[i]!.code.length + shiftOf(block))
        // `unknown` comes from Node's own typings (fetch's `res.json()`), which plain JavaScript
        // never narrows: not a mistake of the example.
        .filter((d) => !UNKNOWN_RE.test(ts.flattenDiagnosticMessageText(d.messageText, " ")))
        .slice(0, 5)
        .map((d) => problem(ts, d, source, block, syntax.length > 0, declarationFile))
    );
  });
  return verdicts;
}

/** Node's globals (a step's `process`, `Buffer`, timers, URL), and the built-in modules the blocks import. */
const NODE_GLOBALS = [
  "compatibility/index.d.ts",
  "globals.typedarray.d.ts",
  "buffer.buffer.d.ts",
  "globals.d.ts",
  "web-globals/abortcontroller.d.ts",
  "web-globals/domexception.d.ts",
  "web-globals/events.d.ts",
  "buffer.d.ts",
  "console.d.ts",
  "events.d.ts",
  "process.d.ts",
  "timers.d.ts",
  "url.d.ts",
];
const NETWORK = new Set(["http", "https", "net", "tls", "dns", "stream"]);
const NODE_MODULE_RE = /^(?:node:)?([a-z_]+(?:\/[a-z_]+)?)$/;

/** Loads TypeScript and parses the library files the docs' blocks need, before the blocks are known. */
export function warmStepTypes(): void {
  parseLibraries([
    ...NODE_GLOBALS,
    ...[...NETWORK, "crypto", "fs", "path", "tty", "util"].map((n) => `${n}.d.ts`),
  ]);
}

/** Globals some blocks use whose types live in a module's file: the standard streams, the text codecs. */
const GLOBAL_TYPINGS: [RegExp, string[]][] = [
  [/\bprocess\.std(?:in|out|err)\b/, ["tty.d.ts", ...[...NETWORK].map((n) => `${n}.d.ts`)]],
  [/\bText(?:De|En)coder\b/, ["util.d.ts"]],
];

function nodeTypings(samples: StepSample[]): string[] {
  const files = new Set(NODE_GLOBALS);
  for (const s of samples) {
    for (const [uses, typings] of GLOBAL_TYPINGS)
      if (uses.test(s.code)) for (const f of typings) files.add(f);
    for (const m of s.code.matchAll(IMPORT_RE)) {
      const name = NODE_MODULE_RE.exec(m[1]!)?.[1];
      if (name && isBuiltin(name)) files.add(`${name}.d.ts`);
      // A server's and a request's types come from the network modules under them.
      if (name && NETWORK.has(name)) for (const n of NETWORK) files.add(`${n}.d.ts`);
    }
  }
  return [...files];
}

function shiftOf(block: PreparedBlock): number {
  return block.shift?.by ?? 0;
}

/** `declare module "lodash";` for each npm package the blocks import (Node's own and Brook's are typed). */
function untypedPackages(samples: StepSample[]): string {
  const names = new Set<string>();
  for (const s of samples)
    for (const m of s.code.matchAll(IMPORT_RE)) {
      const name = m[1]!;
      if (!name.startsWith("@brook/") && !isBuiltin(name)) names.add(name);
    }
  return [...names].map((n) => `declare module ${JSON.stringify(n)};`).join("\n") + SCRIPT_FETCH;
}

/**
 * Readers' scripts run on a current Node, which has `fetch` (steps run on Node 14, which has not;
 * the pages say so), its body read as a stream. Declared small, instead of undici's 70 files of types.
 */
const SCRIPT_FETCH = `
declare function fetch(url: string | URL, init?: { method?: string; headers?: Record<string, string>; body?: any; signal?: AbortSignal }): Promise<{ ok: boolean; status: number; headers: { get(name: string): string | null }; body: AsyncIterable<Uint8Array>; json(): Promise<any>; text(): Promise<string> }>;
`;

/** The block's line and column of a position in the checked text (the added text shifts one line). */
function place(
  source: TS.SourceFile,
  start: number,
  block: PreparedBlock,
): { line: number; column: number } {
  const at = source.getLineAndCharacterOfPosition(start);
  const line = at.line + 1;
  let column = at.character + 1;
  if (block.shift && block.shift.line === line && column > block.shift.by) column -= block.shift.by;
  return { line, column };
}

/** The declaration file as the hints name it: data/runtime.d.ts. */
function shortName(declarationFile: string): string {
  return declarationFile.split("/").slice(-2).join("/");
}

function problem(
  ts: typeof TS,
  d: TS.Diagnostic,
  source: TS.SourceFile,
  block: PreparedBlock,
  syntax: boolean,
  declarationFile: string,
): BlockProblem {
  const { line, column } = place(source, d.start!, block);
  const message = ts.flattenDiagnosticMessageText(d.messageText, " ");
  return {
    line,
    column,
    rule: syntax ? "code-syntax" : "step-types",
    message: syntax
      ? `the JavaScript does not parse: ${message}`
      : `${message} (TS${d.code}, checked as ${KIND_NAMES[block.kind]})`,
    hint: syntax
      ? "fix the JavaScript so it runs as shown, or mark an excerpt with :no-check=REASON"
      : `the runtime is declared in ${shortName(declarationFile)}: make the example use it as declared, or fix the declaration if Brook does this`,
  };
}

const KIND_NAMES: Record<PreparedBlock["kind"], string> = {
  step: "a code step",
  component: "a component",
  fragment: "part of a step",
  script: "a Node.js script",
  event: "an event",
};
