/**
 * Watching for the dev server: chokidar events → classified changes, each handed on as it comes
 * (rebuild-queue.ts turns them into builds). A file is looked at again past chokidar's throttle,
 * special files are never opened, and links out of or back round a watched folder are not followed.
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  realpathSync,
  statSync,
} from "node:fs";
import { basename, dirname, relative, sep } from "node:path";
import { watch as chokidarWatch } from "chokidar";

/** The page workers' own modules (the rest of what they run is under node/render and node/content). */
const WORKER_CODE_RE = /^node\/engine\/(build-worker|worker-pool)\.ts$/;

/** What a changed file asks of the next build. */
export type ChangeKind =
  /** content/, public/, site.config.ts and the files it imports: a build (the session keeps what did not change). */
  | "content"
  /** Code the build workers run (templates/, src/node/render, src/node/content, the build worker, src/shared): a new worker script and client, every page again. */
  | "templates"
  /** src/client and the stylesheet: new client assets, every page again (their URLs changed). */
  | "client"
  /** src/client/dev: rebundle the live-reload client. */
  | "dev-client"
  /** Code the running server itself is made of (the session, the site model, the server): needs a restart. */
  | "restart";

/** One file event, classified. */
export interface Change {
  kind: ChangeKind;
  /** Path relative to the working directory, `/`-separated, for messages. */
  file: string;
  event: string;
}

/** The folders and files the dev server watches. */
export interface WatchTargets {
  cwd: string;
  contentDir: string;
  configFile: string;
  publicDir: string;
  /** Project root of the generator (src/, templates/); undefined: its code is not watched. */
  projectRoot?: string;
  /** Files site.config.ts imports (its site values, say `data/values.ts`): content changes too. */
  configInputs?: ReadonlySet<string>;
}

/** Which kind of change a file is, or undefined when it changes nothing the server makes. */
export function classifyChange(file: string, t: WatchTargets): ChangeKind | undefined {
  const inside = (dir: string) => {
    const r = relative(dir, file);
    return r !== "" && !r.startsWith("..") && !r.startsWith(sep)
      ? r.split(sep).join("/")
      : undefined;
  };
  if (
    file === t.configFile ||
    t.configInputs?.has(file) ||
    inside(t.contentDir) !== undefined ||
    inside(t.publicDir) !== undefined
  )
    return "content";
  if (!t.projectRoot) return undefined;
  const tpl = inside(`${t.projectRoot}${sep}templates`);
  if (tpl !== undefined) {
    if (tpl.endsWith(".css")) return "client";
    return /\.(tsx?|jsx?)$/.test(tpl) ? "templates" : undefined;
  }
  const src = inside(`${t.projectRoot}${sep}src`);
  if (src === undefined || !/\.(tsx?|jsx?|css)$/.test(src)) return undefined;
  if (src.startsWith("client/dev/")) return "dev-client";
  if (src.startsWith("client/")) return "client";
  if (/^(node\/render|node\/content|shared)\//.test(src) || WORKER_CODE_RE.test(src))
    return "templates";
  return "restart";
}

/** Editor droppings that are never part of the site: dotfiles, backups, swap files. */
export function isEditorArtifact(file: string): boolean {
  const name = basename(file);
  return (
    name.startsWith(".") ||
    name.endsWith("~") ||
    /\.(swp|swx|swo|tmp|bak)$/.test(name) ||
    /^#.*#$/.test(name) ||
    /^\d+$/.test(name)
  );
}

/** When a changed file is looked at again: past chokidar's 50 ms throttle of change events. */
const RECHECK_MS = 80;

/** What a file holds now (content hash for files the size of a page, size and time beyond). */
function fingerprint(file: string): string {
  let fd: number | undefined;
  try {
    const st = statSync(file);
    // A pipe, socket or device is never opened: opening a pipe nobody writes to would block this
    // thread, and with it the whole server, for good (the build reports the file).
    if (!st.isFile()) return `special:${st.mode}:${st.ino}`;
    if (st.size > 1024 * 1024) return `${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
    // Non-blocking in case the file was swapped for a pipe since the stat.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    if (!fstatSync(fd).isFile()) return "special";
    return createHash("sha1").update(readFileSync(fd)).digest("hex");
  } catch {
    return "gone";
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Whether `file` sits in a folder reached through a symbolic link the watcher must not follow:
 * one that leads outside its watched root (a link to `/` would have it crawl the whole disk), or
 * back to a folder above it (`loop -> .` was followed 40 deep, until ELOOP). The link itself is
 * still reported, and the build names it.
 */
function beyondLink(file: string, roots: ReadonlySet<string>): boolean {
  const parent = dirname(file);
  if (roots.has(parent)) return false;
  let root: string | undefined;
  for (const r of roots) if (parent.startsWith(r + sep)) root = r;
  if (!root) return false;
  try {
    const real = realpathSync.native(parent);
    if (real === parent) return false;
    const realRoot = realpathSync.native(root);
    const outside = real !== realRoot && !real.startsWith(realRoot + sep);
    const above = parent.startsWith(real + sep);
    return outside || above;
  } catch {
    return false;
  }
}

/** A running watch: resolves `ready` once every watched path is being watched. */
export interface SourceWatcher {
  ready: Promise<void>;
  /**
   * Watches the files the config was bundled from (known only once it loaded), apart from the
   * config itself, packages and the generator's own code, which are watched as what they are.
   */
  watchConfigInputs(files: string[]): void;
  close(): Promise<void>;
}

/**
 * Starts chokidar on the targets; `onChange` gets each classified change. Only paths that exist
 * are watched (chokidar reports "ready" too early when some do not); a target that appears later,
 * or comes back after it was removed, is picked up from its parent folder.
 */
export function watchSources(
  targets: WatchTargets,
  onChange: (c: Change) => void,
  onError: (e: Error) => void = (e) => process.stderr.write(`watching: ${e.message}\n`),
): SourceWatcher {
  const configInputs = new Set<string>();
  const t: WatchTargets = { ...targets, configInputs };
  const wanted = [t.contentDir, t.configFile, t.publicDir];
  if (t.projectRoot) wanted.push(`${t.projectRoot}${sep}templates`, `${t.projectRoot}${sep}src`);
  const roots = new Set(wanted);
  // Set by close(): events chokidar delivers while it closes report nothing and set no timer.
  let closed = false;
  const emit = (event: string, file: string) => {
    if (closed) return;
    const kind = classifyChange(file, t);
    if (kind) onChange({ kind, file: relative(t.cwd, file).split(sep).join("/"), event });
  };
  const watcher = chokidarWatch(
    wanted.filter((p) => existsSync(p)),
    {
      ignoreInitial: true,
      // By the file's own name only: the project itself may sit under a dot folder.
      ignored: (p: string) => !roots.has(p) && (isEditorArtifact(p) || beyondLink(p, roots)),
    },
  );
  // chokidar drops a file's second "change" within 50 ms of the first (its throttle): a save
  // right after another (format-on-save, a quick fix) would be lost. Look at each changed file
  // again once that window has passed, and report it again if it changed meanwhile.
  const rechecks = new Map<string, NodeJS.Timeout>();
  const recheck = (file: string) => {
    if (closed) return;
    const before = fingerprint(file);
    clearTimeout(rechecks.get(file));
    rechecks.set(
      file,
      setTimeout(() => {
        rechecks.delete(file);
        if (fingerprint(file) !== before) {
          emit("change", file);
          recheck(file);
        }
      }, RECHECK_MS),
    );
  };
  // Each root's parent folder, one level deep: a root that appears later, or comes back after it
  // was deleted or moved away (a branch switch, `rm -r` then a restore), is watched again and its
  // return reported (chokidar forgets a watched path once it is gone).
  const missing = new Set(wanted.filter((p) => !existsSync(p)));
  const returned = (event: string, file: string) => {
    if (closed || !missing.delete(file)) return;
    watcher.add(file);
    const kind =
      classifyChange(file, t) ??
      (file === t.contentDir || file === t.publicDir ? "content" : undefined);
    if (kind) onChange({ kind, file: relative(t.cwd, file).split(sep).join("/"), event });
  };
  const lost = (file: string) => {
    missing.add(file);
    // Swapped in one step (a pipe, then a file again): it is back before anything says so.
    if (existsSync(file)) returned("change", file);
  };
  for (const event of ["add", "change", "unlink", "addDir", "unlinkDir"] as const) {
    watcher.on(event, (file: string) => {
      emit(event, file);
      if (event === "add" || event === "change") recheck(file);
      if ((event === "unlink" || event === "unlinkDir") && roots.has(file)) lost(file);
    });
  }
  // An "error" event nobody listens to ends the process: a file the watcher cannot stat (a link
  // loop), a folder it may not read, the system's limit of watches reached.
  watcher.on("error", (e: unknown) => onError(e as Error));
  const ready = [new Promise<void>((r) => watcher.once("ready", () => r()))];

  const parents = [...new Set(wanted.map((p) => dirname(p)))].filter((p) => existsSync(p));
  const lookout = chokidarWatch(parents, { ignoreInitial: true, depth: 0 });
  lookout.on("error", (e: unknown) => onError(e as Error));
  lookout.on("all", (event: string, file: string) => {
    if (!roots.has(file)) return;
    if (event === "unlink" || event === "unlinkDir") missing.add(file);
    // A root swapped in one step can come as "change", not "add".
    else returned(event, file);
  });
  ready.push(new Promise<void>((r) => lookout.once("ready", () => r())));
  const generator = t.projectRoot
    ? [`${t.projectRoot}${sep}src${sep}`, `${t.projectRoot}${sep}templates${sep}`]
    : [];
  return {
    ready: Promise.all(ready).then(() => undefined),
    watchConfigInputs: (files) => {
      const fresh = files.filter(
        (f) =>
          f !== t.configFile &&
          !configInputs.has(f) &&
          !f.split(sep).includes("node_modules") &&
          !generator.some((g) => f.startsWith(g)),
      );
      for (const f of fresh) configInputs.add(f);
      if (fresh.length) watcher.add(fresh);
    },
    close: async () => {
      closed = true;
      await Promise.all([watcher.close(), lookout.close()]);
      for (const timer of rechecks.values()) clearTimeout(timer);
      rechecks.clear();
    },
  };
}
