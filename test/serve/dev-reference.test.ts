/**
 * The descriptions of Brook a site's config names (OpenAPI, CLI, runtime) are inputs of the site:
 * the dev server watches them with the config, so an edit to one rebuilds the pages made from it.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DevSession } from "../../src/node/serve/dev-session.ts";
import { readSettings } from "../../src/node/core/settings.ts";
import { ROOT, tempSite } from "../helpers/site.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("serve and the descriptions of Brook", () => {
  it("watches the OpenAPI, CLI and runtime files the config names", async () => {
    const cwd = tempSite("mcp-site");
    dirs.push(cwd);
    writeFileSync(join(cwd, "data", "cli.yaml"), "name: brook\ncommands: []\n");
    writeFileSync(join(cwd, "data", "runtime.d.ts"), "declare const ctx: unknown;\n");
    const config = join(cwd, "site.config.ts");
    writeFileSync(
      config,
      readFileSync(config, "utf8").replace(
        'reference: { openapi: "data/openapi.yaml" }',
        'reference: { openapi: "data/openapi.yaml", cli: "data/cli.yaml", runtime: "data/runtime.d.ts" }',
      ),
    );
    const session = new DevSession({
      settings: { ...readSettings(process.env), root: ROOT },
      cwd,
      contentDir: "content",
    });
    try {
      const outcome = await session.build([]);
      expect(outcome.ok, outcome.ok ? "" : outcome.text).toBe(true);
      const watched = session.configFiles();
      for (const file of ["openapi.yaml", "cli.yaml", "runtime.d.ts"])
        expect(watched).toContain(join(cwd, "data", file));
    } finally {
      await session.dispose();
    }
  });
});
