import { describe, expect, it } from "vitest";
import {
  mkdtempSync,
  readFileSync,
  writeFileSync,
  mkdirSync,
  readdirSync,
  existsSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FsWriter } from "../../../../src/node/write/writer.ts";
import { isSwappedOutput } from "../../../../src/node/write/output-folder.ts";
import { runTask } from "../../../../src/node/engine/build-worker.ts";
import { redirectsFile } from "../../../../src/node/write/host-files.ts";
import { contentSecurityPolicy } from "../../../../src/shared/csp.ts";

describe("FsWriter", () => {
  it("swaps the new output in only on commit, and abort leaves the old one", () => {
    const root = mkdtempSync(join(tmpdir(), "brook-writer-"));
    const out = join(root, "dist");
    mkdirSync(out);
    writeFileSync(join(out, "old.html"), "old");

    const failed = new FsWriter(out);
    failed.write("a/new.html", "new");
    expect(readFileSync(join(out, "old.html"), "utf8")).toBe("old");
    failed.abort();
    expect(readdirSync(root)).toEqual(["dist"]);

    const ok = new FsWriter(out);
    ok.write("a/new.html", "new");
    ok.commit();
    expect(readFileSync(join(out, "a/new.html"), "utf8")).toBe("new");
    expect(existsSync(join(out, "old.html"))).toBe(false);
    expect(readdirSync(root)).toEqual(["dist"]);
  });

  it("hands the swapped-out output to be removed elsewhere, and settles once it is gone", async () => {
    const root = mkdtempSync(join(tmpdir(), "brook-writer-"));
    const out = join(root, "dist");
    mkdirSync(out);
    writeFileSync(join(out, "old.html"), "old");
    const asked: string[] = [];
    const w = new FsWriter(out, (dir) => {
      asked.push(dir);
      return runTask({ kind: "remove", dir }).then(() => undefined);
    });
    w.write("new.html", "new");
    w.commit();
    expect(asked).toHaveLength(1);
    expect(isSwappedOutput(asked[0]!)).toBe(true);
    await w.settle();
    expect(readdirSync(root)).toEqual(["dist"]);
    expect(readdirSync(out)).toEqual(["new.html"]);
  });

  it("a worker removes only an output a build swapped out", async () => {
    const root = mkdtempSync(join(tmpdir(), "brook-writer-"));
    for (const name of ["dist", "content", "dist.tmp-12-abcdef", "dist.old-12"]) {
      mkdirSync(join(root, name));
      await expect(runTask({ kind: "remove", dir: join(root, name) })).rejects.toThrow(
        /refusing to remove/,
      );
      expect(existsSync(join(root, name))).toBe(true);
    }
    expect(isSwappedOutput(join(root, "dist.old-12-abcdef"))).toBe(true);
  });
});

describe("host files", () => {
  it("adds the tag manager to the CSP only when configured", () => {
    expect(contentSecurityPolicy("")).not.toContain("googletagmanager");
    expect(contentSecurityPolicy("GTM-X")).toContain(
      "script-src 'self' https://www.googletagmanager.com",
    );
  });
  it("writes both slash forms of a redirect and the index.html form of the home page", () => {
    const text = redirectsFile("/docs/v2/", ["/"], [{ from: "/cron/", to: "/t/#s" }]);
    expect(text.split("\n")).toEqual(
      expect.arrayContaining([
        "/docs/v2/cron /docs/v2/t/#s 301",
        "/docs/v2/cron/ /docs/v2/t/#s 301",
        "/docs/v2/cron/index.html /docs/v2/t/#s 301",
        "/docs/v2/index.html /docs/v2/ 301",
      ]),
    );
    expect(text).not.toContain("/docs/v2/.html");
  });
});
