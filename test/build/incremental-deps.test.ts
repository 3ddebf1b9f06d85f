/**
 * What a page reads besides its own file (issue 14: includes, code imports, image sizes) is part
 * of its cache key: editing one renders exactly the pages that read it, and nothing else. Spawns
 * the CLI: its workers, its disk cache and the FsWriter's hard links are what is tested.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, renderedCount, runCli, tempSite } from "../helpers/site.ts";

const fixture = (rel: string) => readFileSync(join(ROOT, "test/fixtures/basic", rel), "utf8");
let dir: string;

const cli = (...args: string[]) => runCli(dir, ...args);

const rendered = renderedCount;

const html = (route: string) =>
  readFileSync(join(dir, "dist/docs/v2", route, "index.html"), "utf8");
const inode = (route: string) => statSync(join(dir, "dist/docs/v2", route, "index.html")).ino;
const svg = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"/>`;

beforeEach(() => {
  dir = tempSite("basic", {
    "content/_parts/shared.md": "The shared part, first version.\n",
    "content/_snippets/step.js": "export default async function (event, ctx) {\n  return 1;\n}\n",
    "public/img/chart.svg": svg(120, 40),
    "content/limits.md": fixture("content/limits.md") + "\n<!--@include: ./_parts/shared.md-->\n",
    "content/guide/code.md":
      fixture("content/guide/code.md") + "\n<!--@include: ../_parts/shared.md-->\n",
    "content/guide/index.md":
      fixture("content/guide/index.md") + "\n<<< @/_snippets/step.js [step.js]\n",
    "content/guide/triggers.md":
      fixture("content/guide/triggers.md") + "\n![A chart](/img/chart.svg)\n",
  });
  const first = cli("build");
  expect(first.code, first.stderr).toBe(0);
  expect(rendered(first.stderr)).toBe(5);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("a page's includes, imports and images are part of its cache key", () => {
  it("renders exactly the pages that include an edited part", () => {
    const untouched = ["/guide/", "/guide/triggers/", "/"].map(inode);
    writeFileSync(join(dir, "content/_parts/shared.md"), "The shared part, second version.\n");
    const r = cli("build");
    expect(r.code, r.stderr).toBe(0);
    expect(rendered(r.stderr)).toBe(2);
    expect(html("/limits/")).toContain("The shared part, second version.");
    expect(html("/guide/code/")).toContain("The shared part, second version.");
    expect(["/guide/", "/guide/triggers/", "/"].map(inode)).toEqual(untouched);
    // Saved again with the same bytes: nothing to render.
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, "content/_parts/shared.md"), later, later);
    expect(rendered(cli("build").stderr)).toBe(0);
  });

  it("renders the page that imports an edited code file, and the page whose image changed size", () => {
    writeFileSync(
      join(dir, "content/_snippets/step.js"),
      "export default async function (event, ctx) {\n  return 2;\n}\n",
    );
    let r = cli("build");
    expect(rendered(r.stderr)).toBe(1);
    expect(html("/guide/")).toMatch(/return<\/span> <span class="c\d+">2<\/span>/);
    expect(html("/guide/triggers/")).toContain('width="120" height="40"');
    writeFileSync(join(dir, "public/img/chart.svg"), svg(300, 100));
    r = cli("build");
    expect(r.code, r.stderr).toBe(0);
    expect(rendered(r.stderr)).toBe(1);
    expect(html("/guide/triggers/")).toContain('width="300" height="100"');
  });

  it("never takes a body parsed by a failed build for the current one", () => {
    writeFileSync(
      join(dir, "content/_parts/shared.md"),
      "The shared part, a version that never shipped.\n",
    );
    writeFileSync(
      join(dir, "content/guide/triggers.md"),
      fixture("content/guide/triggers.md") + "\n{{ site.nope }}\n",
    );
    expect(cli("build").code).toBe(1);
    // Back to what the last good build had: its cached bodies are right again. A new sidebar
    // site title renders every page again from those bodies (none is reused as it was).
    writeFileSync(join(dir, "content/_parts/shared.md"), "The shared part, first version.\n");
    writeFileSync(
      join(dir, "content/guide/triggers.md"),
      fixture("content/guide/triggers.md") + "\n![A chart](/img/chart.svg)\n",
    );
    writeFileSync(
      join(dir, "site.config.ts"),
      fixture("site.config.ts").replace('title: "Brook",', 'title: "Brook docs",'),
    );
    const r = cli("build");
    expect(r.code, r.stderr).toBe(0);
    expect(rendered(r.stderr)).toBe(5);
    expect(r.stderr).toMatch(/5 parses from the cache/);
    expect(html("/limits/")).toContain("<title>Limits | Brook docs</title>");
    expect(html("/limits/")).toContain("The shared part, first version.");
    expect(html("/limits/")).not.toContain("never shipped");
  });

  it("check-links names the included file and line of a broken link", () => {
    writeFileSync(
      join(dir, "content/_parts/shared.md"),
      "The shared part.\n\nSee [the missing page](/no-such-page/).\n",
    );
    expect(cli("build").code).toBe(0);
    const r = cli("check-links");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "content/_parts/shared.md:3:5: link to /no-such-page/ matches no page [broken-link]",
    );
  });
});
