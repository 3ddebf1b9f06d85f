/**
 * step-types: JavaScript blocks type-checked against the runtime declaration (data/runtime.d.ts)
 * by TypeScript's checker over JavaScript (checkJs), one program for all the blocks of a build.
 * Each block is a module of its own; packages a block imports from npm are declared as untyped
 * modules (their types are not ours to check), `@brook/*` and Node's modules are typed. Of
 * @types/node only the globals and the modules the blocks import are read (all of it took
 * three times as long to load: 159 files against about 80). Library files are parsed once per
 * thread and the last program is handed to the next.
 */
import { isBuiltin } from "node:module";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as TS from "typescript";
import type { BlockProblem } from "./block-check.ts";
import type { CodeSample } from "./sample.ts";
import { prepareBlock, type PreparedBlock } from "./step-kinds.ts";

const ROOT = "/__brook_examples__/";
const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g;

const UNKNOWN_RE = /of type 'unknown'|on type 'unknown'/;

let typescript: typeof TS | undefined;
/** Library files (lib.*.d.ts, @types/node) by name, parsed once per thread. */
const libraries = new Map<string, TS.SourceFile | undefined>();
let lastProgram: TS.Program | undefined;

/** Each block's type errors (and syntax errors, as code-syntax). */
export async function checkStepTypes(
  samples: CodeSample[],
  declaration: string,
  declarationFile: string,
): Promise<BlockProblem[][]> {
  // require, not import: an ESM import of the 9 MB CommonJS file first scans it for its exports
  // (about a second of a cold build's time).
  typescript ??= createRequire(import.meta.url)("typescript") as typeof TS;
  const ts = typescript;
  const blocks = samples.map((s) => prepareBlock(s.code));
  const files = new Map<string, string>();
  files.set(ROOT + "runtime.d.ts", declaration);
  files.set(ROOT + "packages.d.ts", untypedPackages(samples));
  blocks.forEach((b, i) => files.set(`${ROOT}block${i}.js`, b.text));
  const require = createRequire(import.meta.url);
  const nodeTypes = dirname(require.resolve("@types/node/package.json"));
  const options: TS.CompilerOptions = {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ["lib.es2022.d.ts"],
    types: [],
    esModuleInterop: true,
    skipLibCheck: true,
    strict: false,
    strictNullChecks: false,
  };
  const host = ts.createCompilerHost(options);
  const readReal = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) => {
    const own = files.get(name);
    if (own !== undefined) {
      // The same text as last time: the old program's file, so TypeScript reuses its checks' inputs.
      const old = lastProgram?.getSourceFile(name);
      if (old && old.text === own) return old;
      return ts.createSourceFile(name, own, language, true);
    }
    if (!libraries.has(name)) libraries.set(name, readReal(name, language));
    return libraries.get(name);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  // Every module a block or a typing names is declared ambiently (Node's in its typings, Brook's in
  // the runtime, npm packages in packages.d.ts): nothing is looked up in node_modules.
  host.resolveModuleNameLiterals = (literals) => literals.map(() => ({ resolvedModule: undefined }));
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  const program = ts.createProgram({
    rootNames: [...nodeTypings(samples).map((f) => join(nodeTypes, f)), ...files.keys()],
    options,
    host,
    oldProgram: lastProgram,
  });
  lastProgram = program;
  return blocks.map((block, i) => {
    const source = program.getSourceFile(`${ROOT}block${i}.js`)!;
    const syntax = program.getSyntacticDiagnostics(source);
    const found = syntax.length ? syntax : program.getSemanticDiagnostics(source);
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

function nodeTypings(samples: CodeSample[]): string[] {
  const files = new Set(NODE_GLOBALS);
  for (const s of samples)
    for (const m of s.code.matchAll(IMPORT_RE)) {
      const name = NODE_MODULE_RE.exec(m[1]!)?.[1];
      if (name && isBuiltin(name)) files.add(`${name}.d.ts`);
      // A server's and a request's types come from the network modules under them.
      if (name && NETWORK.has(name)) for (const n of NETWORK) files.add(`${n}.d.ts`);
    }
  return [...files];
}

function shiftOf(block: PreparedBlock): number {
  return block.shift?.by ?? 0;
}

/** `declare module "lodash";` for each npm package the blocks import (Node's own and Brook's are typed). */
function untypedPackages(samples: CodeSample[]): string {
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
 * the pages say so). Declared small, instead of undici's 70 files of types.
 */
const SCRIPT_FETCH = `
declare function fetch(url: string | URL, init?: { method?: string; headers?: Record<string, string>; body?: any; signal?: AbortSignal }): Promise<{ ok: boolean; status: number; headers: { get(name: string): string | null }; json(): Promise<any>; text(): Promise<string> }>;
`;

function problem(
  ts: typeof TS,
  d: TS.Diagnostic,
  source: TS.SourceFile,
  block: PreparedBlock,
  syntax: boolean,
  declarationFile: string,
): BlockProblem {
  const at = source.getLineAndCharacterOfPosition(d.start!);
  const line = at.line + 1;
  let column = at.character + 1;
  if (block.shift && block.shift.line === line && column > block.shift.by) column -= block.shift.by;
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
      : `the runtime is declared in ${declarationFile.split("/").slice(-2).join("/")}: make the example use it as declared, or fix the declaration if Brook does this`,
  };
}

const KIND_NAMES: Record<PreparedBlock["kind"], string> = {
  step: "a code step",
  component: "a component",
  fragment: "part of a step",
  script: "a Node.js script",
};
