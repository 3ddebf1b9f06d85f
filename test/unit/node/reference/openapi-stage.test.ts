/**
 * The description's load as the build runs it (src/node/reference/openapi-stage.ts): validated at
 * once, or (a build that checks its examples now) parsed first and validated later; kept in the
 * build cache only once it is known to be valid.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SiteConfig } from "../../../../src/node/config/schema.ts";
import { ContentError } from "../../../../src/node/core/errors.ts";
import { loadReference } from "../../../../src/node/reference/openapi-stage.ts";
import { values } from "../../../../data/values.ts";
import { REAL_ERRORS_TEXT } from "../../../helpers/brook-data.ts";

const real = readFileSync(new URL("../../../../data/openapi.yaml", import.meta.url), "utf8");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A folder with the description (the real one, or `text`) and a cache folder. */
function site(text: string): { cwd: string; cache: string; config: SiteConfig } {
  const cwd = mkdtempSync(join(tmpdir(), "brook-openapi-stage-"));
  dirs.push(cwd);
  writeFileSync(join(cwd, "openapi.yaml"), text);
  writeFileSync(join(cwd, "errors.yaml"), REAL_ERRORS_TEXT);
  const config = {
    apiBase: "https://api.brook.example/v1",
    base: "/docs/v2/",
    title: "Brook",
    values,
    reference: { openapi: "openapi.yaml", errors: "errors.yaml" },
  } as unknown as SiteConfig;
  return { cwd, cache: join(cwd, "cache"), config };
}
const kept = (cache: string) =>
  existsSync(join(cache, "openapi")) ? readdirSync(join(cache, "openapi")) : [];
// Unique text each time: the stage keeps the last description of the process.
let n = 0;
const fresh = (text: string) => `${text}\n# ${n++}\n`;

describe("loadReference", () => {
  it("validates at once by default: a description that is not valid OpenAPI throws its line", async () => {
    const broken = fresh(
      real.replace(
        "      summary: Get a workflow\n",
        "      summary: Get a workflow\n      deprecated: sometimes\n",
      ),
    );
    const { cwd, cache, config } = site(broken);
    const error = await loadReference(config, undefined, cwd, cache).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).diagnostics[0]).toMatchObject({
      file: "openapi.yaml",
      rule: "openapi",
    });
    expect(kept(cache)).toEqual([]);
  });

  it("deferred: gives the parsed description, and its validation says what is wrong; nothing kept", async () => {
    const broken = fresh(
      real.replace(
        "      summary: Get a workflow\n",
        "      summary: Get a workflow\n      deprecated: sometimes\n",
      ),
    );
    const { cwd, cache, config } = site(broken);
    const loaded = await loadReference(config, undefined, cwd, cache, "", true);
    expect(loaded!.api.byId.has("getWorkflow")).toBe(true);
    const found = await loaded!.validate!();
    const line = broken.slice(0, broken.indexOf("deprecated: sometimes")).split("\n").length;
    expect(found[0]).toMatchObject({ file: "openapi.yaml", rule: "openapi" });
    expect(found[0]!.line).toBeGreaterThanOrEqual(line - 8);
    expect(found[0]!.line).toBeLessThanOrEqual(line);
    expect(kept(cache)).toEqual([]);
  });

  it("deferred: a valid description is kept in the cache once validated, and taken from it next", async () => {
    const text = fresh(real);
    const { cwd, cache, config } = site(text);
    const loaded = await loadReference(config, undefined, cwd, cache, "", true);
    expect(kept(cache)).toEqual([]);
    expect(await loaded!.validate!()).toEqual([]);
    expect(kept(cache)).toHaveLength(1);
    const again = await loadReference(config, undefined, cwd, cache, "", true);
    expect(again!.validate).toBeUndefined();
    expect(again!.hash).toBe(loaded!.hash);
  });

  it("puts the operations' nodes in the workers' file only when validating at once (the dev server)", async () => {
    const text = fresh(real);
    const { cwd, cache, config } = site(text);
    const cold = await loadReference(config, undefined, cwd, cache, "", true);
    expect(cold!.withNodes).toBe(false);
    expect(JSON.parse(cold!.workerJson)).not.toHaveProperty("rendered");
    await cold!.validate!();
    // Taken from the cache, which has none yet: made now, and kept.
    const dev = await loadReference(config, undefined, cwd, cache);
    expect(dev!.withNodes).toBe(true);
    expect(Object.keys(JSON.parse(dev!.workerJson).rendered)).toContain("getWorkflow");
    const entry = JSON.parse(readFileSync(join(cache, "openapi", kept(cache)[0]!), "utf8"));
    expect(entry.withNodes).toBe(true);
  });
});
