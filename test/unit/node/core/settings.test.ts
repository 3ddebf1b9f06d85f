/** The run's settings: read from the environment once, at the edge, and what they change. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readSettings, SOURCE_ROOT } from "../../../../src/node/core/settings.ts";
import { configStage } from "../../../../src/node/config/config-stage.ts";
import { ROOT, tempSite } from "../../../helpers/site.ts";

const dir = mkdtempSync(join(tmpdir(), "brook-settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readSettings", () => {
  it("reads the bin's and the writer's variables, with the sources' folder and 'dev' by default", () => {
    expect(readSettings({})).toEqual({
      root: SOURCE_ROOT,
      assetsDir: undefined,
      generator: "dev",
      workers: undefined,
      gtmId: undefined,
      quiet: false,
      pageBudgetMs: undefined,
      checkBudgetMs: undefined,
      checkHeapMb: undefined,
    });
    expect(SOURCE_ROOT).toBe(ROOT);
    expect(
      readSettings({
        BROOK_DOCS_ROOT: "/opt/brook-docs",
        BROOK_DOCS_ASSETS: "/opt/brook-docs/assets",
        BROOK_DOCS_GENERATOR: "abc123",
        BROOK_DOCS_WORKERS: "0",
        BROOK_DOCS_GTM_ID: "GTM-ABC123",
        BROOK_DOCS_QUIET: "1",
        BROOK_DOCS_PAGE_BUDGET_MS: "30000",
        BROOK_DOCS_CHECK_BUDGET_MS: "1",
        BROOK_DOCS_CHECK_HEAP_MB: "60",
      }),
    ).toEqual({
      root: "/opt/brook-docs",
      assetsDir: "/opt/brook-docs/assets",
      generator: "abc123",
      workers: 0,
      gtmId: "GTM-ABC123",
      quiet: true,
      pageBudgetMs: 30000,
      checkBudgetMs: 1,
      checkHeapMb: 60,
    });
    // An empty budget is an unset one (a CI file that clears a variable).
    expect(readSettings({ BROOK_DOCS_PAGE_BUDGET_MS: "" }).pageBudgetMs).toBeUndefined();
  });

  it("refuses a value that cannot be one, naming the variable", () => {
    expect(() => readSettings({ BROOK_DOCS_GTM_ID: "nope" })).toThrow(
      /BROOK_DOCS_GTM_ID=nope is not a tag manager id/,
    );
    expect(() => readSettings({ BROOK_DOCS_WORKERS: "two" })).toThrow(
      /BROOK_DOCS_WORKERS=two is not a number of threads/,
    );
    // A budget that is not a whole number above 0 would have been dropped for the default unseen.
    for (const [name, value, unit] of [
      ["BROOK_DOCS_PAGE_BUDGET_MS", "10s", "milliseconds"],
      ["BROOK_DOCS_CHECK_BUDGET_MS", "0", "milliseconds"],
      ["BROOK_DOCS_CHECK_HEAP_MB", "1.5", "megabytes"],
    ] as const)
      expect(() => readSettings({ [name]: value }), name).toThrow(
        `${name}=${value} is not a number of ${unit}`,
      );
  });
});

describe("the tag manager id of the settings", () => {
  const where = {
    cwd: dir,
    contentDir: join(dir, "content"),
    publicDir: join(dir, "public"),
    root: ROOT,
  };

  it("replaces the config's, and an empty one turns analytics off", async () => {
    const on = await configStage({ ...where, gtmId: "GTM-ABC123" }, () => undefined);
    expect(on.config.analytics.gtmId).toBe("GTM-ABC123");
    const off = await configStage({ ...where, gtmId: "" }, () => undefined);
    expect(off.config.analytics.gtmId).toBe("");
    const none = await configStage(where, () => undefined);
    expect(none.config.analytics.gtmId).toBe("");
  });
});

describe("the budgets of the settings, from the command line's environment", () => {
  const run = (site: string, env: Record<string, string>) => {
    const r = spawnSync(process.execPath, [join(ROOT, "bin", "brook-docs.js"), "build"], {
      cwd: site,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", BROOK_DOCS_QUIET: "", ...env },
    });
    return { code: r.status, stderr: r.stderr };
  };

  it("hold TypeScript's check of a block to BROOK_DOCS_CHECK_BUDGET_MS (the bundled checker process)", () => {
    const site = tempSite("examples", {
      "content/index.md":
        "---\ntitle: Examples\ndescription: A step.\n---\n\n```js\nexport default async function (event, ctx) {\n  return { ok: event.id };\n}\n```\n",
    });
    try {
      const r = run(site, { BROOK_DOCS_CHECK_BUDGET_MS: "1" });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        "TypeScript did not finish checking the block in 0.001 s, its time budget [step-types]",
      );
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it("stop the command at once, naming the variable, when one is not a number", () => {
    const r = run(dir, { BROOK_DOCS_PAGE_BUDGET_MS: "10s" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("BROOK_DOCS_PAGE_BUDGET_MS=10s is not a number of milliseconds");
  });
});
