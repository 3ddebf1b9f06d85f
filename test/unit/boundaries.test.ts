import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/site.ts";

const files = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => join(dir, f));

describe("module boundaries (STYLE.md)", () => {
  it("keeps Node modules out of the client, the templates and src/shared", () => {
    const offenders = [...files("src/client"), ...files("templates"), ...files("src/shared")].filter((f) => /from\s+["'](node:|fs|path|os|child_process)/.test(readFileSync(join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
  });
  it("keeps build stages out of the client and templates", () => {
    const offenders = [...files("src/client"), ...files("templates")].filter((f) => /from\s+["'][./]*\/(build|config|content|site|render|write|serve)\//.test(readFileSync(join(ROOT, f), "utf8").replace(/src\/shared/g, "")));
    expect(offenders).toEqual([]);
  });
  it("lets only src/cli.ts exit the process", () => {
    const offenders = files("src").filter((f) => f !== join("src", "cli.ts") && /process\.exit\(/.test(readFileSync(join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
