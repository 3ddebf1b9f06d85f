/**
 * Issue 11: content, public files and config values are data from strangers. Each case: the exact
 * input, the exact message, a failed build, the previous dist/ byte-identical, nothing read or
 * written outside the project. Builds run in-process (fast); the cases that need the build's
 * worker threads (time budget) or the real entry point spawn the CLI.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fromHtml } from "hast-util-from-html";
import { select } from "hast-util-select";
import { toHtml } from "hast-util-to-html";
import { buildSite } from "../../src/node/build-site.ts";
import { loadConfig } from "../../src/node/config/load.ts";
import { formatError } from "../../src/node/core/errors.ts";
import { ROOT, tempSite } from "../helpers/site.ts";
import { within } from "../helpers/time.ts";

const BIN = join(ROOT, "bin", "brook-docs.js");
const FRONT = (fm: string, body = "Body text.\n\n## One\n\nText.\n") =>
  `---\n${fm}\n---\n\n${body}`;
const PAGE = (body: string) => FRONT("title: Limits\ndescription: Every limit.", body);

/** Builds `dir` in-process as the CLI would: exit code and the text the CLI prints. */
async function build(dir: string, outDir = "dist"): Promise<{ code: number; text: string }> {
  try {
    await buildSite({ cwd: dir, contentDir: "content", outDir, cache: false });
    return { code: 0, text: "" };
  } catch (e) {
    return { code: 1, text: formatError(e) };
  }
}

function cli(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: "utf8",
    timeout: within(60_000),
    env: { ...process.env, NO_COLOR: "1", BROOK_DOCS_QUIET: "", ...env },
  });
  return { code: r.status, stderr: r.stderr };
}

/** A hash of every file (path, kind and bytes) under `dir`. */
function treeHash(dir: string): string {
  const h = createHash("sha1");
  for (const rel of (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).sort()) {
    const st = lstatSync(join(dir, rel));
    h.update(rel).update(st.isSymbolicLink() ? "L" : st.isDirectory() ? "D" : "F");
    if (st.isFile()) h.update(readFileSync(join(dir, rel)));
  }
  return h.digest("hex");
}

function put(dir: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

let dir: string;
let before: string;
// One good build, copied with its dist/ for each case: every case starts from the same output.
let built: string;
let builtHash: string;
beforeAll(async () => {
  built = tempSite("basic");
  const first = await build(built);
  expect(first.text).toBe("");
  builtHash = treeHash(join(built, "dist"));
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "brook-hostile-"));
  cpSync(built, dir, { recursive: true });
  // A case may build again first and take its output as the one to keep.
  before = builtHash;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
afterAll(() => rmSync(built, { recursive: true, force: true }));

/** The failed build's text holds every line of `expected`; dist is as it was, no temp folder is left. */
async function expectRefused(expected: string[]): Promise<string> {
  const r = await build(dir);
  expect(r.code).toBe(1);
  for (const line of expected) expect(r.text).toContain(line);
  expect(r.text).not.toContain("Internal error");
  expect(treeHash(join(dir, "dist"))).toBe(before);
  expect(readdirSync(dir).filter((f) => /\.(tmp|old)-/.test(f))).toEqual([]);
  return r.text;
}

describe("1. frontmatter is YAML only: nothing is evaluated", () => {
  for (const lang of ["js", "javascript", "json", "coffee", "anything"]) {
    it(`refuses ---${lang} and runs none of it`, async () => {
      const marker = join(dir, "ran.txt");
      put(dir, {
        "content/limits.md": `---${lang}\n{ title: (require("fs").writeFileSync(${JSON.stringify(marker)}, "ran"), "T"), description: "d" }\n---\n\nBody\n`,
      });
      await expectRefused([
        `content/limits.md:1:1: frontmatter opens with '---${lang}': only YAML frontmatter is read [frontmatter-language]`,
        "hint: open the frontmatter with a line of just ---",
      ]);
      expect(existsSync(marker)).toBe(false);
    });
  }

  it("the CLI's build and check-links run none of it either", () => {
    const marker = join(dir, "ran-cli.txt");
    put(dir, {
      "content/limits.md": `---js\n{ title: (require("fs").writeFileSync(${JSON.stringify(marker)}, "ran"), "T"), description: "d" }\n---\n\nBody\n`,
    });
    const b = cli(dir, ["build", "--no-cache"]);
    expect(b.code).toBe(1);
    expect(b.stderr).toContain(
      "content/limits.md:1:1: frontmatter opens with '---js': only YAML frontmatter is read [frontmatter-language]",
    );
    cli(dir, ["check-links"]);
    expect(existsSync(marker)).toBe(false);
    expect(treeHash(join(dir, "dist"))).toBe(before);
  });

  it("parses YAML with no tags that build objects: an unknown tag is an error", async () => {
    put(dir, {
      "content/limits.md": FRONT('title: !!js/function "function () { return 1 }"\ndescription: D'),
    });
    await expectRefused([
      "content/limits.md:2:8: frontmatter is not valid YAML: Unresolved tag: tag:yaml.org,2002:js/function [yaml]",
    ]);
  });
});

describe("2. nothing is written or read outside the project", () => {
  it("refuses a redirect from a path with '..', and writes nothing there", async () => {
    const target = join(dirname(dir), `escape-${Date.now()}`);
    const config = readFileSync(join(dir, "site.config.ts"), "utf8").replace(
      'from: "/old-limits"',
      `from: "/../../../..${target}"`,
    );
    put(dir, { "site.config.ts": config });
    await expectRefused([
      "site.config.ts: 1 problem in the config",
      `  redirects[1].from: from is a path such as /notebook/sql, using letters A-Z and a-z, digits, '-', '_', '.' and '~'`,
    ]);
    expect(existsSync(target)).toBe(false);
  });

  it("refuses a base that climbs out of the output", async () => {
    put(dir, {
      "site.config.ts": readFileSync(join(dir, "site.config.ts"), "utf8").replace(
        'title: "Brook",',
        'title: "Brook",\n  base: "/../../elsewhere/",',
      ),
    });
    await expectRefused([
      "  base: base starts and ends with '/' and uses letters A-Z and a-z, digits, '-', '_', '.' and '~' between them (e.g. /docs/v2/)",
    ]);
    expect(existsSync(join(dirname(dir), "elsewhere"))).toBe(false);
  });

  it("refuses a backslash, a scheme or a host where a path belongs", async () => {
    const config = readFileSync(join(dir, "site.config.ts"), "utf8").replace(
      '{ from: "/old-limits", to: "/limits/" },',
      '{ from: "/a\\\\b", to: "/limits/" }, { from: "https://evil.example/x", to: "/limits/" }, { from: "//evil.example/x", to: "/limits/" }, { from: "/c", to: "/limits/\\u0000" },',
    );
    put(dir, { "site.config.ts": config });
    const text = await expectRefused(["site.config.ts: 4 problems in the config"]);
    expect(text.match(/redirects\[\d\]\.(from|to)/g)).toEqual([
      "redirects[1].from",
      "redirects[2].from",
      "redirects[3].from",
      "redirects[4].to",
    ]);
  });

  it("refuses a link to a file outside content/, even /etc/passwd named .md", async () => {
    symlinkSync("/etc/passwd", join(dir, "content", "secret.md"));
    await expectRefused([
      "content/secret.md: symbolic link to /etc/passwd, outside content: links are followed only inside their folder [symlink-outside]",
    ]);
  });

  it("refuses a link to a folder outside content/", async () => {
    const outside = join(dirname(dir), `outside-${Date.now()}`);
    put(outside, { "page.md": FRONT("title: Out\ndescription: Out.") });
    symlinkSync(outside, join(dir, "content", "more"));
    await expectRefused([
      `content/more: symbolic link to ${outside}, outside content: links are followed only inside their folder [symlink-outside]`,
    ]);
    rmSync(outside, { recursive: true, force: true });
  });

  it("follows a link that stays inside content/", async () => {
    symlinkSync("../limits.md", join(dir, "content", "guide", "limits-again.md"));
    const r = await build(dir);
    expect(r.text).toBe("");
    expect(readFileSync(join(dir, "dist/docs/v2/guide/limits-again/index.html"), "utf8")).toContain(
      "<h1",
    );
  });

  it("refuses a link in public/ that leads outside it, and copies a link inside it as a file", async () => {
    put(dir, { "public/logo.svg": "<svg/>" });
    symlinkSync("logo.svg", join(dir, "public", "icon.svg"));
    expect((await build(dir)).text).toBe("");
    expect(lstatSync(join(dir, "dist/docs/v2/icon.svg")).isFile()).toBe(true);
    before = treeHash(join(dir, "dist"));
    symlinkSync("/etc/hostname", join(dir, "public", "host.txt"));
    await expectRefused([
      "public/host.txt: symbolic link to /etc/hostname, outside public: links are followed only inside their folder [symlink-outside]",
    ]);
  });

  it("refuses an output folder that would replace the project or its content", async () => {
    for (const out of [".", "..", "content", "content/out"]) {
      const r = await build(dir, out);
      expect(r.code).toBe(1);
      expect(r.text).toMatch(
        /the output .* (is the working folder or a folder above it|overlaps the input)/,
      );
    }
    expect(existsSync(join(dir, "content", "limits.md"))).toBe(true);
    expect(treeHash(join(dir, "dist"))).toBe(before);
  });

  it("refuses a file of public/ that would replace a built page", async () => {
    put(dir, { "public/limits/index.html": "<p>not the page</p>" });
    await expectRefused([
      "public/limits/index.html: the build writes docs/v2/limits/index.html itself; this file would replace it [public-clash]",
    ]);
  });
});

describe("3. small files neither hang nor crash the build", () => {
  it("a 600-byte YAML alias bomb is a quick error", async () => {
    const bomb = ['prev: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
      .concat(
        "bcdefg".split("").map(
          (k, i) =>
            `${k}: &${k} [${Array(9)
              .fill("*" + "abcdefg"[i])
              .join(",")}]`,
        ),
      )
      .join("\n");
    expect(bomb.length).toBeLessThan(700);
    put(dir, { "content/limits.md": FRONT(`title: T\ndescription: D\n${bomb}`) });
    await expectRefused([
      "content/limits.md:5: frontmatter uses too many YAML aliases (more than 50) [yaml]",
    ]);
  });

  it("runaway emphasis is a quick error", async () => {
    put(dir, { "content/limits.md": PAGE("*".repeat(50_000) + "x" + "*".repeat(50_000) + "\n") });
    await expectRefused([
      "content/limits.md:6:1: a run of 50000 '*' characters (more than 256): Markdown would take too long to read it [marker-run]",
    ]);
  });

  it("3,000 nested list items are an error, not a stack overflow", async () => {
    put(dir, { "content/limits.md": PAGE("- ".repeat(3000) + "x\n") });
    await expectRefused([
      "content/limits.md:6:1: this line opens lists and quotes more than 50 levels deep [nesting-depth]",
    ]);
  });

  it("nesting that no single line shows (emphasis in emphasis) is an error, not a stack overflow", async () => {
    put(dir, {
      "content/limits.md": PAGE("*a _a ".repeat(150) + "x" + " a_ a*".repeat(150) + "\n"),
    });
    await expectRefused([
      "content/limits.md:6: the Markdown nests too deeply (lists, quotes, emphasis or links more than 100 levels inside each other) [nesting-depth]",
    ]);
  });

  it("a malformed %-escape in a link is a warning, not an internal error", async () => {
    put(dir, { "content/limits.md": PAGE("[x](/limits/#%E0)\n\n## One\n") });
    const warnings: string[] = [];
    await buildSite({
      cwd: dir,
      contentDir: "content",
      outDir: "dist",
      cache: false,
      onWarning: (d) => warnings.push(`${d.file}:${d.line}:${d.column}: ${d.message} [${d.rule}]`),
    });
    expect(warnings).toContain(
      "content/limits.md:6:1: link to /limits/#%E0 has a malformed %-escape [broken-link]",
    );
  });

  it("a config that throws is one line, without a stack trace", async () => {
    put(dir, {
      "site.config.ts":
        'import { defineConfig } from "brook-docs/config";\nthrow new Error("nope");\nexport default defineConfig({});\n',
    });
    const text = await expectRefused([
      "site.config.ts: the config failed while loading: Error: nope",
      "hint: site.config.ts runs when a build starts: fix the error it throws",
    ]);
    expect(text).not.toMatch(/\n\s+at /);
  });

  it("a config that never finishes loading is stopped", async () => {
    put(dir, { "site.config.ts": "while (true) {}\nexport default {};\n" });
    await expect(loadConfig(undefined, dir, "content", { budgetMs: 500 })).rejects.toThrow(
      "site.config.ts: the config did not finish loading within 0.5 s",
    );
  });

  it("a config that exports functions is refused as not data", async () => {
    put(dir, { "site.config.ts": 'export default { title: "T", transform: () => 1 };\n' });
    await expectRefused(["site.config.ts: the config exports something other than plain data"]);
  });

  it("a FIFO named like a page is refused without reading it", async () => {
    execFileSync("mkfifo", [join(dir, "content", "pipe.md")]);
    await expectRefused([
      "content/pipe.md: not a regular file (a pipe, socket or device), so it is not read [not-a-file]",
    ]);
  });

  it("a page over the size limit is refused", async () => {
    const page = PAGE("word ".repeat(110_000));
    put(dir, { "content/limits.md": page });
    await expectRefused([
      `content/limits.md: the page is ${Math.ceil(Buffer.byteLength(page) / 1024)} KB, over the limit of 512 KB [file-size]`,
    ]);
  });

  it("a page that parses too slowly is stopped at its time budget (CLI, build workers)", () => {
    // A minute of CPU here (480 KB): over the 1.5 s budget of work on any machine, busy or not.
    put(dir, { "content/limits.md": PAGE("[a](".repeat(120_000) + "\n") });
    const r = cli(dir, ["build", "--no-cache"], { BROOK_DOCS_PAGE_BUDGET_MS: "1500" });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "content/limits.md: the page took longer than 1.5 s to build, its time budget [page-time]",
    );
    expect(treeHash(join(dir, "dist"))).toBe(before);
  });
});

describe("4. no live javascript: (or other unsafe) URL reaches href or src", () => {
  const cases: [string, string, string][] = [
    [
      "an inline link",
      "[a](javascript:alert(1))",
      'content/limits.md:6:1: link URL "javascript:alert(1)" is not allowed: the javascript: scheme is not allowed [unsafe-url]',
    ],
    [
      "any case",
      "[a](JaVaScRiPt:alert(1))",
      'content/limits.md:6:1: link URL "JaVaScRiPt:alert(1)" is not allowed: the javascript: scheme is not allowed [unsafe-url]',
    ],
    [
      "vbscript:",
      "[a](vbscript:msgbox)",
      'content/limits.md:6:1: link URL "vbscript:msgbox" is not allowed: the vbscript: scheme is not allowed [unsafe-url]',
    ],
    [
      "data:text/html",
      "[a](data:text/html,<script>alert(1)</script>)",
      "the data: scheme is not allowed [unsafe-url]",
    ],
    [
      "a reference definition",
      "[a][r]\n\n[r]: javascript:alert(1)",
      'content/limits.md:8:1: link URL "javascript:alert(1)" is not allowed: the javascript: scheme is not allowed [unsafe-url]',
    ],
    [
      "an autolink",
      "<javascript:alert(1)>",
      'content/limits.md:6:1: link URL "javascript:alert(1)" is not allowed: the javascript: scheme is not allowed [unsafe-url]',
    ],
    [
      "an image",
      "![i](javascript:alert(1))",
      'content/limits.md:6:1: image URL "javascript:alert(1)" is not allowed: the javascript: scheme is not allowed [unsafe-url]',
    ],
    [
      "a tab inside the scheme",
      "[a](<java\tscript:alert(1)>)",
      "the javascript: scheme is not allowed [unsafe-url]",
    ],
    [
      "an entity-encoded scheme",
      "[a](&#106;avascript:alert(1))",
      "the javascript: scheme is not allowed [unsafe-url]",
    ],
    [
      "a protocol-relative URL",
      "[a](//evil.example/x)",
      "it is protocol-relative (it leaves the site); write https:// [unsafe-url]",
    ],
  ];
  for (const [name, markdown, message] of cases) {
    it(`refuses ${name}`, async () => {
      put(dir, { "content/limits.md": PAGE(markdown + "\n") });
      await expectRefused([
        message,
        "hint: link to a page (/limits/), a relative path, #anchor, or an https:, http:, mailto: or tel: URL",
      ]);
    });
  }

  it("puts the CSP in every page and redirect stub, for hosts that ignore _headers", () => {
    const pages = (
      readdirSync(join(dir, "dist"), { recursive: true, encoding: "utf8" }) as string[]
    ).filter((f) => f.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(5);
    for (const f of pages) {
      const html = readFileSync(join(dir, "dist", f), "utf8");
      expect(html, f).toMatch(
        /<meta http-equiv="Content-Security-Policy" content="default-src &#x27;self&#x27;; script-src &#x27;self&#x27;;|<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self';/,
      );
      expect(html, f).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
    }
  });

  it("refuses unsafe URLs in config: version links, head tags, the edit link", async () => {
    const config = readFileSync(join(dir, "site.config.ts"), "utf8")
      .replace('link: "https://brook.example/docs/v1/"', 'link: "javascript:alert(1)"')
      .replace(
        '{ rel: "icon", href: "/docs/v2/favicon.svg" }',
        '{ rel: "icon", href: "/docs/v2/favicon.svg", onload: "alert(1)" }',
      )
      .replace('url: "https://github.com/brook-example/docs"', 'url: "javascript:alert(1)//"');
    put(dir, { "site.config.ts": config });
    const text = await expectRefused(["site.config.ts: 3 problems in the config"]);
    expect(text).toContain(
      "  versions[1].link: a path starting with '/' or an http:// or https:// URL",
    );
    expect(text).toContain("  repo.url:");
    expect(text).toContain("  head[0].attrs: unknown key 'onload' (remove or rename)");
  });
});

describe("5. odd file names work end to end or are refused", () => {
  for (const [name, shown] of [
    ["a&b.md", "'&'"],
    ["with space.md", "a space"],
    ["pct%41.md", "'%'"],
    ["quote'.md", `"'"`],
  ]) {
    it(`refuses ${name}`, async () => {
      put(dir, { [`content/${name}`]: FRONT("title: Odd\ndescription: Odd.") });
      await expectRefused([
        `content/${name}: the name '${name}' cannot be part of a URL: it contains ${shown} [file-name]`,
        "hint: use letters A-Z and a-z, digits, '-', '_', '.' and '~' in file and folder names",
      ]);
    });
  }

  it("builds a correctly %-encoded link to a page, and check-links accepts it", () => {
    put(dir, {
      "public/favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
      "content/limits.md": PAGE("See [the guide](/gu%69de/code/).\n\n## HTTP payload\n\nText.\n"),
    });
    const b = cli(dir, ["build", "--no-cache"]);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stderr).not.toContain("warning");
    const c = cli(dir, ["check-links"]);
    expect(c.code, c.stderr).toBe(0);
  });

  it("writes a well-formed sitemap", () => {
    const sitemap = readFileSync(join(dir, "dist/docs/v2/sitemap.xml"), "utf8");
    expect(sitemap).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">(<url><loc>https:\/\/brook\.example\/docs\/v2\/[A-Za-z0-9._~\/-]*<\/loc><\/url>)+<\/urlset>\n$/,
    );
  });
});

describe("6. the smaller defects", () => {
  it("a YAML error names the line it is on", async () => {
    put(dir, {
      "content/limits.md":
        "---\ntitle: Limits\ndescription: [unclosed\nnext: /guide/\n---\n\nText.\n",
    });
    await expectRefused([
      "content/limits.md:3:14: frontmatter is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ] [yaml]",
    ]);
  });

  it("an unterminated :::tip is an error instead of swallowing the page", async () => {
    put(dir, {
      "content/limits.md": PAGE("Intro.\n\n:::tip\nA tip.\n\n## Lost heading\n\nText.\n"),
    });
    await expectRefused([
      "content/limits.md:8:1: container ':::tip' is never closed, so it takes in the rest of the page [unclosed-container]",
      "hint: add a line ::: where the container ends",
    ]);
  });

  it("a redirect to an anchor the page does not have is an error", async () => {
    put(dir, {
      "site.config.ts": readFileSync(join(dir, "site.config.ts"), "utf8").replace(
        'to: "/guide/triggers/#schedule"',
        'to: "/guide/triggers/#no-such-anchor"',
      ),
    });
    await expectRefused([
      "site.config.ts: redirects[0]: /cron/ redirects to /guide/triggers/#no-such-anchor, but /guide/triggers/ has no heading #no-such-anchor [redirect]",
    ]);
  });

  it("cleans what a killed build left behind", async () => {
    const dead = 2 ** 22 + 12345; // above the default pid_max: no such process
    mkdirSync(join(dir, `dist.tmp-${dead}-abc123`));
    mkdirSync(join(dir, `dist.old-${dead}-def456`));
    expect((await build(dir)).text).toBe("");
    expect(readdirSync(dir).filter((f) => /\.(tmp|old)-/.test(f))).toEqual([]);
  });

  it("puts back the previous output when a build was killed between its two renames", async () => {
    const dead = 2 ** 22 + 12346;
    const { renameSync } = await import("node:fs");
    renameSync(join(dir, "dist"), join(dir, `dist.old-${dead}-aaaaaa`));
    put(dir, { "content/limits.md": FRONT("description: Missing its title.") });
    const r = await build(dir);
    expect(r.code).toBe(1);
    expect(treeHash(join(dir, "dist"))).toBe(before);
  });
});

describe("7. includes, code imports and images read the project's own files only (issue 14)", () => {
  it("refuses an include that climbs out of content/, and shows none of the file", async () => {
    put(dir, {
      "content/limits.md": PAGE(
        "<!--@include: ../../../../../../etc/passwd-->\n\n<!--@include: @/../site.config.ts-->\n\n<<< ./../../../etc/hostname",
      ),
    });
    const text = await expectRefused([
      'content/limits.md:6:1: <!--@include: ../../../../../../etc/passwd-->: the path "../../../../../../etc/passwd" leads out of the content folder [include-outside]',
      'content/limits.md:8:1: <!--@include: @/../site.config.ts-->: the path "@/../site.config.ts" leads out of the content folder [include-outside]',
      'content/limits.md:10:1: <<< ./../../../etc/hostname: the path "./../../../etc/hostname" leads out of the content folder [include-outside]',
    ]);
    expect(text).not.toContain("root:");
  });

  it("refuses an include through a symbolic link that leads out of content/ (found when the folder is walked)", async () => {
    mkdirSync(join(dir, "content", "_parts"), { recursive: true });
    symlinkSync("/etc/hostname", join(dir, "content", "_parts", "host.md"));
    symlinkSync("/etc", join(dir, "content", "_parts", "etc"));
    put(dir, {
      "content/limits.md": PAGE("<!--@include: ./_parts/host.md-->\n\n<<< ./_parts/etc/passwd"),
    });
    const text = await expectRefused([
      "content/_parts/etc: symbolic link to /etc, outside content: links are followed only inside their folder [symlink-outside]",
      "content/_parts/host.md: symbolic link to /etc/hostname, outside content: links are followed only inside their folder [symlink-outside]",
    ]);
    expect(text).not.toContain("root:");
  });

  it("refuses hidden files, so an include cannot show content/.env", async () => {
    put(dir, {
      "content/.env": "SECRET=1\n",
      "content/limits.md": PAGE("<!--@include: ./.env-->"),
    });
    const text = await expectRefused([
      `content/limits.md:6:1: <!--@include: ./.env-->: the path "./.env" goes through '.env', which the build never reads [include-path]`,
    ]);
    expect(text).not.toContain("SECRET");
  });

  it("refuses a FIFO without blocking on it", async () => {
    mkdirSync(join(dir, "content", "_parts"), { recursive: true });
    execFileSync("mkfifo", [join(dir, "content", "_parts", "pipe.md")]);
    put(dir, {
      "content/limits.md": PAGE("<!--@include: ./_parts/pipe.md-->\n\n<<< ./_parts/pipe.md"),
    });
    await expectRefused([
      "content/limits.md:6:1: <!--@include: ./_parts/pipe.md-->: content/_parts/pipe.md is not a regular file (a folder, pipe, socket or device), so it is not read [include-not-a-file]",
      "content/limits.md:8:1: <<< ./_parts/pipe.md: content/_parts/pipe.md is not a regular file (a folder, pipe, socket or device), so it is not read [include-not-a-file]",
    ]);
  });

  it("refuses an image through a link out of public/, and an image path that climbs out", async () => {
    put(dir, {
      "content/limits.md": PAGE(
        "![Up](../../../../../etc/hostname)\n\n![Escaped](/a%2F..%2F..%2F..%2Fetc%2Fhostname)\n\n![Hidden](/.env)",
      ),
    });
    await expectRefused([
      'content/limits.md:6:1: image "../../../../../etc/hostname": it leads out of /docs/v2/ [image-missing]',
      // Decoded and normalised inside public/: the escape cannot climb out of it.
      'content/limits.md:8:1: image "/a%2F..%2F..%2F..%2Fetc%2Fhostname": public/etc/hostname does not exist (images are files of public/) [image-missing]',
      'content/limits.md:10:1: image "/.env": it names a hidden file, which the build never reads [image-missing]',
    ]);
    mkdirSync(join(dir, "public"), { recursive: true });
    symlinkSync("/etc/hostname", join(dir, "public", "host.png"));
    put(dir, { "content/limits.md": PAGE("![Host](/host.png)") });
    await expectRefused([
      "public/host.png: symbolic link to /etc/hostname, outside public: links are followed only inside their folder [symlink-outside]",
    ]);
  });

  it("an include cycle is an error, not a hang or a stack overflow", async () => {
    put(dir, {
      "content/limits.md": PAGE("<!--@include: ./_parts/a.md-->"),
      "content/_parts/a.md": "<!--@include: ./a.md-->\n",
    });
    await expectRefused([
      "content/_parts/a.md:1:1: <!--@include: ./a.md-->: the includes go round in a circle: content/limits.md → content/_parts/a.md → content/_parts/a.md [include-cycle]",
    ]);
  });

  it("an enormous region, and a part that includes itself twice a level, stop at the size and count limits", async () => {
    const big =
      "<!-- #region big -->\n" + `${"word ".repeat(19)}\n`.repeat(4000) + "<!-- #endregion -->\n";
    put(dir, {
      "content/limits.md": PAGE(
        "<!--@include: ./_parts/big.md#big-->\n\n<!--@include: ./_parts/big.md#big-->",
      ),
      "content/_parts/big.md": big,
    });
    await expectRefused([
      "content/limits.md:8:1: <!--@include: ./_parts/big.md#big-->: with what it includes the page passes 512 KB (this adds 375 KB) [include-limit]",
    ]);
    // Twenty levels of a part included twice is a million includes of an empty file: stopped at the count.
    const parts: Record<string, string> = {
      "content/limits.md": PAGE("<!--@include: ./_parts/l0.md-->"),
    };
    for (let i = 0; i < 20; i++)
      parts[`content/_parts/l${i}.md`] =
        `<!--@include: ./l${i + 1}.md-->\n<!--@include: ./l${i + 1}.md-->\n`;
    parts["content/_parts/l20.md"] = "";
    put(dir, parts);
    await expectRefused(["[include-limit]"]);
    const text = (await build(dir)).text;
    expect(text).toMatch(
      /includes nest more than 10 levels deep|a page may include or import at most 500 files/,
    );
  });
});

describe("6. raw HTML: only the subset GitHub renders is kept, every removal is a warning", () => {
  /** Builds the page (not strict): its article's HTML, and its warnings as `line:column message`. */
  async function buildPage(markdown: string): Promise<{ article: string; warnings: string[] }> {
    put(dir, { "content/limits.md": PAGE(markdown + "\n") });
    const result = await buildSite({
      cwd: dir,
      contentDir: "content",
      outDir: "dist",
      cache: false,
    });
    const html = readFileSync(join(dir, "dist/docs/v2/limits/index.html"), "utf8");
    // The Markdown's HTML alone: the template around it has its own scripts, buttons and links.
    const article = toHtml(select("article div.content", fromHtml(html))!);
    const warnings = result.warnings
      .filter((w) => w.file === "content/limits.md")
      .map((w) => `${w.line}:${w.column} ${w.message}`);
    return { article, warnings };
  }

  const removed: [string, string, RegExp, string][] = [
    [
      "a script",
      "<script>alert(1)</script>",
      /<script|alert/i,
      "6:1 HTML tag <script> is removed with its content",
    ],
    [
      "a script in any casing",
      "<ScRiPt>alert(1)</sCrIpT>",
      /<script|alert/i,
      "6:1 HTML tag <script> is removed with its content",
    ],
    [
      "an inline script",
      "Text <script>alert(1)</script> text",
      /<script|alert/i,
      "6:6 HTML tag <script> is removed with its content",
    ],
    [
      "an event attribute",
      '<kbd onclick="alert(1)">K</kbd>',
      /onclick|alert/i,
      "6:1 attribute 'onclick' of <kbd> is removed",
    ],
    [
      "an event attribute in capitals",
      '<kbd ONMOUSEOVER="alert(1)">K</kbd>',
      /onmouseover|alert/i,
      "6:1 attribute 'onmouseover' of <kbd> is removed",
    ],
    [
      "an image that runs code",
      "<img src=x onerror=alert(1)>",
      /<img|onerror/i,
      "6:1 HTML tag <img> is removed",
    ],
    [
      "a style element",
      "<style>body{display:none}</style>",
      /<style|display/i,
      "6:1 HTML tag <style> is removed with its content",
    ],
    [
      "a style attribute",
      '<mark style="position:fixed">m</mark>',
      /style=|position/i,
      "6:1 attribute 'style' of <mark> is removed",
    ],
    [
      "a form",
      '<form action="https://evil.example"><input name="p"><button>Go</button></form>',
      /<form|<input|<button|evil/i,
      "6:1 HTML tag <form> is removed",
    ],
    [
      "an iframe",
      '<iframe src="https://evil.example"></iframe>',
      /<iframe|evil/i,
      "6:1 HTML tag <iframe> is removed with its content",
    ],
    [
      "a frameset",
      '<frameset><frame src="https://evil.example"></frameset>',
      /<frame|evil/i,
      "6:1 HTML tag <frameset> is removed",
    ],
    [
      "an object",
      '<object data="https://evil.example/x.swf"></object>',
      /<object|evil/i,
      "6:1 HTML tag <object> is removed with its content",
    ],
    [
      "an embed",
      '<embed src="https://evil.example/x.swf">',
      /<embed|evil/i,
      "6:1 HTML tag <embed> is removed",
    ],
    [
      "a base",
      '<base href="https://evil.example/">',
      /<base|evil/i,
      "6:1 HTML tag <base> is removed",
    ],
    [
      "a meta refresh",
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      /<meta http-equiv="refresh"|evil/i,
      "6:1 HTML tag <meta> is removed",
    ],
    [
      "a javascript: link",
      '<a href="javascript:alert(1)">x</a>',
      /javascript|<a href/i,
      "6:1 HTML tag <a> is removed",
    ],
    [
      "an entity-encoded javascript: link",
      '<a href="&#106;avascript:alert(1)">x</a>',
      /javascript|&#106;|<a href/i,
      "6:1 HTML tag <a> is removed",
    ],
    [
      "an svg that runs code",
      "<svg onload=alert(1)><circle r=1 /></svg>",
      /<svg|onload/i,
      "6:1 HTML tag <svg> is removed with its content",
    ],
    ["a div", '<div class="x">text</div>', /<div class="x"/, "6:1 HTML tag <div> is removed"],
    ["a declaration", "<!DOCTYPE html>", /doctype/i, '6:1 HTML "<!DOCTYPE html>" is removed'],
    [
      "a tag named like an Object method",
      "<constructor>x</constructor>",
      /<constructor/,
      "6:1 HTML tag <constructor> is removed",
    ],
  ];
  for (const [name, markdown, forbidden, warning] of removed) {
    it(`removes ${name}, with a warning at its line`, async () => {
      const { article, warnings } = await buildPage(markdown);
      expect(article).not.toMatch(forbidden);
      expect(
        warnings.some((w) => w.startsWith(warning)),
        warnings.join("\n"),
      ).toBe(true);
    });
  }

  const kept: [string, string, string][] = [
    ["kbd", "<kbd>Ctrl</kbd>", "<kbd>Ctrl</kbd>"],
    ["kbd in capitals", "<KBD>Ctrl</KBD>", "<kbd>Ctrl</kbd>"],
    ["br", "| a |\n|---|\n| one<br>two<br/>three |", "one<br>\ntwo<br>\nthree"],
    ["sub", "H<sub>2</sub>O", "H<sub>2</sub>O"],
    ["sup", "x<sup>2</sup>", "x<sup>2</sup>"],
    [
      "details and summary",
      "<details open>\n<summary>More</summary>\n\nHidden.\n\n</details>",
      "<details open><summary>More</summary><p>Hidden.</p></details>",
    ],
    [
      "abbr with its title, decoded and escaped again",
      '<abbr title="a &lt;b&gt; &#106;s">API</abbr>',
      '<abbr title="a <b> js">API</abbr>',
    ],
    ["mark", "<mark>hot</mark>", "<mark>hot</mark>"],
    ["del and ins", "<del>old</del><ins>new</ins>", "<del>old</del><ins>new</ins>"],
  ];
  for (const [name, markdown, html] of kept) {
    it(`keeps ${name}, with no warning`, async () => {
      const { article, warnings } = await buildPage(markdown);
      expect(article).toContain(html);
      expect(warnings).toEqual([]);
    });
  }

  it("fails the build under --strict, and leaves dist as it was", async () => {
    put(dir, { "content/limits.md": PAGE("<div>boxed</div>\n") });
    const r = await buildSite({
      cwd: dir,
      contentDir: "content",
      outDir: "dist",
      cache: false,
      strict: true,
    }).then(() => "", formatError);
    expect(r).toContain("content/limits.md:6:1: HTML tag <div> is removed");
    expect(treeHash(join(dir, "dist"))).toBe(before);
  });
});
