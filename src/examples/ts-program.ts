/**
 * The TypeScript program the step-types check runs: the compiler options, a host that serves the
 * blocks from memory and the library files (lib.*.d.ts, @types/node) from a cache of this thread,
 * and a warm-up that parses those library files a few at a time while the pages stage runs (a
 * cold build then only checks the blocks once their pages are parsed).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as TS from "typescript";
import { codeCachePath, requireWithCodeCache, type CachedModule } from "./code-cache.ts";

let typescript: CachedModule<typeof TS> | undefined;
/** Library files by name, parsed once per thread. */
const libraries = new Map<string, TS.SourceFile | undefined>();

/** TypeScript, loaded once. */
export function loadTypeScript(): typeof TS {
  // Run as CommonJS, not imported: an ESM import of the 9 MB file first scans it for its exports
  // (about a second of a cold build's time). With V8's code cache, a build after the first one
  // skips compiling the functions the checks use (0.25 s of a cold build's CPU).
  typescript ??= (() => {
    const require = createRequire(import.meta.url);
    const file = require.resolve("typescript");
    const { version } = require("typescript/package.json") as { version: string };
    return requireWithCodeCache<typeof TS>(file, codeCachePath(file, version));
  })();
  return typescript.exports;
}

/** Keeps what TypeScript compiled for the next process, once per process (code-cache.ts). */
export function saveTypeScriptCode(): void {
  typescript?.save();
}

/** Where @types/node is. */
export function nodeTypesDir(): string {
  return dirname(createRequire(import.meta.url).resolve("@types/node/package.json"));
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

/** Library files parsed between two turns of the event loop (each checker made costs a little). */
const WARM_CHUNK = 6;

const LIB_REF_RE = /^\/\/\/\s*<reference\s+lib="([^"]+)"/gm;

/**
 * Parses the library files (the ES libs and `nodeFiles`, paths under @types/node) one at a
 * time, yielding to the event loop between them, so the thread that hands pages to the workers
 * is never held up for long.
 */
export async function warmTypeScript(nodeFiles: string[]): Promise<void> {
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
  const host = programHost(ts, options, new Map());
  // TypeScript's binder, exported by its module though not declared; a checker binds otherwise.
  const bind = (
    ts as unknown as { bindSourceFile?: (f: TS.SourceFile, o: TS.CompilerOptions) => void }
  ).bindSourceFile;
  const all = [...libs, ...nodeFiles.map((f) => join(nodeTypes, f))].filter(
    (f) => !libraries.has(f),
  );
  const size = WARM_CHUNK;
  for (let i = 0; i < all.length; i += size) {
    // A program of a few files parses them with the options the real program will use; each is
    // then bound (binding belongs to a file: the real program's checker finds it done). Binding
    // directly spares a checker per group (its globals and intrinsic types, made and dropped).
    const program = ts.createProgram({
      rootNames: all.slice(i, i + size),
      options: { ...options, noLib: true },
      host,
    });
    if (bind) for (const file of program.getSourceFiles()) bind(file, options);
    else program.getTypeChecker();
    await new Promise((resolve) => setImmediate(resolve));
  }
}
