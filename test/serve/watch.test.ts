import { describe, expect, it, vi } from "vitest";
import { join } from "node:path";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { RebuildQueue } from "../../src/node/serve/rebuild-queue.ts";
import {
  classifyChange,
  isEditorArtifact,
  watchSources,
  type Change,
} from "../../src/node/serve/watch.ts";
import { AssetArchive, type SiteMap } from "../../src/node/serve/dev-site.ts";
import { within } from "../helpers/time.ts";

const change = (file: string): Change => ({ kind: "content", file, event: "change" });

/** What the dev server watches in a project at `dir`. */
const projectTargets = (dir: string) => ({
  cwd: dir,
  contentDir: join(dir, "content"),
  configFile: join(dir, "site.config.ts"),
  publicDir: join(dir, "public"),
});

describe("RebuildQueue", () => {
  it("debounces a burst of changes into one run that sees them all", async () => {
    const runs: string[][] = [];
    const queue = new RebuildQueue(
      async (changes) => void runs.push(changes.map((c) => c.file)),
      20,
    );
    queue.push(change("a"));
    queue.push(change("b"));
    queue.push(change("c"));
    await queue.idle();
    expect(runs).toEqual([["a", "b", "c"]]);
  });

  it("keeps changes that arrive during a run for one next run, and never runs twice at once", async () => {
    // The debounce timer is the clock here: advanced by hand, so no test waits on real time.
    vi.useFakeTimers();
    try {
      const runs: string[][] = [];
      let active = 0;
      let maxActive = 0;
      let release!: () => void;
      const firstRunBlocked = new Promise<void>((r) => (release = r));
      const queue = new RebuildQueue(async (changes) => {
        active++;
        maxActive = Math.max(maxActive, active);
        runs.push(changes.map((c) => c.file));
        if (runs.length === 1) await firstRunBlocked;
        active--;
      }, 5);
      queue.push(change("first"));
      await vi.advanceTimersByTimeAsync(5);
      expect(queue.busy).toBe(true);
      // Arrive while the first run is under way, each past its debounce: they must neither start
      // a run nor be lost.
      queue.push(change("during-1"));
      await vi.advanceTimersByTimeAsync(5);
      queue.push(change("during-2"));
      await vi.advanceTimersByTimeAsync(5);
      expect(runs).toEqual([["first"]]);
      expect(queue.pending).toBe(true);
      release();
      await queue.idle();
      expect(runs).toEqual([["first"], ["during-1", "during-2"]]);
      expect(maxActive).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("goes on after a run that throws", async () => {
    const runs: number[] = [];
    const queue = new RebuildQueue(async (changes) => {
      runs.push(changes.length);
      if (runs.length === 1) throw new Error("bug in a build");
    }, 5);
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      queue.push(change("a"));
      await queue.idle();
      queue.push(change("b"));
      await queue.idle();
    } finally {
      process.stderr.write = stderr;
    }
    expect(runs).toEqual([1, 1]);
  });

  it("stops taking changes once closed", async () => {
    vi.useFakeTimers();
    try {
      const runs: number[] = [];
      const queue = new RebuildQueue(async (c) => void runs.push(c.length), 5);
      await queue.close();
      queue.push(change("a"));
      await vi.runAllTimersAsync();
      expect(queue.pending).toBe(false);
      expect(runs).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("watchSources", () => {
  it("reports a save made inside chokidar's 50 ms change throttle (which drops its event)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "brook-watch-"));
    mkdirSync(join(dir, "content"));
    // One file a round: a late event of the last round's file cannot count for this one.
    const files = [0, 1, 2].map((round) => join(dir, "content", `page-${round}.md`));
    for (const file of files) writeFileSync(file, "first");
    const seen = new Map<string, number>();
    const waiting: (() => void)[] = [];
    /** Resolves once `file` has had `n` events. */
    const events = (file: string, n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (seen.get(file) ?? 0) >= n && (resolve(), true);
        if (!check()) waiting.push(() => void check());
      });
    const watcher = watchSources(projectTargets(dir), (c) => {
      const file = files.find((f) => f.endsWith(c.file)) ?? c.file;
      seen.set(file, (seen.get(file) ?? 0) + 1);
      for (const wake of waiting) wake();
    });
    try {
      await watcher.ready;
      for (const [round, file] of files.entries()) {
        writeFileSync(file, `save A of round ${round}`);
        await events(file, 1);
        // A real pause, and the point of the test: the second save lands within chokidar's 50 ms
        // throttle after the first event, where chokidar itself drops it.
        await new Promise((r) => setTimeout(r, 10));
        writeFileSync(file, `save B of round ${round}`);
        // The second save is reported too: the test fails on its time-out if it never is.
        await events(file, 2);
      }
    } finally {
      await watcher.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("watchSources and what a writer may put in content/", () => {
  /** A watcher on a fresh project; `until(file, n)` resolves once `n` changes of `file` were reported. */
  function watchProject() {
    const dir = mkdtempSync(join(tmpdir(), "brook-watch-odd-"));
    mkdirSync(join(dir, "content"));
    const seen: string[] = [];
    const waiting: (() => void)[] = [];
    const watcher = watchSources(projectTargets(dir), (c) => {
      seen.push(c.file);
      for (const wake of waiting) wake();
    });
    const until = (file: string, times = 1) =>
      new Promise<void>((resolve) => {
        const check = () => seen.filter((f) => f === file).length >= times && (resolve(), true);
        if (!check()) waiting.push(() => void check());
      });
    const close = async () => {
      await watcher.close();
      rmSync(dir, { recursive: true, force: true });
    };
    /**
     * Saves `file` (with `write`) until the watcher reports a change of it past the `after`-th. A
     * path chokidar watches again says nothing when that watch is set up, and a save before it is
     * lost: the condition is the report, and saving again is how to ask for one.
     */
    const saveUntilSeen = (file: string, after: number, write: (save: number) => void) => {
      let save = 0;
      return vi.waitFor(
        () => {
          if (seen.filter((f) => f === file).length > after) return;
          write(++save);
          throw new Error(`${file}: save ${save} not reported yet`);
        },
        { timeout: within(10_000), interval: 100 },
      );
    };
    return { dir, seen, until, saveUntilSeen, ready: watcher.ready, close };
  }

  it("never opens a named pipe that appears (opening one nobody writes to blocks the server for good)", async () => {
    const w = watchProject();
    const pipe = join(w.dir, "content", "pipe.md");
    let writer: ChildProcess | undefined;
    let ours: number | undefined;
    try {
      await w.ready;
      execFileSync("mkfifo", [pipe]);
      // Waits to open the pipe for writing (an open that returns only once someone opens it to
      // read), then writes a word into it. Whoever reads the pipe first gets the word.
      writer = spawn(process.execPath, [
        "-e",
        "const fs = require('fs'); fs.writeSync(fs.openSync(process.argv[1], 'w'), 'unread')",
        pipe,
      ]);
      const ended = new Promise<void>((resolve) => writer!.once("exit", () => resolve()));
      await w.until("content/pipe.md");
      writeFileSync(join(w.dir, "content", "after.md"), "# after");
      await w.until("content/after.md");
      // The watcher went on without reading the pipe: this test is its first reader, and the word
      // is still there once the writer has finished.
      ours = openSync(pipe, constants.O_RDONLY | constants.O_NONBLOCK);
      await ended;
      const buffer = Buffer.alloc(16);
      expect(buffer.toString("utf8", 0, readSync(ours, buffer))).toBe("unread");
    } finally {
      if (ours !== undefined) closeSync(ours);
      writer?.kill();
      await w.close();
    }
  });

  it("watches content/ again when it comes back after it was moved away (a branch switch)", async () => {
    const w = watchProject();
    const content = join(w.dir, "content");
    writeFileSync(join(content, "page.md"), "# one");
    try {
      await w.ready;
      renameSync(content, join(w.dir, "away"));
      await w.until("content/page.md");
      renameSync(join(w.dir, "away"), content);
      // The folder's return is a change of its own (the build finds its files again)...
      await w.until("content");
      // ...and its files are watched again.
      await w.saveUntilSeen("content/page.md", 1, (save) =>
        writeFileSync(join(content, "page.md"), `# save ${save}`),
      );
    } finally {
      await w.close();
    }
  });

  it("keeps watching the config when it is swapped for a pipe and back, each in one step", async () => {
    const w = watchProject();
    const config = join(w.dir, "site.config.ts");
    writeFileSync(config, "export default {};\n");
    const count = () => w.seen.filter((f) => f === "site.config.ts").length;
    try {
      await w.ready;
      execFileSync("sh", ["-c", `rm "${config}" && mkfifo "${config}"`]);
      await w.until("site.config.ts", count() + 1);
      execFileSync("sh", ["-c", `rm "${config}" && echo "export default {};" > "${config}"`]);
      await w.until("site.config.ts", count() + 1);
      // The edit after it: chokidar had forgotten the file, so this one went unseen.
      await w.saveUntilSeen("site.config.ts", count(), (save) =>
        writeFileSync(config, `export default {}; // ${save}\n`),
      );
    } finally {
      await w.close();
    }
  });

  it("survives a symbolic link that leads back to its own folder, and does not walk it round", async () => {
    const w = watchProject();
    try {
      await w.ready;
      // chokidar followed it 40 deep, then its stat failed with ELOOP: an "error" event nobody
      // listened to, which ended the process.
      symlinkSync(".", join(w.dir, "content", "loop"));
      await w.until("content/loop");
      writeFileSync(join(w.dir, "content", "sentinel.md"), "# sentinel");
      await w.until("content/sentinel.md");
      expect(w.seen.filter((f) => f.startsWith("content/loop/"))).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it("does not watch what a symbolic link outside the folder leads to", async () => {
    const w = watchProject();
    const outside = mkdtempSync(join(tmpdir(), "brook-watch-outside-"));
    try {
      for (const name of ["a.md", "b.md", "c.md"]) writeFileSync(join(outside, name), "x");
      await w.ready;
      symlinkSync(outside, join(w.dir, "content", "out"));
      await w.until("content/out");
      writeFileSync(join(outside, "new.md"), "y");
      writeFileSync(join(w.dir, "content", "sentinel.md"), "# sentinel");
      await w.until("content/sentinel.md");
      unlinkSync(join(w.dir, "content", "out"));
      writeFileSync(join(w.dir, "content", "sentinel-2.md"), "# sentinel");
      await w.until("content/sentinel-2.md");
      // The link itself is reported (the build says it leads outside); nothing it leads to is.
      expect(w.seen.filter((f) => f.startsWith("content/out/"))).toEqual([]);
    } finally {
      await w.close();
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe("classifyChange", () => {
  const t = {
    cwd: "/p",
    contentDir: "/p/content",
    configFile: "/p/site.config.ts",
    publicDir: "/p/public",
    projectRoot: "/p",
  };
  it.each([
    ["/p/content/a/b.md", "content"],
    ["/p/site.config.ts", "content"],
    ["/p/public/favicon.svg", "content"],
    ["/p/templates/theme.css", "client"],
    ["/p/templates/Article.tsx", "templates"],
    ["/p/src/node/render/render-page.tsx", "templates"],
    ["/p/src/node/content/markdown/markdown.ts", "templates"],
    ["/p/src/node/engine/build-worker.ts", "templates"],
    ["/p/src/shared/url.ts", "templates"],
    ["/p/src/client/router.ts", "client"],
    ["/p/src/client/dev/main.ts", "dev-client"],
    ["/p/src/node/engine/pipeline.ts", "restart"],
    ["/p/src/node/serve/dev-server.ts", "restart"],
    ["/p/src/node/cli.ts", "restart"],
    ["/p/src/notes.md", undefined],
    ["/p/package.json", undefined],
  ])("%s is a %s change", (file, kind) => {
    expect(classifyChange(file, t)).toBe(kind);
  });

  it("treats a file the config imports (its site values) as a config change", () => {
    expect(classifyChange("/p/data/values.ts", t)).toBeUndefined();
    expect(
      classifyChange("/p/data/values.ts", { ...t, configInputs: new Set(["/p/data/values.ts"]) }),
    ).toBe("content");
  });

  it("does not treat the generator's code as content when its code is not watched", () => {
    expect(
      classifyChange("/p/templates/Article.tsx", { ...t, projectRoot: undefined }),
    ).toBeUndefined();
  });

  it.each([".guide.md.swp", "guide.md~", "4913", "#guide.md#", ".DS_Store"])(
    "ignores the editor artifact %s",
    (name) => {
      expect(isEditorArtifact(join("/p/content", name))).toBe(true);
    },
  );
  it("keeps real files", () => expect(isEditorArtifact("/p/content/guide.md")).toBe(false));
});

describe("AssetArchive", () => {
  const build = (pages: Record<string, string>): SiteMap => {
    const m: SiteMap = new Map();
    for (const file of Object.values(pages)) m.set(`docs/v2/assets/${file}`, "{}");
    m.set("docs/v2/routes.json", JSON.stringify({ pages, redirects: {}, search: "search.x.json" }));
    return m;
  };

  it("keeps the hashed assets of earlier builds for pages that were not updated", () => {
    const archive = new AssetArchive();
    const before = build({ "/": "pages/index.1.json", "/a/": "pages/a.1.json" });
    const after = build({ "/": "pages/index.1.json", "/a/": "pages/a.2.json" });
    const served = archive.merge(before, after, "/docs/v2/");
    expect(served.has("docs/v2/assets/pages/a.1.json")).toBe(true);
    expect(served.has("docs/v2/assets/pages/a.2.json")).toBe(true);
    expect(after.has("docs/v2/assets/pages/a.1.json")).toBe(false);
  });
});
