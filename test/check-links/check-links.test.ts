import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { buildSite } from "../../src/node/build-site.ts";
import { checkBuild } from "../../src/node/check-links/check-build.ts";
import { formatDiagnostic } from "../../src/node/core/errors.ts";
import { within } from "../helpers/time.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");
const temps: string[] = [];

/** Copies a fixture into a temp folder and builds it into `dist/` there (the cache lands there too). */
async function builtFixture(name: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "brook-links-"));
  temps.push(dir);
  cpSync(join(ROOT, "test", "fixtures", name), dir, { recursive: true });
  await buildSite({ cwd: dir, contentDir: "content", outDir: "dist", onWarning: () => {} });
  return dir;
}

const lines = async (cwd: string) =>
  (await checkBuild({ dir: "dist", cwd })).problems.map((d) => formatDiagnostic(d).split("\n")[0]);

afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe("check-links on a fixture with one broken link of each kind", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await builtFixture("links-broken");
    // An image deleted after the build (the build refuses a missing image file, issue 14).
    rmSync(join(dir, "dist", "docs", "v2", "images", "diagram.png"));
    // A redirect whose target lost its anchor after the build (the build refuses one it can see).
    const stub = join(dir, "dist", "docs", "v2", "moved", "index.html");
    writeFileSync(
      stub,
      readFileSync(stub, "utf8").replaceAll("/guide/#install", "/guide/#no-such-heading"),
    );
  });

  it("names the Markdown or config file, line and column of each, with did-you-mean", async () => {
    const report = await checkBuild({ dir: "dist", cwd: dir });
    // Four pages and the two not-found pages; redirect stubs are not counted.
    expect(report.pages).toBe(6);
    expect(report.checked).toBeGreaterThan(50);
    expect(report.problems.map((d) => formatDiagnostic(d).split("\n")[0])).toEqual([
      "content/broken.md:10:18: link to /set-up/ matches no page; did you mean /setup/? [broken-link]",
      "content/broken.md:12:20: link to /guide/#instal: /guide/ has no heading #instal; did you mean #install? [broken-anchor]",
      "content/broken.md:14:18: image /images/diagram.png: no such file in the build [broken-asset]",
      "content/broken.md:16:19: link to http://example.com/ uses http:; use https:// [external-link]",
      "content/broken.md:18:29: link to nope-relative/ matches no page [broken-link]",
      "content/broken.md:22:33: link to #sumary: this page has no id #sumary; did you mean #summary? [broken-anchor]",
      "site.config.ts:10:13: redirect /moved/ → /guide/#no-such-heading: the page has no heading #no-such-heading [broken-redirect]",
    ]);
    expect(report.problems.every((d) => d.hint)).toBe(true);
  });

  it("exits 1 from the CLI, printing each problem and one count", () => {
    const run = spawnSync(
      process.execPath,
      [join(ROOT, "bin", "brook-docs.js"), "check-links", "dist"],
      { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
    );
    expect(run.status).toBe(1);
    const out = run.stderr.split("\n");
    expect(out).toContain(
      "content/broken.md:10:18: link to /set-up/ matches no page; did you mean /setup/? [broken-link]",
    );
    expect(out).toContain(
      "  hint: fix the link, or add a redirect under `redirects` in site.config.ts",
    );
    expect(run.stderr).toMatch(/error: 7 broken links in \d+ checked\n$/);
  });
});

describe("check-links on a built site changed after the build", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await builtFixture("serve-site");
  });

  it("passes the site as built", async () => {
    expect(await lines(dir)).toEqual([]);
  });

  it("reports a template's broken asset once, against the built file, with how many files have it", async () => {
    const assets = join(dir, "dist", "docs", "v2", "assets");
    const css = readdirSync(assets).find((f) => f.startsWith("style."))!;
    const saved = readFileSync(join(assets, css));
    rmSync(join(assets, css));
    try {
      expect(await lines(dir)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^dist/404\\.html:1:\\d+: link stylesheet /docs/v2/assets/${css.replace(/\./g, "\\.")}: no such file in the build \\(and in 6 more files\\) \\[broken-asset\\]$`,
          ),
        ),
      ]);
    } finally {
      writeFileSync(join(assets, css), saved);
    }
  });

  it("reports a redirect stub whose target is gone, a sitemap URL that is no page and a missing data file", async () => {
    const stub = join(dir, "dist", "docs", "v2", "guide", "index.html");
    const sitemap = join(dir, "dist", "docs", "v2", "sitemap.xml");
    const pages = join(dir, "dist", "docs", "v2", "assets", "pages");
    const data = readdirSync(pages).find((f) => f.startsWith("p"))!;
    const saved = {
      stub: readFileSync(stub, "utf8"),
      sitemap: readFileSync(sitemap, "utf8"),
      data: readFileSync(join(pages, data)),
    };
    // The guide's page becomes a stub to a page that does not exist.
    writeFileSync(
      stub,
      '<!doctype html><html><head><meta http-equiv="refresh" content="0; url=/docs/v2/gone/"></head><body></body></html>',
    );
    writeFileSync(
      sitemap,
      saved.sitemap.replace(
        "</urlset>",
        "<url><loc>https://brook.example/docs/v2/not-a-page/</loc></url></urlset>",
      ),
    );
    rmSync(join(pages, data));
    try {
      const found = await lines(dir);
      expect(found).toContainEqual(
        "dist/docs/v2/guide/index.html:1:71: redirect /guide/ → /gone/: no such page [broken-redirect]",
      );
      expect(found).toContainEqual(
        expect.stringMatching(
          /^dist\/docs\/v2\/sitemap\.xml:1:\d+: sitemap URL https:\/\/brook\.example\/docs\/v2\/not-a-page\/ is not a page of the build \[broken-sitemap\]$/,
        ),
      );
      expect(found).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^dist/docs/v2/routes\\.json: the manifest's data file pages/${data.replace(/\./g, "\\.")} of /[a-z/-]* is not in the build \\[broken-asset\\]$`,
          ),
        ),
      );
    } finally {
      writeFileSync(stub, saved.stub);
      writeFileSync(sitemap, saved.sitemap);
      writeFileSync(join(pages, data), saved.data);
    }
    expect(await lines(dir)).toEqual([]);
  });

  it("reports a broken _redirects line at its line and target's column, and skips rewrites and patterns", async () => {
    const file = join(dir, "dist", "_redirects");
    const saved = readFileSync(file, "utf8");
    const lineNo = saved.split("\n").length;
    writeFileSync(
      file,
      saved +
        "/docs/v2/elsewhere   /docs/v2/nowhere/ 301\n/docs/v2/a/* /docs/v2/gone/ 301\n/docs/v2/b /docs/v2/gone/ 200\n",
    );
    try {
      expect(await lines(dir)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^dist/_redirects:${lineNo}:22: redirect /elsewhere/ → /nowhere/: no such page(; did you mean [^ ]+\\?)? \\[broken-redirect\\]$`,
          ),
        ),
      ]);
    } finally {
      writeFileSync(file, saved);
    }
  });

  it("says so when the build folder is missing", async () => {
    await expect(checkBuild({ dir: "no-such-dist", cwd: dir })).rejects.toThrow("build folder");
  });
});

describe("check-links on the real docs", () => {
  it("passes after `brook-docs build`, as CI runs it", { timeout: within(300_000) }, () => {
    const out = mkdtempSync(join(tmpdir(), "brook-real-"));
    temps.push(out);
    const env = { ...process.env, NO_COLOR: "1", BROOK_DOCS_QUIET: "" };
    const build = spawnSync(process.execPath, ["bin/brook-docs.js", "build", "--out", out], {
      cwd: ROOT,
      encoding: "utf8",
      env,
    });
    expect(build.status, build.stderr).toBe(0);
    const check = spawnSync(process.execPath, ["bin/brook-docs.js", "check-links", out], {
      cwd: ROOT,
      encoding: "utf8",
      env,
    });
    expect(check.stderr).toMatch(/^ok \d+ links checked in \d+ pages, none broken\n$/);
    expect(check.status).toBe(0);
  });
});
