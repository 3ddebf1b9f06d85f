/**
 * The dev server's builds: one BuildSession kept in memory across saves (pages re-parsed and
 * re-rendered only when they or what they read changed, workers kept warm), the search index
 * built after the pages are out, and the generator's own code rebundled when it changes:
 * templates and page code into a new worker script, the client into new assets.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { nodeBundleOptions } from "../../scripts/node-bundle.js";
import { BuildSession, type BuildHint, type BuildResult } from "../engine/session.ts";
import { BrookError, formatError, type Diagnostic } from "../errors.ts";
import { buildClientAssets, clientAssets, type ClientAssets } from "../render/assets.ts";
import { workerScript } from "../workers/pool.ts";
import { DevWriter, type SiteMap } from "./dev-site.ts";
import type { Change } from "./watch.ts";

/** Where and what to build. */
export interface DevSessionOptions {
  projectRoot: string;
  cwd: string;
  contentDir: string;
  configFile?: string;
  onWarning?: (d: Diagnostic) => void;
}

/** What one build gave: the files and the result, or the error text the terminal and overlay show. */
export type DevBuildOutcome =
  | { ok: true; result: BuildResult; files: SiteMap; ms: number; codeChanged: boolean }
  | { ok: false; text: string; ms: number };

/** Builds on demand; one per server. */
export class DevSession {
  private session?: BuildSession;
  private script?: URL | null;
  private assets?: Promise<ClientAssets>;
  private readonly bundles: string;
  private serial = 0;
  private first = true;
  /** Code changed and its bundle has not been made yet (it failed to compile): every build tries again. */
  private pendingCode = new Set<"templates" | "client">();
  /** The writer of the build under way (the session asks for a new one each build). */
  private writer?: DevWriter;
  /** The files of the last good build of this session: a file whose inputs did not change is taken from them. */
  private lastFiles?: SiteMap;

  constructor(private readonly options: DevSessionOptions) {
    this.bundles = join(
      options.projectRoot,
      "node_modules",
      ".cache",
      "brook-docs-dev",
      String(process.pid),
    );
  }

  /** Builds, taking `changes` into account; never throws. */
  async build(changes: Change[]): Promise<DevBuildOutcome> {
    const start = performance.now();
    const ms = () => Math.round(performance.now() - start);
    for (const c of changes)
      if (c.kind === "templates" || c.kind === "client") this.pendingCode.add(c.kind);
    // The client hydrates the same templates: its bundle is made again with them.
    if (this.pendingCode.has("templates")) this.pendingCode.add("client");
    const codeChanged = this.pendingCode.size > 0;
    try {
      if (this.pendingCode.has("templates") || this.script === undefined) {
        // Templates and page code run on the workers: a new worker script, a new session.
        this.script =
          this.pendingCode.has("templates") || !workerScript()
            ? await this.bundleWorker()
            : workerScript()!;
        this.pendingCode.delete("templates");
        await this.session?.close();
        this.session = undefined;
        this.lastFiles = undefined;
      }
      if (this.pendingCode.has("client")) {
        const assets = await buildClientAssets(this.options.projectRoot).catch((e: unknown) => {
          throw compileError(
            e,
            "fix the error in src/client or templates/; the server keeps the last good pages",
          );
        });
        this.assets = Promise.resolve(assets);
        this.pendingCode.delete("client");
      }
    } catch (e) {
      // Until the code compiles, every build reports its error (never pages from stale code).
      return { ok: false, text: formatError(e), ms: ms() };
    }
    let writer: DevWriter | undefined;
    this.session ??= new BuildSession({
      cwd: this.options.cwd,
      contentDir: this.options.contentDir,
      configFile: this.options.configFile,
      writer: () => (this.writer = new DevWriter(this.lastFiles)),
      keepInMemory: true,
      deferSearch: true,
      workerScript: this.script,
      assets: () => (this.assets ??= clientAssets()),
      onWarning: this.options.onWarning,
    });
    try {
      const result = await this.session.build(this.hint(changes));
      writer = this.writer;
      if (!writer?.result) throw new BrookError("the build finished without committing its output");
      this.lastFiles = writer.result;
      // The next `brook-docs build` starts warm from what serve parsed.
      if (this.first && !codeChanged) this.session.saveCache();
      this.first = false;
      return { ok: true, result, files: writer.result, ms: ms(), codeChanged };
    } catch (e) {
      return { ok: false, text: formatError(e), ms: ms() };
    }
  }

  /**
   * What the watcher says changed, as a hint for the build: content files changed in place, and
   * nothing else (an added, removed or renamed file, public/ or the config: the build looks at everything).
   */
  private hint(changes: Change[]): BuildHint | undefined {
    const content = resolve(this.options.cwd, this.options.contentDir);
    const files: string[] = [];
    for (const c of changes) {
      const rel = relative(content, resolve(this.options.cwd, c.file));
      if (
        c.kind !== "content" ||
        c.event !== "change" ||
        !rel ||
        rel.startsWith("..") ||
        isAbsolute(rel)
      )
        return undefined;
      files.push(rel.split(sep).join("/"));
    }
    return files.length ? { contentChanged: files } : undefined;
  }

  /** The files the config was last loaded from (site.config.ts and what it imports). */
  configFiles(): string[] {
    return this.session?.configFiles() ?? [];
  }

  /** Builds the search index the last build left for later; undefined when there is none. */
  deferredSearch(): ReturnType<BuildSession["buildDeferredSearch"]> {
    return this.session?.buildDeferredSearch() ?? Promise.resolve(undefined);
  }

  /** Stops the workers and removes the bundles this session made. */
  async dispose(): Promise<void> {
    await this.session?.close();
    rmSync(this.bundles, { recursive: true, force: true });
  }

  /** Bundles the build worker from the project's sources into a folder of its own (a new URL is new code). */
  private async bundleWorker(): Promise<URL> {
    const root = this.options.projectRoot;
    let result;
    try {
      result = await build({
        ...nodeBundleOptions(root),
        entryPoints: { "build-worker": join(root, "src/workers/build-worker.ts") },
        write: false,
        outdir: "out",
        logLevel: "silent",
        define: {
          ...nodeBundleOptions(root).define,
          "process.env.BROOK_DOCS_ROOT": JSON.stringify(root),
        },
      });
    } catch (e) {
      throw compileError(
        e,
        "fix the error in templates/ or src/; the server keeps the last good pages",
      );
    }
    const hash = createHash("sha1");
    for (const f of result.outputFiles) hash.update(f.path).update(f.text);
    const dir = join(
      this.bundles,
      `${String(this.serial++).padStart(4, "0")}-${hash.digest("hex").slice(0, 10)}`,
    );
    mkdirSync(dir, { recursive: true });
    for (const f of result.outputFiles)
      writeFileSync(join(dir, f.path.slice(f.path.lastIndexOf("/out/") + 5)), f.text);
    // Keep the two newest: workers of the session being replaced may still be reading the last one.
    for (const old of readdirSync(this.bundles).sort().slice(0, -2))
      rmSync(join(this.bundles, old), { recursive: true, force: true });
    return new URL("build-worker.mjs", pathToFileURL(dir + "/"));
  }
}

/** An esbuild failure as the CLI shows it: `file:line:col: message`, and a hint. */
function compileError(e: unknown, hint: string): BrookError {
  const first = (
    e as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }
  ).errors?.[0];
  const where = first?.location
    ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: `
    : "";
  return new BrookError(`${where}${first?.text ?? "the generator's code does not compile"}`, hint, {
    cause: e,
  });
}
