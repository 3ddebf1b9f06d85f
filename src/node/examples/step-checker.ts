/**
 * The step-types check as a process of its own: the entry of the bundle step-checker.cjs, which
 * scripts/compile-cli.js also turns into a V8 startup snapshot taken after TypeScript is loaded
 * and its library files are parsed and bound (about 0.9 s of CPU a build, paid once per install:
 * the process then starts in about 0.15 s). It reads one request a line on stdin, answers one a
 * line on stdout, and ends when its stdin does (nothing else keeps it alive). step-types-process.ts starts it and talks to it.
 */
import { readFileSync } from "node:fs";
import { Module } from "node:module";
import { dirname } from "node:path";
import { startupSnapshot } from "node:v8";
import { Script } from "node:vm";
import type * as TS from "typescript";
import { checkStepTypes, warmStepTypes } from "./check-step-types.ts";
import { describeRuntime } from "./runtime-surface.ts";
import type { StepTypesAnswer, StepTypesRequest } from "./step-types-protocol.ts";
import { provideTypeScript } from "./ts-program.ts";

/**
 * TypeScript's own file run as CommonJS with Node's `require`: a snapshot's script may require
 * only Node's modules, which is all TypeScript requires.
 */
function loadTypeScriptFile(file: string): typeof TS {
  const module = { exports: {} as typeof TS };
  const script = new Script(Module.wrap(readFileSync(file, "utf8")), { filename: file });
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, require, module, file, dirname(file));
  return module.exports;
}

/** Answers requests until stdin ends. */
function serve(): void {
  // A build that stopped early (a failed page) leaves without reading its last answers: nothing is
  // left to answer, and the pipe's error is no crash to print into its output.
  process.stdout.on("error", () => process.stdin.destroy());
  process.stdin.setEncoding("utf8");
  let buffered = "";
  process.stdin.on("data", (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      process.stdout.write(JSON.stringify(answer(JSON.parse(line) as StepTypesRequest)) + "\n");
    }
  });
}

function answer(request: StepTypesRequest): StepTypesAnswer {
  try {
    const { samples, declaration, declarationFile, surface } = request;
    if (surface)
      return { id: request.id, verdicts: [], surface: describeRuntime(declaration, surface) };
    return { id: request.id, verdicts: checkStepTypes(samples, declaration, declarationFile) };
  } catch (e) {
    return { id: request.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
}

const { BROOK_TS_FILE, BROOK_NODE_TYPES } = process.env;
if (!BROOK_TS_FILE || !BROOK_NODE_TYPES)
  throw new Error(
    "step-checker: BROOK_TS_FILE and BROOK_NODE_TYPES name TypeScript and @types/node",
  );
provideTypeScript(loadTypeScriptFile(BROOK_TS_FILE), BROOK_NODE_TYPES);
warmStepTypes();
if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(serve);
else serve();
