/**
 * Mistakes made on copies of real pages stop `build --strict` with the file and line of each:
 * a request to a path that is no operation, a method the path does not take, a field of the
 * wrong type, a missing required field, a value past its limit, a misspelt ctx member, an unknown
 * CLI flag, a JSON block with a trailing comma, Python that does not parse.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/site.ts";
import { copyRealDocs } from "../helpers/real-docs-copy.ts";
import { within } from "../helpers/time.ts";

const copy = copyRealDocs("brook-real-");
const site = copy.dir;
afterAll(() => copy.remove());

/** Plants a mistake in a page of the copy (under content/); returns the line it is on. */
const mistake = (page: string, from: string, to: string, after?: string) =>
  copy.plant(join("content", page), from, to, after);

describe("example checks on copies of real pages", () => {
  it(
    "stop build --strict with the file, line and rule of each mistake",
    () => {
      const step = mistake(
        "code/nodejs/index.md",
        "  await ctx.respond({\n",
        "  await ctx.respnd({\n",
      );
      const cli = mistake("cli/reference.md", "--active false\n", "--active false --force\n");
      const json = mistake(
        "workflows/build-and-run.md",
        '"exe_7c1n4p0w2d9s5k8r3m6x1b0q"}',
        '"exe_7c1n4p0w2d9s5k8r3m6x1b0q",}',
      );
      const python = mistake("code/python.md", "import requests\n", "import requests(\n");
      const path = mistake(
        "api/rest/webhooks.md",
        "curl -s -X POST {{ site.apiBase }}/webhooks \\",
        "curl -s -X POST {{ site.apiBase }}/webhook \\",
      );
      const method = mistake(
        "workflows/copy.md",
        'curl -X POST "{{ site.apiBase }}/workflows"',
        'curl -X PUT "{{ site.apiBase }}/workflows"',
      );
      const type = mistake(
        "workflows/concurrency-and-throttling.md",
        '"concurrency": 4,',
        '"concurrency": "four",',
      );
      const missing = mistake(
        "sources/index.md",
        `-d '{"emitter_id": "src_jibaw66oat12kaff9qhx5yr1", "listener_id"`,
        `-d '{"listener_id"`,
      );
      const limit = mistake(
        "workflows/settings.md",
        '"timeout_seconds": 300',
        '"timeout_seconds": 30000',
      );
      const { code, stderr } = runCli(
        site,
        "build",
        "--strict",
        "--no-cache",
        "--out",
        join(site, "dist"),
      );
      expect(code).not.toBe(0);
      expect(stderr).toContain(`content/code/nodejs/index.md:${step}:`);
      expect(stderr).toMatch(/respnd.*\[step-types\]/);
      expect(stderr).toMatch(
        new RegExp(`content/cli/reference\\.md:${cli}:\\d+: .*--force.*\\[cli-usage\\]`),
      );
      expect(stderr).toMatch(
        new RegExp(`content/workflows/build-and-run\\.md:${json}:\\d+: .*\\[json-syntax\\]`),
      );
      expect(stderr).toMatch(
        new RegExp(`content/code/python\\.md:${python}:\\d+: .*\\[code-syntax\\]`),
      );
      const at = (page: string, rule: string) =>
        new RegExp(`content/${page.replace(/[.]/g, "\\.")}:(\\d+):\\d+: .*\\[${rule}\\]`);
      const lineOf = (re: RegExp) => Number(re.exec(stderr)?.[1]);
      // A request's problem is placed on the request's first line, at most a few lines above the
      // changed one (a body's field).
      for (const [page, line, rule] of [
        ["api/rest/webhooks.md", path, "api-path"],
        ["workflows/copy.md", method, "api-method"],
        ["workflows/concurrency-and-throttling.md", type, "api-body"],
        ["sources/index.md", missing, "api-body"],
        ["workflows/settings.md", limit, "api-body"],
      ] as const) {
        const found = lineOf(at(page, rule));
        expect(found, `${page} ${rule} in:\n${stderr}`).toBeLessThanOrEqual(line);
        expect(found).toBeGreaterThanOrEqual(line - 8);
      }
      expect(stderr).toMatch(/"four"|concurrency/);
      expect(stderr).toMatch(/emitter_id/);
      expect(stderr).toMatch(/timeout_seconds/);
    },
    within(300_000),
  );
});
