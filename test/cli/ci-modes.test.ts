/**
 * issue 17's "done when": the CLI on a site with a broken link, an unknown fence language and a
 * missing anchor, run plain, under GITHUB_ACTIONS=true, with --format json and with --strict.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempSite } from "../helpers/site.ts";
import { runCli, snapshotDir } from "./run-cli.ts";

const FENCE = {
  file: "content/problems.md",
  line: 10,
  column: 1,
  rule: "code-language",
  message: "code fence language 'brooklang' is not highlighted",
  hint: "use a supported language (js, ts, python, go, bash, json, yaml, http, sql, ...) or text",
};
const LINK = {
  file: "content/problems.md",
  line: 6,
  column: 18,
  rule: "broken-link",
  message: "link to /gide/ matches no page; did you mean /guide/?",
  hint: "fix the link, or add a redirect under `redirects` in site.config.ts",
};
const ANCHOR = {
  file: "content/problems.md",
  line: 8,
  column: 20,
  rule: "broken-anchor",
  message: "link to /guide/#instal: /guide/ has no heading #instal; did you mean #install?",
  hint: "anchors are heading slugs: lower case, spaces as '-', punctuation dropped",
};

const temps: string[] = [];
const site = () => {
  const dir = tempSite("ci-site");
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

const lines = (text: string) => text.split("\n").filter((l) => l !== "");

describe("build", () => {
  it("plain: warnings on stderr as before, nothing on stdout, exit 0", async () => {
    const r = await runCli(site(), ["build"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(lines(r.stderr)).toEqual([
      `warning: ${FENCE.file}:10:1: ${FENCE.message} [code-language]`,
      `  hint: ${FENCE.hint}`,
      `warning: ${LINK.file}:6:18: ${LINK.message} [broken-link]`,
      `  hint: ${LINK.hint}`,
      `warning: ${ANCHOR.file}:8:20: ${ANCHOR.message} [broken-anchor]`,
      `  hint: ${ANCHOR.hint}`,
      expect.stringMatching(/^built 3 pages \(\d+ files\) into dist in \d+ ms \[.*\]$/),
    ]);
  });

  it("GITHUB_ACTIONS=true: one ::warning workflow command per warning on stdout, exit 0", async () => {
    const r = await runCli(site(), ["build"], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      "::warning file=content/problems.md,line=10,col=1,title=code-language::code fence language 'brooklang' is not highlighted%0Ahint: use a supported language (js, ts, python, go, bash, json, yaml, http, sql, ...) or text",
      "::warning file=content/problems.md,line=6,col=18,title=broken-link::link to /gide/ matches no page; did you mean /guide/?%0Ahint: fix the link, or add a redirect under `redirects` in site.config.ts",
      "::warning file=content/problems.md,line=8,col=20,title=broken-anchor::link to /guide/#instal: /guide/ has no heading #instal; did you mean #install?%0Ahint: anchors are heading slugs: lower case, spaces as '-', punctuation dropped",
      "",
    ]);
    // The text for people is unchanged.
    expect(r.stderr).toContain(`warning: ${LINK.file}:6:18: ${LINK.message} [broken-link]`);
  });

  it("--format json: exactly one JSON document on stdout, with the warnings, counts, pages and timings", async () => {
    const r = await runCli(site(), ["build", "--format", "json"], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      command: "build",
      ok: true,
      exitCode: 0,
      counts: { errors: 0, warnings: 3 },
      diagnostics: [FENCE, LINK, ANCHOR].map((d) => ({ ...d, severity: "warning" })),
      pages: 3,
      strict: false,
      out: "dist",
    });
    expect(report.timings.total).toEqual(expect.any(Number));
    expect(Object.keys(report.timings).length).toBeGreaterThan(1);
  });

  it("--strict: the warnings are errors, exit 1, and the previous output stays exactly as it was", async () => {
    const dir = site();
    const first = await runCli(dir, ["build"]);
    expect(first.code).toBe(0);
    const before = snapshotDir(join(dir, "dist"));
    // An edit a successful build would publish: proof that no swap happened.
    const guide = join(dir, "content", "guide.md");
    writeFileSync(guide, readFileSync(guide, "utf8").replace("The guide.", "The guide, edited."));

    const r = await runCli(dir, ["build", "--strict"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(lines(r.stderr)).toEqual([
      `error: ${FENCE.file}:10:1: ${FENCE.message} [code-language]`,
      `  hint: ${FENCE.hint}`,
      `${LINK.file}:6:18: ${LINK.message} [broken-link]`,
      `  hint: ${LINK.hint}`,
      `${ANCHOR.file}:8:20: ${ANCHOR.message} [broken-anchor]`,
      `  hint: ${ANCHOR.hint}`,
      "3 problems found",
    ]);
    expect(snapshotDir(join(dir, "dist"))).toEqual(before);
    expect(readdirSync(dir).filter((f) => f.includes(".tmp-") || f.includes(".old-"))).toEqual([]);

    // The same build without --strict publishes the edit.
    expect((await runCli(dir, ["build"])).code).toBe(0);
    expect(readFileSync(join(dir, "dist", "docs", "v2", "guide", "index.html"), "utf8")).toContain(
      "The guide, edited.",
    );
  });

  it("--strict on a first build writes no output folder at all", async () => {
    const dir = site();
    const r = await runCli(dir, ["build", "--strict"]);
    expect(r.code).toBe(1);
    expect(existsSync(join(dir, "dist"))).toBe(false);
  });

  it("--strict with GITHUB_ACTIONS=true: ::error workflow commands", async () => {
    const r = await runCli(site(), ["build", "--strict"], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(1);
    expect(lines(r.stdout).map((l) => l.slice(0, l.indexOf("::", 2)))).toEqual([
      "::error file=content/problems.md,line=10,col=1,title=code-language",
      "::error file=content/problems.md,line=6,col=18,title=broken-link",
      "::error file=content/problems.md,line=8,col=20,title=broken-anchor",
    ]);
  });

  it("--strict --format json: the same diagnostics as errors, nothing counted", async () => {
    const r = await runCli(site(), ["build", "--strict", "--format", "json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      exitCode: 1,
      counts: { errors: 3, warnings: 0 },
      diagnostics: [FENCE, LINK, ANCHOR].map((d) => ({ ...d, severity: "error" })),
      pages: null,
      files: null,
      strict: true,
    });
  });

  it("a warm cache reports the same warnings, so --strict cannot pass on a second run", async () => {
    const dir = site();
    expect((await runCli(dir, ["build"])).code).toBe(0);
    const again = await runCli(dir, ["build", "--strict", "--format", "json"]);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout).diagnostics.map((d: { rule: string }) => d.rule)).toEqual([
      "code-language",
      "broken-link",
      "broken-anchor",
    ]);
  });

  it("a bad config is one `config` diagnostic per problem in the reports, same text as before", async () => {
    const dir = site();
    writeFileSync(
      join(dir, "site.config.ts"),
      'import { defineConfig } from "brook-docs/config";\nexport default defineConfig({ title: 3, colour: "red" });\n',
    );
    const r = await runCli(dir, ["build", "--format", "json"], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: site\.config\.ts: 2 problems in the config\n {2}title: .*\n {2}\(root\): unknown key 'colour' \(remove or rename\)\n {2}hint: /,
    );
    const report = JSON.parse(r.stdout);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        file: "site.config.ts",
        line: null,
        rule: "config",
        severity: "error",
        message: expect.stringMatching(/^title: /),
      }),
      expect.objectContaining({
        file: "site.config.ts",
        line: null,
        rule: "config",
        severity: "error",
        message: "(root): unknown key 'colour' (remove or rename)",
      }),
    ]);
  });

  it("colours: none in a pipe, on with FORCE_COLOR; stdout never coloured", async () => {
    const dir = site();
    const piped = await runCli(dir, ["build"], { NO_COLOR: "" });
    expect(piped.stderr).not.toContain("\x1b[");
    const forced = await runCli(dir, ["build"], {
      NO_COLOR: "",
      FORCE_COLOR: "1",
      GITHUB_ACTIONS: "true",
    });
    expect(forced.stderr).toContain("\x1b[33mwarning: \x1b[0mcontent/problems.md:10:1:");
    expect(forced.stdout).not.toContain("\x1b[");
  });

  it("GITLAB_CI=true with --report FILE: a code-quality report GitLab reads", async () => {
    const dir = site();
    const r = await runCli(dir, ["build", "--report", "reports/quality.json"], {
      GITLAB_CI: "true",
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    const issues = JSON.parse(readFileSync(join(dir, "reports", "quality.json"), "utf8"));
    expect(issues).toEqual([
      {
        description: FENCE.message,
        check_name: "code-language",
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
        severity: "minor",
        location: { path: "content/problems.md", lines: { begin: 10 } },
      },
      {
        description: LINK.message,
        check_name: "broken-link",
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
        severity: "minor",
        location: { path: "content/problems.md", lines: { begin: 6 } },
      },
      {
        description: ANCHOR.message,
        check_name: "broken-anchor",
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
        severity: "minor",
        location: { path: "content/problems.md", lines: { begin: 8 } },
      },
    ]);
    expect(new Set(issues.map((i: { fingerprint: string }) => i.fingerprint)).size).toBe(3);
  });
});

describe("check-links", () => {
  let dir: string;
  beforeAll(async () => {
    dir = site();
    expect((await runCli(dir, ["build"])).code).toBe(0);
  });

  it("plain: broken links on stderr as before, nothing on stdout, exit 1", async () => {
    const r = await runCli(dir, ["check-links"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(lines(r.stderr)).toEqual([
      `${LINK.file}:6:18: ${LINK.message} [broken-link]`,
      `  hint: ${LINK.hint}`,
      `${ANCHOR.file}:8:20: ${ANCHOR.message} [broken-anchor]`,
      `  hint: ${ANCHOR.hint}`,
      expect.stringMatching(/^error: 2 broken links in \d+ checked$/),
    ]);
  });

  it("GITHUB_ACTIONS=true: one ::error workflow command per broken link on stdout", async () => {
    const r = await runCli(dir, ["check-links"], { GITHUB_ACTIONS: "true" });
    expect(r.code).toBe(1);
    expect(r.stdout.split("\n")).toEqual([
      "::error file=content/problems.md,line=6,col=18,title=broken-link::link to /gide/ matches no page; did you mean /guide/?%0Ahint: fix the link, or add a redirect under `redirects` in site.config.ts",
      "::error file=content/problems.md,line=8,col=20,title=broken-anchor::link to /guide/#instal: /guide/ has no heading #instal; did you mean #install?%0Ahint: anchors are heading slugs: lower case, spaces as '-', punctuation dropped",
      "",
    ]);
  });

  it("--format json: the broken links and every link checked", async () => {
    const r = await runCli(dir, ["check-links", "--format", "json"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      command: "check-links",
      ok: false,
      exitCode: 1,
      counts: { errors: 2, warnings: 0 },
      diagnostics: [LINK, ANCHOR].map((d) => ({ ...d, severity: "error" })),
      pages: 5,
      links: { external: false },
    });
    const list = report.links.list as { url: string; kind: string; count: number }[];
    expect(list).toContainEqual({ url: "/docs/v2/gide/", kind: "page", count: 1 });
    expect(list).toContainEqual({ url: "/docs/v2/guide/#instal", kind: "page", count: 1 });
    expect(list).toContainEqual({ url: "/docs/v2/guide/#install", kind: "anchor", count: 1 });
    // Every occurrence is counted once in `checked`, under one entry per distinct link.
    expect(list.reduce((n, l) => n + l.count, 0)).toBe(report.links.checked);
    expect(r.stderr).toMatch(/error: 2 broken links in \d+ checked\n$/);
  });

  it("a clean site exits 0, with ok: true", async () => {
    const clean = site();
    rmSync(join(clean, "content", "problems.md"));
    expect((await runCli(clean, ["build", "--strict"])).code).toBe(0);
    const r = await runCli(clean, ["check-links", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      exitCode: 0,
      counts: { errors: 0, warnings: 0 },
      diagnostics: [],
    });
  });

  it("exit 2 when the build folder cannot be read, reported in the JSON too", async () => {
    const r = await runCli(dir, ["check-links", "no-such-dist", "--format", "json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      exitCode: 2,
      diagnostics: [
        {
          file: "no-such-dist",
          rule: "error",
          severity: "error",
          message: expect.stringContaining("does not exist"),
        },
      ],
    });
  });

  it("exit 2 on a usage error", async () => {
    const r = await runCli(dir, ["check-links", "--format", "xml"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Allowed choices are text, json");
  });
});
