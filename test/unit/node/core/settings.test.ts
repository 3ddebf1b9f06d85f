/** The run's settings: read from the environment once, at the edge, and what they change. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readSettings, SOURCE_ROOT } from "../../../../src/node/core/settings.ts";
import { configStage } from "../../../../src/node/config/config-stage.ts";
import { ROOT } from "../../../helpers/site.ts";

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
      }),
    ).toEqual({
      root: "/opt/brook-docs",
      assetsDir: "/opt/brook-docs/assets",
      generator: "abc123",
      workers: 0,
      gtmId: "GTM-ABC123",
      quiet: true,
    });
  });

  it("refuses a value that cannot be one, naming the variable", () => {
    expect(() => readSettings({ BROOK_DOCS_GTM_ID: "nope" })).toThrow(
      /BROOK_DOCS_GTM_ID=nope is not a tag manager id/,
    );
    expect(() => readSettings({ BROOK_DOCS_WORKERS: "two" })).toThrow(
      /BROOK_DOCS_WORKERS=two is not a number of threads/,
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
