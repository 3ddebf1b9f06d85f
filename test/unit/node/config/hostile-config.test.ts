/**
 * site.config.ts is code, but what it exports is data from strangers: a value nested past what a
 * validator's or a thread's stack takes, or a module that ends its thread without answering, is a
 * config error naming the file, never an internal error or a process that stops without a word.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, validateConfig } from "../../../../src/node/config/load.ts";
import { BrookError } from "../../../../src/node/core/errors.ts";

/** A sidebar group nested `levels` deep around one route. */
function deepGroup(levels: number): unknown {
  let group: unknown = { text: "Deep", items: ["/limits/"] };
  for (let i = 0; i < levels; i++) group = { text: `Level ${i}`, items: [group] };
  return group;
}

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A project whose site.config.ts is `code`. */
function project(code: string): string {
  dir = mkdtempSync(join(tmpdir(), "brook-config-"));
  writeFileSync(join(dir, "site.config.ts"), code);
  return dir;
}

describe("a hostile config", () => {
  it("refuses a value nested deeper than 64 levels, by its path, before the schema walks it", () => {
    let thrown: unknown;
    try {
      validateConfig({ sidebar: [deepGroup(1000)] }, "site.config.ts");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(BrookError);
    const error = thrown as BrookError;
    expect(error.message).toMatch(
      /^site\.config\.ts: 1 problem in the config\n {2}sidebar\[0\](\.items\[0\])+\.items: the config nests deeper than 64 levels/,
    );
    expect(error.diagnostics).toEqual([
      expect.objectContaining({ file: "site.config.ts", rule: "config" }),
    ]);
  });

  it("refuses a value of shared objects that would be 2^40 paths to check, by where the count passed", () => {
    let x: Record<string, unknown> = { text: "leaf" };
    for (let i = 0; i < 40; i++) x = { a: x, b: x };
    expect(() => validateConfig({ sidebar: [], extra: x }, "site.config.ts")).toThrow(
      /extra(\.[ab])+: the config holds more than 1,000,000 values by here/,
    );
  });

  it("takes a sidebar nested 20 levels", () => {
    expect(validateConfig({ sidebar: [deepGroup(20)] }, "x").sidebar).toHaveLength(1);
  });

  it("reports a value its thread cannot pass back (nested 5,000 levels) instead of stopping", async () => {
    const root = project(
      'let g = { text: "Deep", items: ["/"] };\nfor (let i = 0; i < 5000; i++) g = { text: "L", items: [g] };\nexport default { sidebar: [g] };\n',
    );
    await expect(loadConfig(undefined, root, "content")).rejects.toThrow(
      /site\.config\.ts: the config's value cannot be read \(Maximum call stack size exceeded\)/,
    );
  });

  it("reports a config that ends its thread with exit code 0 before giving its value", async () => {
    const root = project("process.exit(0);\nexport default {};\n");
    await expect(loadConfig(undefined, root, "content")).rejects.toThrow(
      /site\.config\.ts: the config stopped the process that loaded it \(exit code 0\)/,
    );
  });
});
