/** V8's code cache for a CommonJS file (src/examples/code-cache.ts), as TypeScript is loaded by step-types. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeCachePath, requireWithCodeCache } from "../../../src/examples/code-cache.ts";

const dir = mkdtempSync(join(tmpdir(), "brook-code-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "node_modules", "lib", "index.js");
mkdirSync(join(dir, "node_modules", "lib"), { recursive: true });
writeFileSync(
  file,
  "const path = require('node:path');\nexports.twice = (n) => n * 2;\nexports.name = path.basename(__filename);\n",
);

describe("requireWithCodeCache", () => {
  it("keeps the cache under node_modules/.cache, named by the file, its version and Node's", () => {
    const path = codeCachePath(file, "1.2.3");
    expect(path.startsWith(join(dir, "node_modules", ".cache") + "/")).toBe(true);
    expect(path).toContain("lib_index.js-1.2.3-" + process.version);
  });

  it("runs the file as CommonJS, writes the cache once, and uses it in the next load", () => {
    const cache = codeCachePath(file, "1");
    const first = requireWithCodeCache<{ twice(n: number): number; name: string }>(file, cache);
    expect(first.exports.twice(21)).toBe(42);
    expect(first.exports.name).toBe("index.js");
    expect(first.fromCache).toBe(false);
    first.save();
    const second = requireWithCodeCache<{ twice(n: number): number }>(file, cache);
    expect(second.fromCache).toBe(true);
    expect(second.exports.twice(2)).toBe(4);
  });

  it("compiles as usual when the cache is damaged, and makes it again", () => {
    // Another file: V8 keeps what this process compiled of the first one, whatever the cache says.
    const other = join(dir, "node_modules", "lib", "other.js");
    writeFileSync(other, "exports.twice = (n) => n + n;\n");
    const cache = codeCachePath(other, "2");
    mkdirSync(join(cache, ".."), { recursive: true });
    writeFileSync(cache, "not V8's code");
    const loaded = requireWithCodeCache<{ twice(n: number): number }>(other, cache);
    expect(loaded.fromCache).toBe(false);
    expect(loaded.exports.twice(1)).toBe(2);
    loaded.save();
    expect(readFileSync(cache).toString("latin1")).not.toContain("not V8's code");
    expect(statSync(cache).size).toBeGreaterThan(0);
  });
});
