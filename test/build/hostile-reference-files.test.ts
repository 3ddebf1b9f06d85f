/**
 * The config's reference files are read on the main thread before the pages: a pipe there would
 * block the build for ever, a folder or a missing file was an internal error, and a symbolic link
 * was followed out of the project. Each is a `config` error naming site.config.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSite } from "../../src/node/build-site.ts";
import { formatError } from "../../src/node/core/errors.ts";
import { tempSite } from "../helpers/site.ts";

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The mcp-site fixture with `reference` set to these paths, and `prepare` run on its folder. */
function site(reference: Record<string, string>, prepare: (dir: string) => void): string {
  const dir = tempSite("mcp-site");
  temps.push(dir);
  const config = `export default {
  title: "Brook",
  description: "Docs",
  siteUrl: "https://brook.example",
  apiBase: "https://api.brook.example/v1",
  values: { limits: { httpPayload: "512KB", queue: { default: 100, max: "10,000" }, pageSize: { default: 20, max: 100 } }, runtimes: { node: "14", python: "3.8" } },
  reference: ${JSON.stringify(reference)},
};\n`;
  writeFileSync(join(dir, "site.config.ts"), config);
  prepare(dir);
  return dir;
}

async function refused(dir: string): Promise<string> {
  try {
    await buildSite({ cwd: dir, contentDir: "content", outDir: "dist", cache: false });
  } catch (e) {
    return formatError(e);
  }
  throw new Error("the build passed");
}

describe("hostile reference files", () => {
  it("refuses a pipe as the CLI's description without reading it", async () => {
    const dir = site({ openapi: "data/openapi.yaml", cli: "data/cli.yaml" }, (d) =>
      execFileSync("mkfifo", [join(d, "data", "cli.yaml")]),
    );
    expect((await refused(dir)).split("\n")[0]).toBe(
      "site.config.ts: reference.cli (data/cli.yaml) is not a regular file (a folder, pipe, socket or device), so it is not read [config]",
    );
  });

  it("refuses a pipe as the runtime's declarations", async () => {
    const dir = site({ runtime: "data/runtime.d.ts" }, (d) =>
      execFileSync("mkfifo", [join(d, "data", "runtime.d.ts")]),
    );
    expect(await refused(dir)).toContain(
      "reference.runtime (data/runtime.d.ts) is not a regular file",
    );
  });

  it("refuses a folder and a missing file as errors of the config, not internal errors", async () => {
    const folder = site({ cli: "data/cli.yaml" }, (d) => mkdirSync(join(d, "data", "cli.yaml")));
    expect(await refused(folder)).toContain("reference.cli (data/cli.yaml) is not a regular file");
    const missing = site({ runtime: "data/none.d.ts" }, () => {});
    const text = await refused(missing);
    expect(text).toContain(
      "site.config.ts: reference.runtime (data/none.d.ts) does not exist [config]",
    );
    expect(text).not.toContain("Internal error");
  });

  it("refuses a description that is a link out of the config's folder, and follows one inside it", async () => {
    const outside = join(tmpdir(), `brook-outside-${process.pid}.yaml`);
    temps.push(outside);
    const leaking = site({ openapi: "data/openapi.yaml" }, (d) => {
      renameSync(join(d, "data", "openapi.yaml"), outside);
      symlinkSync(outside, join(d, "data", "openapi.yaml"));
    });
    expect(await refused(leaking)).toContain(
      "reference.openapi (data/openapi.yaml) is a symbolic link that leads outside the config's folder, so it is not read",
    );
    const kept = site({ openapi: "data/openapi.yaml" }, (d) => {
      renameSync(join(d, "data", "openapi.yaml"), join(d, "data", "real.yaml"));
      symlinkSync("real.yaml", join(d, "data", "openapi.yaml"));
    });
    await buildSite({ cwd: kept, contentDir: "content", outDir: "dist", cache: false });
  });
});
