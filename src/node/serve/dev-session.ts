/**
 * The dev server's builds: the engine's build function called with a memory strategy (files in
 * memory, pages and plan remembered in the snapshot, workers kept warm, the search index left
 * for after the pages are out), the latest snapshot held between saves, and the generator's own
 * code rebundled when it changes: templates and page code into a new worker script, the client
 * into new assets.
 */
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { build as buildSite, type BuildChanges } from "../engine/pipeline.ts";
import { BuildCache, cacheDir } from "../engine/build-cache.ts";
import {
  buildDeferredSearch,
  checkDeferred,
  type DeferredSearch,
} from "../engine/deferred-work.ts";
import type { BuildResult } from "../engine/result.ts";
import { emptySnapshot, type Snapshot } from "../engine/snapshot.ts";
import { memoryOutput } from "../write/output-target.ts";
import { type BuildStrategy, type Project } from "../engine/strategy.ts";
import { Workers } from "../engine/workers.ts";
import type { Settings } from "../core/settings.ts";
import { BrookError, formatError, type Diagnostic } from "../core/errors.ts";
import { buildClientAssets, clientAssets, type ClientAssets } from "../render/assets.ts";
import { workerScript } from "../engine/worker-pool.ts";
import type { OutputFiles } from "../write/writer.ts";
import { failureText } from "../report/text.ts";
import { DevWriter } from "../write/dev-writer.ts";
import { DEV_CLIENT_PATH } from "../../shared/live-message.ts";
import { compileError, WorkerBundles } from "./dev-bundles.ts";
import type { Change } from "./watch.ts";

/** Where and what to build. */
export interface DevSessionOptions {
  /** The run's settings (the generator's folder is where its code is watched and bundled from). */
  settings: Settings;
  cwd: string;
  contentDir: string;
  configFile?: string;
  onWarning?: (d: Diagnostic) => void;
}

/** What one build gave: the files and the result, or the error text the terminal and overlay show. */
export type DevBuildOutcome =
  | { ok: true; result: BuildResult; files: OutputFiles; ms: number; codeChanged: boolean }
  | { ok: false; text: string; ms: number };

/** Builds on demand; one per server. */
export class DevSession {
  /** What the last good build handed on; undefined until the first one. */
  private snapshot?: Snapshot;
  private strategy?: BuildStrategy;
  private readonly project: Project;
  private readonly cache: BuildCache;
  private script?: URL | null;
  private assets?: Promise<ClientAssets>;
  private readonly bundles: WorkerBundles;
  private first = true;
  /** The last build failed: the next looks at every file (its walk is older than what failed). */
  private failed = false;
  /** Code changed and its bundle has not been made yet (it failed to compile): every build tries again. */
  private pendingCode = new Set<"templates" | "client">();

  constructor(private readonly options: DevSessionOptions) {
    const bundles = join(
      options.settings.root,
      "node_modules",
      ".cache",
      "brook-docs-dev",
      String(process.pid),
    );
    this.bundles = new WorkerBundles(options.settings.root, bundles);
    const cwd = resolve(options.cwd);
    const contentDir = resolve(cwd, options.contentDir);
    const { settings } = options;
    this.cache = new BuildCache(cacheDir(cwd, contentDir), settings.generator);
    this.project = {
      cwd,
      settings,
      contentDir,
      configFile: options.configFile,
      strict: false,
      onWarning: options.onWarning,
      assets: () => (this.assets ??= clientAssets(settings.assetsDir, settings.root)),
      // The pages link the live-reload client themselves: the server serves them as built.
      devClient: DEV_CLIENT_PATH,
    };
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
        // Templates and page code run on the workers: a new worker script, new workers, and no
        // page or file of the last build reused (the cache's parses are kept).
        this.script =
          this.pendingCode.has("templates") || !workerScript()
            ? await this.bundles.next()
            : workerScript()!;
        this.pendingCode.delete("templates");
        await this.strategy?.workers.close();
        this.strategy = this.memoryStrategy(
          new Workers(this.script, this.options.settings.workers),
        );
        if (this.snapshot) this.snapshot = { ...this.snapshot, memory: undefined };
      }
      if (this.pendingCode.has("client")) {
        const assets = await buildClientAssets(this.options.settings.root).catch((e: unknown) => {
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
    const previous = this.snapshot ?? emptySnapshot(this.cache.load());
    try {
      const hint = this.failed ? undefined : this.hint(changes);
      const out = await buildSite(this.project, previous, hint, this.strategy!);
      if (!out.files) throw new BrookError("a memory build gave no files", "report this");
      this.snapshot = out.next;
      this.failed = false;
      // The next `brook-docs build` starts warm from what serve parsed.
      if (this.first && !codeChanged) this.cache.trySave(out.next.disk);
      this.first = false;
      return { ok: true, result: out.result, files: out.files, ms: ms(), codeChanged };
    } catch (e) {
      this.failed = true;
      return { ok: false, text: failureText(e), ms: ms() };
    }
  }

  /** Files in memory, pages and plan remembered, the index deferred, the workers kept warm. */
  private memoryStrategy(workers: Workers): BuildStrategy {
    return {
      output: memoryOutput((last) => new DevWriter(last), join(this.cache.dir, "site")),
      workerDir: join(this.cache.dir, "site"),
      workers,
      deferSearch: true,
      deferExamples: true,
      remember: true,
      releaseWorkersOver: Infinity,
      cache: this.cache,
      persist: false,
    };
  }

  /**
   * What the watcher says changed, as a hint for the build: content files changed in place, and
   * nothing else (an added, removed or renamed file, public/ or the config: the build looks at everything).
   */
  private hint(changes: Change[]): BuildChanges | undefined {
    const content = this.project.contentDir;
    const files: string[] = [];
    for (const c of changes) {
      const rel = relative(content, resolve(this.project.cwd, c.file));
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

  /** The files the config was last loaded from (site.config.ts and what it imports) and the API description. */
  configFiles(): string[] {
    const files = this.snapshot?.disk.config?.inputs.map(([file]) => file) ?? [];
    // The descriptions of Brook (OpenAPI, CLI, runtime) are inputs of the site as well: an edit rebuilds.
    return [...files, ...(this.snapshot?.memory?.referenceFiles ?? [])];
  }

  /**
   * Builds the search index the last build left for later, published through the build's write
   * path: `files` (the site with the new index and manifest) is undefined when there was none.
   */
  async deferredSearch(): Promise<Omit<DeferredSearch, "next">> {
    const previous = this.snapshot;
    if (!previous || !this.strategy) return {};
    const generator = this.options.settings.generator;
    const { next, ...made } = await buildDeferredSearch(previous, this.strategy, generator);
    // A build that ran meanwhile made a newer snapshot (and left its own index for later).
    if (this.snapshot !== previous) return {};
    this.snapshot = next;
    return made;
  }

  /**
   * Checks the code blocks the last build left for later (its pages are out by now): their errors,
   * each a diagnostic as a build reports it; none when a newer build ran meanwhile.
   */
  async deferredExamples(): Promise<Diagnostic[]> {
    const previous = this.snapshot;
    if (!previous) return [];
    const { diagnostics, next } = await checkDeferred(previous);
    // A build that ran meanwhile made a newer snapshot (and left its own checks for later).
    if (this.snapshot !== previous) return [];
    this.snapshot = next;
    return diagnostics;
  }

  /** Stops the workers and removes the bundles this session made. */
  async dispose(): Promise<void> {
    await this.strategy?.workers.close();
    this.bundles.dispose();
  }
}
