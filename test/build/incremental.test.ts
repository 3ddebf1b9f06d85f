/**
 * Builds that follow a build (issue 12): what changed is rebuilt, what did not is reused as it
 * was, and check-links needs only the output and its link map. Spawns the CLI: its workers, its
 * disk cache and the FsWriter's hard links are what is tested.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { ROOT, renderedCount, runCli, tempSite } from "../helpers/site.ts";
import { snapshotDir } from "../cli/run-cli.ts";

const BIN = join(ROOT, "bin", "brook-docs.js");
let dir: string;

const cli = (...args: string[]) => runCli(dir, ...args);

const rendered = renderedCount;

const inode = (rel: string) => statSync(join(dir, "dist", rel)).ino;

beforeAll(() => {
  dir = tempSite("basic", {
    "public/favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    "content/guide/code.md":
      readFileSync(join(ROOT, "test/fixtures/basic/content/guide/code.md"), "utf8") +
      "\nThe API lives at {{ site.apiBase }}.\n",
  });
  const first = cli("build");
  expect(first.code, first.stderr).toBe(0);
  expect(rendered(first.stderr)).toBe(5);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a build after a build", () => {
  it("renders nothing when nothing changed, and reuses every page's files as they were", () => {
    const before = inode("docs/v2/limits/index.html");
    const md = inode("docs/v2/limits.md");
    const full = readFileSync(join(dir, "dist/docs/v2/llms-full.txt"), "utf8");
    const r = cli("build");
    expect(r.code, r.stderr).toBe(0);
    expect(rendered(r.stderr)).toBe(0);
    // The same file, linked into the new output: not rewritten, not even copied.
    expect(inode("docs/v2/limits/index.html")).toBe(before);
    // The page's Markdown for machines is part of its output, and llms-full.txt is made of the reused ones.
    expect(inode("docs/v2/limits.md")).toBe(md);
    expect(readFileSync(join(dir, "dist/docs/v2/llms-full.txt"), "utf8")).toBe(full);
  });

  it("leaves the output folder itself alone when the build would make it exactly as it is", () => {
    const folder = statSync(join(dir, "dist")).ino;
    const headers = statSync(join(dir, "dist/_headers"));
    const r = cli("build");
    expect(r.code, r.stderr).toBe(0);
    // Not swapped for a copy of itself: the same folder, the same host file (not rewritten).
    expect(statSync(join(dir, "dist")).ino).toBe(folder);
    expect(statSync(join(dir, "dist/_headers")).mtimeMs).toBe(headers.mtimeMs);
    expect(readdirSync(dir).filter((f) => /^dist\.(tmp|old)-/.test(f))).toEqual([]);
  });

  it("leaves the build cache alone too when nothing changed, and saves it when something did", () => {
    const caches = join(dir, "node_modules", ".cache", "brook-docs");
    const [folder] = readdirSync(caches);
    const state = join(caches, folder!, "state.bin");
    const saved = statSync(state).mtimeMs;
    expect(cli("build").code).toBe(0);
    expect(statSync(state).mtimeMs).toBe(saved);
    const file = join(dir, "content", "guide", "index.md");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text + "\nOne more line for the cache.\n");
    expect(rendered(cli("build").stderr)).toBe(1);
    expect(statSync(state).mtimeMs).not.toBe(saved);
    writeFileSync(file, text);
    expect(rendered(cli("build").stderr)).toBe(1);
    // A file saved again with the same bytes: nothing to render, but its new times are recorded.
    const before = statSync(state).mtimeMs;
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(rendered(cli("build").stderr)).toBe(0);
    expect(statSync(state).mtimeMs).not.toBe(before);
  });

  it("replaces an output that has a file more, or a site file changed by hand, even when no page changed", () => {
    writeFileSync(join(dir, "dist/docs/v2/stray.txt"), "left by someone");
    const r = cli("build");
    expect(rendered(r.stderr)).toBe(0);
    expect(existsSync(join(dir, "dist/docs/v2/stray.txt"))).toBe(false);
    const headers = readFileSync(join(dir, "dist/_headers"), "utf8");
    writeFileSync(join(dir, "dist/_headers"), "edited by hand");
    writeFileSync(join(dir, "dist/docs/v2/favicon.svg"), "<svg/>");
    expect(rendered(cli("build").stderr)).toBe(0);
    expect(readFileSync(join(dir, "dist/_headers"), "utf8")).toBe(headers);
    expect(readFileSync(join(dir, "dist/docs/v2/favicon.svg"), "utf8")).toBe(
      "<svg xmlns='http://www.w3.org/2000/svg'/>",
    );
    // A file of the output deleted by hand comes back.
    rmSync(join(dir, "dist/robots.txt"));
    expect(rendered(cli("build").stderr)).toBe(0);
    expect(existsSync(join(dir, "dist/robots.txt"))).toBe(true);
  });

  it("renders exactly the edited page when only its body changed", () => {
    const file = join(dir, "content", "limits.md");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("## ", "A new sentence in the body.\n\n## "),
    );
    const guide = inode("docs/v2/guide/index.html");
    const r = cli("build");
    expect(rendered(r.stderr)).toBe(1);
    expect(readFileSync(join(dir, "dist/docs/v2/limits/index.html"), "utf8")).toContain(
      "A new sentence in the body.",
    );
    expect(readFileSync(join(dir, "dist/docs/v2/limits.md"), "utf8")).toContain(
      "A new sentence in the body.",
    );
    expect(readFileSync(join(dir, "dist/docs/v2/llms-full.txt"), "utf8")).toContain(
      "A new sentence in the body.",
    );
    expect(inode("docs/v2/guide/index.html")).toBe(guide);
  });

  it("makes, after an edit, exactly the output a build from nothing makes", () => {
    // The first page of the site: made again after the others were taken as they were.
    const file = join(dir, "content", "index.md");
    writeFileSync(file, readFileSync(file, "utf8") + "\nA line added to the first page.\n");
    expect(rendered(cli("build").stderr)).toBe(1);
    const r = cli("build", "--no-cache", "--out", "from-nothing");
    expect(r.code, r.stderr).toBe(0);
    try {
      expect(snapshotDir(join(dir, "dist"))).toEqual(snapshotDir(join(dir, "from-nothing")));
    } finally {
      rmSync(join(dir, "from-nothing"), { recursive: true, force: true });
      rmSync(join(dir, "from-nothing.links.json"), { force: true });
    }
  });

  it("renders exactly the pages that read a site value when the value changes", () => {
    const config = join(dir, "site.config.ts");
    writeFileSync(
      config,
      readFileSync(config, "utf8").replace(
        'title: "Brook",',
        'title: "Brook",\n  apiBase: "https://api.brook.example/v9",',
      ),
    );
    const r = cli("build");
    expect(r.code, r.stderr).toBe(0);
    // guide/triggers.md and guide/code.md write {{ site.apiBase }}; the other three do not.
    expect(rendered(r.stderr)).toBe(2);
    expect(readFileSync(join(dir, "dist/docs/v2/guide/code/index.html"), "utf8")).toContain(
      "https://api.brook.example/v9",
    );
    expect(readFileSync(join(dir, "dist/docs/v2/guide/code.md"), "utf8")).toContain(
      "https://api.brook.example/v9",
    );
  });

  it("renders every page when the site around them changes (a title in the sidebar)", () => {
    const file = join(dir, "content", "limits.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("title: Limits", "title: All limits"));
    expect(rendered(cli("build").stderr)).toBe(5);
    // The other pages' bodies come from the cache, their Markdown with them.
    expect(readFileSync(join(dir, "dist/docs/v2/limits.md"), "utf8")).toMatch(
      /^# All limits\n[\s\S]*A new sentence in the body\./,
    );
    expect(readFileSync(join(dir, "dist/docs/v2/guide/code.md"), "utf8")).toContain(
      "https://api.brook.example/v9",
    );
  });

  it("rebuilds a page whose Markdown for machines someone changed by hand", () => {
    writeFileSync(join(dir, "dist/docs/v2/limits.md"), "edited by hand");
    expect(rendered(cli("build").stderr)).toBe(1);
    expect(readFileSync(join(dir, "dist/docs/v2/limits.md"), "utf8")).toMatch(/^# All limits\n/);
  });

  it("rebuilds a page whose output someone changed by hand", () => {
    writeFileSync(join(dir, "dist/docs/v2/limits/index.html"), "edited by hand");
    expect(rendered(cli("build").stderr)).toBe(1);
    expect(readFileSync(join(dir, "dist/docs/v2/limits/index.html"), "utf8")).toContain("<h1");
  });
});

describe("check-links reads the output and its link map only", () => {
  it("reports file:line:col with content/ and the cache deleted", () => {
    const file = join(dir, "content", "guide", "index.md");
    writeFileSync(
      file,
      readFileSync(file, "utf8") + "\nSee [the missing page](/no-such-page/) for more.\n",
    );
    expect(cli("build").code).toBe(0);
    rmSync(join(dir, "content"), { recursive: true, force: true });
    rmSync(join(dir, "node_modules", ".cache", "brook-docs"), { recursive: true, force: true });
    const r = cli("check-links");
    expect(r.code).toBe(1);
    const lines = readFileSync(
      join(ROOT, "test/fixtures/basic/content/guide/index.md"),
      "utf8",
    ).split("\n").length;
    expect(r.stderr).toContain(
      `content/guide/index.md:${lines + 1}:5: link to /no-such-page/ matches no page [broken-link]`,
    );
  });
});

describe("nested site values across builds (the disk cache)", () => {
  let site: string;
  const build = () => {
    const r = spawnSync(process.execPath, [BIN, "build"], {
      cwd: site,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", BROOK_DOCS_QUIET: "" },
    });
    expect(r.status, r.stderr).toBe(0);
    return r.stderr;
  };
  const values = (payload: string, memory: string, unread: string) =>
    `export const limits = { httpPayload: "${payload}", memory: { default: "${memory}", max: "10GB" }, unread: "${unread}" };\n`;

  beforeAll(() => {
    site = tempSite("basic", {
      "data/values.ts": values("512KB", "256MB", "a"),
      "site.config.ts": readFileSync(join(ROOT, "test/fixtures/basic/site.config.ts"), "utf8")
        .replace("export default", 'import { limits } from "./data/values.ts";\n\nexport default')
        .replace('title: "Brook",', 'title: "Brook",\n  values: { limits },'),
      "content/limits.md": readFileSync(
        join(ROOT, "test/fixtures/basic/content/limits.md"),
        "utf8",
      ).replace("is 512KB.", "is {{ site.limits.httpPayload }}."),
      "content/guide/code.md":
        readFileSync(join(ROOT, "test/fixtures/basic/content/guide/code.md"), "utf8") +
        "\nA step gets {{ site.limits.memory.default }} of memory.\n",
    });
    expect(rendered(build())).toBe(5);
    expect(readFileSync(join(site, "dist/docs/v2/limits/index.html"), "utf8")).toContain(
      "The HTTP payload limit is 512KB.",
    );
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it("renders exactly the pages that read a nested value when the file the config imports changes", () => {
    writeFileSync(join(site, "data/values.ts"), values("1MB", "256MB", "a"));
    expect(rendered(build())).toBe(1);
    expect(readFileSync(join(site, "dist/docs/v2/limits/index.html"), "utf8")).toContain(
      "The HTTP payload limit is 1MB.",
    );

    writeFileSync(join(site, "data/values.ts"), values("1MB", "512MB", "a"));
    expect(rendered(build())).toBe(1);
    expect(readFileSync(join(site, "dist/docs/v2/guide/code/index.html"), "utf8")).toContain(
      "A step gets 512MB of memory.",
    );

    // A value no page reads: the config runs again, no page is parsed or rendered.
    writeFileSync(join(site, "data/values.ts"), values("1MB", "512MB", "b"));
    expect(rendered(build())).toBe(0);
  });
});
