import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serve, type BuildEvent } from "../../src/node/serve/dev-server.ts";
import { rawRequest } from "./http-helpers.ts";
import { is, LiveClient, sidebarOf, startDev, type DevFixture } from "./dev-helpers.ts";

let dev: DevFixture;
let live: LiveClient;
const guide = () => join(dev.dir, "content", "guide.md");
const original = () =>
  readFileSync(
    join(import.meta.dirname, "..", "fixtures", "serve-site", "content", "guide.md"),
    "utf8",
  );

/** Writes a content file and resolves with the build it causes (after the previous one settled). */
async function save(rel: string, text: string) {
  await dev.server.idle();
  const built = dev.nextBuild();
  writeFileSync(join(dev.dir, "content", rel), text);
  return built;
}

/** Resolves when a build starts. */
const buildStart = () => new Promise<void>((r) => dev.server.events.once("build-start", () => r()));

/** Resolves with the next build whose changes include a file ending in `name`. */
function buildOf(name: string): Promise<BuildEvent> {
  return new Promise((resolve) => {
    const on = (e: BuildEvent) => {
      if (!e.changes.some((c) => c.file.endsWith(name))) return;
      dev.server.events.off("build", on);
      resolve(e);
    };
    dev.server.events.on("build", on);
  });
}

/** The text of the search index the served site points at. */
async function searchText(): Promise<string> {
  // The index is published after the page it follows (SessionOptions.deferSearch): wait for it.
  await dev.server.idle();
  const page = (await dev.get("/docs/v2/")).text;
  const boot = JSON.parse(
    page.match(/<script type="application\/json" id="brook-boot">(.*?)<\/script>/s)![1]!,
  ) as { manifestFile: string };
  const manifest = JSON.parse((await dev.get(boot.manifestFile)).text) as { search: string };
  return (await dev.get(`/docs/v2/assets/${manifest.search}`)).text;
}

beforeAll(async () => {
  dev = await startDev();
  live = await LiveClient.connect(dev.server.url);
});
afterAll(async () => {
  live?.close();
  await dev?.close();
});

describe("serve", () => {
  it("serves the first build with the URL rules of preview and the dev client injected", async () => {
    expect(dev.server.home).toBe(`${dev.server.url}/docs/v2/`);
    const page = await dev.get("/docs/v2/guide/");
    expect(page.status).toBe(200);
    expect(page.text).toContain("The guide body before any edit.");
    // The build's own render links the dev client (nothing is patched into the page when served).
    expect(page.text).toContain('<script type="module" src="/__brook/dev.js"></script></head>');
    expect(page.text.match(/__brook\/dev\.js/g)).toHaveLength(1);
    expect((await dev.get("/docs/v2/guide")).status).toBe(301);
    expect((await dev.get("/docs/v2/guide/index.html")).status).toBe(301);
    expect((await dev.get("/docs/v2/nope/")).status).toBe(404);
    const client = await fetch(`${dev.server.url}/__brook/dev.js`);
    expect(client.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await client.text()).toContain("/__brook/ws");
    // The built _headers apply, so the dev client runs under the site's CSP.
    expect(
      (await fetch(`${dev.server.url}/docs/v2/guide/`)).headers.get("content-security-policy"),
    ).toContain("script-src 'self'");
    expect(live.messages[0]).toEqual({
      type: "hello",
      version: 1,
      publishedAt: expect.any(Number),
    });
    // The page's Markdown for machines, with its type.
    const md = await fetch(`${dev.server.url}/docs/v2/guide.md`);
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await md.text()).toContain("The guide body before any edit.");
  });

  it("re-renders only the page whose body changed and tells the pages to update it in place", async () => {
    const from = live.messages.length;
    const setupBefore = (await dev.get("/docs/v2/setup/")).text;
    const event = await save(
      "guide.md",
      original().replace("The guide body before any edit.", "The guide body after one edit."),
    );
    expect(event.outcome.ok).toBe(true);
    if (!event.outcome.ok) return;
    expect(event.outcome.result.rendered).toBe(1);
    expect(event.update).toEqual({
      version: 2,
      routes: ["/docs/v2/guide/"],
      all: false,
      reload: false,
    });
    const message = await live.waitFor(is.update, from);
    expect(message).toMatchObject({
      type: "update",
      version: 2,
      routes: ["/docs/v2/guide/"],
      all: false,
      reload: false,
    });
    // The page's new data file comes with the message: the page need not read the route manifest.
    expect(Object.keys((message as { dataFiles: Record<string, string> }).dataFiles)).toEqual([
      "/guide/",
    ]);
    expect((message as { dataFiles: Record<string, string> }).dataFiles["/guide/"]).toMatch(
      /\.json$/,
    );
    expect((await dev.get("/docs/v2/guide/")).text).toContain("The guide body after one edit.");
    expect((await dev.get("/docs/v2/guide.md")).text).toContain("The guide body after one edit.");
    expect((await dev.get("/docs/v2/llms-full.txt")).text).toContain(
      "The guide body after one edit.",
    );
    expect(sidebarOf((await dev.get("/docs/v2/setup/")).text)).toBe(sidebarOf(setupBefore));
  });

  it("updates the sidebar of every other page when a title changes, and reloads them", async () => {
    const from = live.messages.length;
    expect(sidebarOf((await dev.get("/docs/v2/setup/")).text)).toContain(">Guide<");
    const event = await save("guide.md", original().replace("title: Guide", "title: Handbook"));
    if (!event.outcome.ok) throw new Error(event.outcome.text);
    // Every page shows the title in its sidebar: all five render again, and all reload.
    expect(event.outcome.result.rendered).toBe(5);
    expect(event.update).toMatchObject({ all: true, reload: true });
    expect(await live.waitFor(is.update, from)).toMatchObject({ all: true, reload: true });
    for (const path of ["/docs/v2/setup/", "/docs/v2/reference/api/", "/docs/v2/"]) {
      const sidebar = sidebarOf((await dev.get(path)).text);
      expect(sidebar, path).toContain(">Handbook<");
      expect(sidebar, path).not.toContain(">Guide<");
    }
    await save("guide.md", original());
  });

  it("re-renders exactly the pages that read a site value when it changes", async () => {
    const config = join(dev.dir, "site.config.ts");
    const text = readFileSync(config, "utf8");
    await dev.server.idle();
    const built = dev.nextBuild();
    writeFileSync(
      config,
      text.replace("https://api.brook.example/v1", "https://api.brook.example/v2"),
    );
    const event = await built;
    if (!event.outcome.ok) throw new Error(event.outcome.text);
    // Only content/reference/api.md writes {{ site.apiBase }}.
    expect(event.outcome.result.rendered).toBe(1);
    expect(event.update?.routes).toEqual(["/docs/v2/reference/api/"]);
    expect((await dev.get("/docs/v2/reference/api/")).text).toContain(
      "https://api.brook.example/v2/workflows",
    );
    await dev.server.idle();
    const back = dev.nextBuild();
    writeFileSync(config, text);
    await back;
  });

  it("re-renders exactly the pages that read a nested value when the file the config imports it from changes", async () => {
    const file = join(dev.dir, "values.ts");
    const text = readFileSync(file, "utf8");
    /** Saves values.ts and resolves with the build it causes (through the watcher, as an editor's save). */
    const saveValues = async (next: string) => {
      await dev.server.idle();
      const built = dev.nextBuild();
      writeFileSync(file, next);
      const event = await built;
      if (!event.outcome.ok) throw new Error(event.outcome.text);
      return event;
    };
    // A page as built: the dev client's tag names the server's version, which every build moves on.
    const built = async (path: string) =>
      (await dev.get(path)).text.replace(/dev\.js\?v=\d+/, "dev.js");
    expect((await dev.get("/docs/v2/setup/")).text).toContain("A request body is at most 512KB.");
    const apiBefore = await built("/docs/v2/reference/api/");
    expect(apiBefore).toContain("A queue holds at most 10,000 events.");

    // setup.md alone reads limits.payload.
    const from = live.messages.length;
    let event = await saveValues(text.replace('payload: "512KB"', 'payload: "1MB"'));
    expect(event.outcome.ok && event.outcome.result.rendered).toBe(1);
    expect(event.update).toEqual({
      version: expect.any(Number),
      routes: ["/docs/v2/setup/"],
      all: false,
      reload: false,
    });
    expect(await live.waitFor(is.update, from)).toMatchObject({
      routes: ["/docs/v2/setup/"],
      all: false,
      reload: false,
    });
    expect((await dev.get("/docs/v2/setup/")).text).toContain("A request body is at most 1MB.");
    expect(await built("/docs/v2/reference/api/")).toBe(apiBefore);

    // reference/api.md alone reads limits.queue.max, two levels down.
    event = await saveValues(
      text.replace('payload: "512KB"', 'payload: "1MB"').replace('max: "10,000"', "max: 20000"),
    );
    expect(event.outcome.ok && event.outcome.result.rendered).toBe(1);
    expect(event.update?.routes).toEqual(["/docs/v2/reference/api/"]);
    expect((await dev.get("/docs/v2/reference/api/")).text).toContain(
      "A queue holds at most 20000 events.",
    );

    // A value no page reads, and one beside a value a page reads: nothing is rendered, nothing reloads.
    const quiet = text
      .replace('payload: "512KB"', 'payload: "1MB"')
      .replace('max: "10,000"', "max: 20000")
      .replace("nobody reads this", "still nobody")
      .replace("default: 100", "default: 50");
    event = await saveValues(quiet);
    expect(event.outcome.ok && event.outcome.result.rendered).toBe(0);
    expect(event.update).toMatchObject({ routes: [], all: false, reload: false });

    // A value a page reads taken away: the page's error, at its line, until it is back.
    await dev.server.idle();
    const broken = dev.nextBuild();
    writeFileSync(file, quiet.replace('  payload: "1MB",\n', ""));
    const failed = await broken;
    expect(failed.outcome.ok).toBe(false);
    if (!failed.outcome.ok)
      expect(failed.outcome.text).toMatch(
        /content\/setup\.md:10:\d+: unknown site value 'limits\.payload' in \{\{ site\.limits\.payload \}\} \[unknown-site-value\]/,
      );
    // Back to the start: the two pages that read a changed value, and only they.
    event = await saveValues(text);
    expect(event.outcome.ok && event.outcome.result.rendered).toBe(2);
    expect(event.update?.routes).toEqual(["/docs/v2/reference/api/", "/docs/v2/setup/"]);
    expect((await dev.get("/docs/v2/setup/")).text).toContain("A request body is at most 512KB.");
    expect(await built("/docs/v2/reference/api/")).toBe(apiBefore);
  });

  it("adds, renames and deletes pages: routes, sidebar and search follow", async () => {
    const from = live.messages.length;
    const added = await save(
      "fresh.md",
      "---\ntitle: Fresh page\ndescription: Added while serving.\n---\n\nA page added while serving.\n\n## Zebra section\n\nText.\n",
    );
    expect(added.outcome.ok).toBe(true);
    // A new page joins the generated sidebar, so every page reloads.
    expect(added.update).toMatchObject({ all: true, reload: true });
    await live.waitFor(is.update, from);
    expect((await dev.get("/docs/v2/fresh/")).status).toBe(200);
    expect(sidebarOf((await dev.get("/docs/v2/setup/")).text)).toContain(">Fresh page<");
    expect(await searchText()).toContain("Fresh page");

    await dev.server.idle();
    const renamed = dev.nextBuild();
    renameSync(join(dev.dir, "content", "fresh.md"), join(dev.dir, "content", "renamed.md"));
    let event = await renamed;
    // A rename can reach the watcher as unlink + add in two builds: wait for the one that has both.
    while (!(event.outcome.ok && (await dev.get("/docs/v2/renamed/")).status === 200))
      event = await dev.nextBuild();
    expect((await dev.get("/docs/v2/fresh/")).status).toBe(404);
    expect(sidebarOf((await dev.get("/docs/v2/setup/")).text)).toContain(
      'href="/docs/v2/renamed/"',
    );
    expect(sidebarOf((await dev.get("/docs/v2/setup/")).text)).not.toContain(
      'href="/docs/v2/fresh/"',
    );

    await dev.server.idle();
    const deleted = dev.nextBuild();
    rmSync(join(dev.dir, "content", "renamed.md"));
    const gone = (await deleted).update;
    expect(gone?.all).toBe(true);
    expect((await dev.get("/docs/v2/renamed/")).status).toBe(404);
    expect(sidebarOf((await dev.get("/docs/v2/setup/")).text)).not.toContain("Fresh page");
    expect(await searchText()).not.toContain("Fresh page");
  });

  it("queues a change made during a rebuild and builds it next, never two builds at once", async () => {
    let running = 0;
    let overlap = false;
    const onStart = () => {
      running++;
      if (running > 1) overlap = true;
    };
    const onEnd = () => running--;
    dev.server.events.on("build-start", onStart);
    dev.server.events.on("build", onEnd);
    try {
      await dev.server.idle();
      const started = new Promise<void>((r) => dev.server.events.once("build-start", () => r()));
      writeFileSync(
        guide(),
        original().replace("The guide body before any edit.", "First queued edit."),
      );
      await started;
      // The first build is under way: this save must wait for it, then be built.
      const secondBuilt = buildOf("setup.md");
      writeFileSync(
        join(dev.dir, "content", "setup.md"),
        readFileSync(join(dev.dir, "content", "setup.md"), "utf8").replace(
          "Set up the project.",
          "Second queued edit.",
        ),
      );
      await secondBuilt;
      await dev.server.idle();
      expect(overlap).toBe(false);
      expect((await dev.get("/docs/v2/guide/")).text).toContain("First queued edit.");
      expect((await dev.get("/docs/v2/setup/")).text).toContain("Second queued edit.");
    } finally {
      dev.server.events.off("build-start", onStart);
      dev.server.events.off("build", onEnd);
    }
  });

  it("shows a bad edit's file:line error in the terminal and the overlay, keeps the last good page, clears on the next good save", async () => {
    const from = live.messages.length;
    const bad = await save("guide.md", "---\ntitle: Guide\ndescription: [unclosed\n---\n\nBody.\n");
    expect(bad.outcome.ok).toBe(false);
    const error = await live.waitFor(is.error, from);
    expect(error.text).toMatch(
      /^content\/guide\.md:\d+:\d+: frontmatter is not valid YAML: .+ \[yaml\]\n  hint: /,
    );
    // The same text as the CLI prints, in the terminal too.
    expect(dev.logs.error.at(-1)).toContain(error.text);
    const page = await dev.get("/docs/v2/guide/");
    expect(page.status).toBe(200);
    expect(page.text).toContain("First queued edit.");
    // A page opened now gets the error at once.
    const late = await LiveClient.connect(dev.server.url);
    const version = error.version;
    expect(await late.waitFor(is.hello)).toEqual({
      type: "hello",
      version,
      publishedAt: expect.any(Number),
      error: error.text,
    });
    late.close();

    const fromGood = live.messages.length;
    await save("guide.md", original());
    const cleared = await live.waitFor(is.update, fromGood);
    expect(cleared.version).toBe(version + 1);
    const fresh = await LiveClient.connect(dev.server.url);
    expect(await fresh.waitFor(is.hello)).toEqual({
      type: "hello",
      version: version + 1,
      publishedAt: expect.any(Number),
    });
    fresh.close();
  });

  it("checks a changed code block after the page went out, and shows its error as a build's", async () => {
    const from = live.messages.length;
    const block = '\n```json\n{ "limit": 10, }\n```\n';
    const built = await save("guide.md", original() + block);
    // The pages went out first: the update comes before the check's error.
    expect(built.outcome.ok).toBe(true);
    const update = await live.waitFor(is.update, from);
    const error = await live.waitFor(is.error, from);
    expect(live.messages.indexOf(update)).toBeLessThan(live.messages.indexOf(error));
    expect(error.text).toMatch(/^content\/guide\.md:\d+:\d+: .*\[json-syntax\]/m);
    expect(dev.logs.error.at(-1)).toContain(error.text);
    expect((await dev.get("/docs/v2/guide/")).status).toBe(200);

    const fromGood = live.messages.length;
    await save("guide.md", original());
    await live.waitFor(is.update, fromGood);
    await dev.server.idle();
    expect(live.messages.slice(fromGood).some(is.error)).toBe(false);
  });

  it("never runs a page's ---js frontmatter: the save is an error like any other", async () => {
    const marker = join(dev.dir, "ran-under-serve.txt");
    const from = live.messages.length;
    const bad = await save(
      "guide.md",
      `---js\n{ title: (require("fs").writeFileSync(${JSON.stringify(marker)}, "ran"), "T"), description: "d" }\n---\n\nBody\n`,
    );
    expect(bad.outcome.ok).toBe(false);
    const error = await live.waitFor(is.error, from);
    expect(error.text).toContain(
      "content/guide.md:1:1: frontmatter opens with '---js': only YAML frontmatter is read [frontmatter-language]",
    );
    expect(existsSync(marker)).toBe(false);
    await save("guide.md", original());
  });

  it("survives 50 bad saves in a row and recovers on the next good one", async () => {
    const bad = [
      "---\ntitle: Guide\ndescription: [unclosed\n---\n\nBody.\n",
      "---\ntitle: Guide\ndescription: Fine.\nlayout: nowhere\n---\n\nBody.\n",
      "---\ntitle: Guide\ndescription: Fine.\n---\n\n# A second h1\n\nBody.\n",
      "---\ndescription: No title.\n---\n\nBody.\n",
      "---\ntitle: Guide\ndescription: Fine.\n---\n\nUses {{ site.nope }} here.\n",
      "",
      "---\ntitle: Guide\n",
    ];
    const before = dev.logs.error.length;
    const from0 = live.messages.length;
    for (let i = 0; i < 50; i++) {
      // Every fifth save waits for a build to start, so saves land both in bursts and mid-build.
      const started = i % 5 === 0 ? buildStart() : undefined;
      writeFileSync(
        guide(),
        bad[i % bad.length]! + `\n<!-- save ${i} -->\n`.repeat(i % bad.length === 5 ? 0 : 1),
      );
      await started;
    }
    // One last bad save whose error names it: once it is shown, every save before it was seen.
    writeFileSync(
      guide(),
      "---\ntitle: Guide\ndescription: Fine.\n---\n\n{{ site.lastBadSave }}\n",
    );
    await live.waitFor(
      (m): m is Extract<typeof m, { type: "error" }> =>
        m.type === "error" && m.text.includes("lastBadSave"),
      from0,
    );
    await dev.server.idle();
    expect(dev.logs.error.length).toBeGreaterThan(before);
    expect((await dev.get("/docs/v2/guide/")).status).toBe(200);
    expect((await dev.get("/docs/v2/setup/")).status).toBe(200);
    const from = live.messages.length;
    await save("guide.md", original().replace("The guide body before any edit.", "Good again."));
    await live.waitFor(is.update, from);
    expect((await dev.get("/docs/v2/guide/")).text).toContain("Good again.");
  });
});

describe("serve: safety", () => {
  it("accepts the live-reload socket from its own origin only", async () => {
    const port = new URL(dev.server.url).port;
    await expect(LiveClient.connect(dev.server.url, "http://evil.example")).rejects.toThrow(
      "refused with 403",
    );
    await expect(
      LiveClient.connect(dev.server.url, `http://localhost:${Number(port) + 1}`),
    ).rejects.toThrow("refused with 403");
    await expect(LiveClient.connect(dev.server.url, "null")).rejects.toThrow("refused with 403");
    // DNS rebinding: a page of evil.example whose name resolves to 127.0.0.1 sends a matching Host.
    const { default: WebSocket } = await import("ws");
    const rebound = new WebSocket(`ws://127.0.0.1:${port}/__brook/ws`, {
      origin: `http://evil.example:${port}`,
      headers: { host: `evil.example:${port}` },
    });
    const status = await new Promise<number>((r) =>
      rebound.once("unexpected-response", (_q, res) => r(res.statusCode!)),
    );
    expect(status).toBe(403);
    const ok = await LiveClient.connect(dev.server.url.replace("127.0.0.1", "localhost"));
    ok.close();
  });

  it("refuses other methods and paths outside the root, as preview does", async () => {
    expect((await rawRequest(dev.server.url, "/docs/v2/guide/", { method: "POST" })).status).toBe(
      405,
    );
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/..%2fpackage.json",
      "/..%5cpackage.json",
      "/x%00",
      "/%c0%ae%c0%ae/package.json",
      "/%252e%252e/package.json",
    ]) {
      const r = await rawRequest(dev.server.url, path);
      expect([400, 404], path).toContain(r.status);
      expect(r.body.toString(), path).not.toContain('"name": "brook-docs"');
    }
  });

  it("says clearly when the port is taken", async () => {
    const port = Number(new URL(dev.server.url).port);
    await expect(
      serve({ cwd: dev.dir, port, watch: false, logger: { info() {}, warn() {}, error() {} } }),
    ).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
  });
});
