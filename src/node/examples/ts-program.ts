/**
 * The TypeScript program the step-types check runs: the compiler options, a host that serves the
 * blocks from memory and the library files (lib.*.d.ts, @types/node) from a cache of this process,
 * and the parse of those library files ahead of the blocks. The check runs in a process of its own
 * (step-checker.ts), which starts from a V8 snapshot taken with TypeScript loaded and the library
 * files parsed and bound; run from the sources (tests), TypeScript is loaded here.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as TS from "typescript";

/** TypeScript and where @types/node is: given by the checker process, or found from here. */
let loaded: { ts: typeof TS; nodeTypes: string } | undefined;
/** Library files by name, parsed once per process. */
const libraries = new Map<string, TS.SourceFile | undefined>();

/** Uses this TypeScript and these Node typings (the checker process loads them itself). */
export function provideTypeScript(ts: typeof TS, nodeTypes: string): void {
  loaded = { ts, nodeTypes };
}

function load(): { ts: typeof TS; nodeTypes: string } {
  loaded ??= (() => {
    // Required, not imported: an ESM import of the 9 MB file first scans it for its exports.
    const require = createRequire(import.meta.url);
    const ts = require("typescript") as typeof TS;
    return { ts, nodeTypes: dirname(require.resolve("@types/node/package.json")) };
  })();
  return loaded;
}

/** TypeScript, loaded once. */
export function loadTypeScript(): typeof TS {
  return load().ts;
}

/** Where @types/node is. */
export function nodeTypesDir(): string {
  return load().nodeTypes;
}

/** JavaScript checked as Node runs it, without strict mode (the pages are not written for it). */
export function compilerOptions(ts: typeof TS): TS.CompilerOptions {
  return {
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
}

/** A host reading `files` from memory and the rest from disk, library files through the cache. */
export function programHost(
  ts: typeof TS,
  options: TS.CompilerOptions,
  files: Map<string, string>,
  old?: TS.Program,
): TS.CompilerHost {
  const host = ts.createCompilerHost(options);
  // JSDoc is read where it carries types (the blocks, JavaScript) and skipped in declaration files,
  // as tsc does: the library files' long comments were half of their parse and bind.
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  const readReal = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) => {
    const own = files.get(name);
    if (own !== undefined) {
      // The same text as last time: the old program's file, so TypeScript reuses what it made of it.
      const previous = old?.getSourceFile(name);
      if (previous && previous.text === own) return previous;
      return ts.createSourceFile(name, own, language, true);
    }
    if (!libraries.has(name)) libraries.set(name, readReal(name, language));
    return libraries.get(name);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  // Every module a block or a typing names is declared ambiently (Node's in its typings, Brook's in
  // the runtime, npm packages in packages.d.ts): nothing is looked up in node_modules.
  host.resolveModuleNameLiterals = (literals) =>
    literals.map(() => ({ resolvedModule: undefined }));
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  return host;
}

const LIB_REF_RE = /^\/\/\/\s*<reference\s+lib="([^"]+)"/gm;

/**
 * Parses and binds the library files (the ES libs and `nodeFiles`, paths under @types/node), so a
 * program's checker finds them done: once per process, before the blocks are known.
 */
export function parseLibraries(nodeFiles: string[]): void {
  const ts = loadTypeScript();
  const options = compilerOptions(ts);
  const libDir = dirname(ts.getDefaultLibFilePath(options));
  const libs: string[] = [];
  const pending = ["es2022"];
  while (pending.length) {
    const name = pending.pop()!;
    const file = join(libDir, `lib.${name}.d.ts`);
    if (libs.includes(file)) continue;
    libs.push(file);
    for (const m of readFileSync(file, "utf8").matchAll(LIB_REF_RE)) pending.push(m[1]!);
  }
  const nodeTypes = nodeTypesDir();
  const all = [...libs, ...nodeFiles.map((f) => join(nodeTypes, f))].filter(
    (f) => !libraries.has(f),
  );
  // A program of the files parses them with the options the real program will use; each is then
  // bound (binding belongs to a file: the real program's checker finds it done).
  const host = programHost(ts, options, new Map());
  const program = ts.createProgram({ rootNames: all, options: { ...options, noLib: true }, host });
  // TypeScript's binder, exported by its module though not declared; a checker binds otherwise.
  const bind = (
    ts as unknown as { bindSourceFile?: (f: TS.SourceFile, o: TS.CompilerOptions) => void }
  ).bindSourceFile;
  if (bind) for (const file of program.getSourceFiles()) bind(file, options);
  else program.getTypeChecker();
}
