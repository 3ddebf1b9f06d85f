/**
 * Markdown for machines (issue 13, item 10) in a whole build: each page's `.md` at its path,
 * llms.txt and llms-full.txt, the head link, the sitemap without them, and check-links reading
 * the links inside them. Spawns the CLI: the workers write the files, check-links reads the disk.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { runCli, tempSite } from "../helpers/site.ts";

let dir: string;

const cli = (...args: string[]) => runCli(dir, ...args);
const out = (rel: string) => readFileSync(join(dir, "dist", rel), "utf8");

const REST = `---
title: REST API
description: Every endpoint of the REST API.
---

Calls go to {{ site.apiBase }} :badge[Beta]{type=warning}.

<!--@include: @/_parts/auth.md-->

::: warning Rate limits
Read [the limits](/limits/#http-payload) and [errors](#errors) first.
:::

::: code-group
\`\`\`bash [curl]
curl {{ site.apiBase }}/users/me
\`\`\`

\`\`\`js [Node.js]{2}
const old = await get("/v0/me"); // [!code --]
const me = await get("/users/me"); // [!code ++]
\`\`\`
:::

## Errors

Errors are JSON.
`;

beforeAll(() => {
  dir = tempSite("basic", {
    "content/api/rest.md": REST,
    "content/_parts/auth.md": "Send the token in the `Authorization` header.\n",
    "public/favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  });
  // Not --strict: the REST page stays out of the sidebar on purpose (a warning), to be listed last.
  const r = cli("build");
  expect(r.code, r.stderr).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Markdown for machines in a build", () => {
  it("writes each page's Markdown at its path (index.md for home, api/rest.md for /api/rest/), includes and site values resolved", () => {
    for (const rel of [
      "index.md",
      "guide.md",
      "guide/triggers.md",
      "guide/code.md",
      "limits.md",
      "api/rest.md",
    ])
      expect(existsSync(join(dir, "dist/docs/v2", rel)), rel).toBe(true);
    expect(out("docs/v2/api/rest.md")).toBe(
      [
        "# REST API",
        "",
        "Every endpoint of the REST API.",
        "",
        "Calls go to <https://api.brook.example/v1> Beta.",
        "",
        "Send the token in the `Authorization` header.",
        "",
        "> **Rate limits**",
        ">",
        "> Read [the limits](https://brook.example/docs/v2/limits/#http-payload) and [errors](https://brook.example/docs/v2/api/rest/#errors) first.",
        "",
        "**curl**",
        "",
        "```bash",
        "curl https://api.brook.example/v1/users/me",
        "```",
        "",
        "**Node.js**",
        "",
        "```js",
        'const me = await get("/users/me");',
        "```",
        "",
        "## Errors",
        "",
        "Errors are JSON.",
        "",
      ].join("\n"),
    );
  });

  it("links each page's Markdown from its head", () => {
    expect(out("docs/v2/api/rest/index.html")).toContain(
      '<link rel="alternate" type="text/markdown" href="/docs/v2/api/rest.md"/>',
    );
    expect(out("docs/v2/index.html")).toContain(
      '<link rel="alternate" type="text/markdown" href="/docs/v2/index.md"/>',
    );
    expect(out("docs/v2/api/rest/index.html")).toMatch(
      /<button type="button" class="copy-page">Copy page<\/button><span class="copy-page-status" role="status"><\/span>/,
    );
  });

  it("writes llms.txt in the llmstxt.org shape: title, description, a section per sidebar group, then the rest", () => {
    const lines = out("docs/v2/llms.txt").split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "# Brook",
      "",
      "> Documentation for connecting APIs quickly with Brook",
      "",
    ]);
    expect(lines.filter((l) => l.startsWith("## "))).toEqual([
      "## Workflows",
      "## Workflows › Guide",
      "## Pricing and Limits",
      "## Other pages",
    ]);
    const urls = lines.filter((l) => l.startsWith("- ")).map((l) => /\]\((.+?)\)/.exec(l)![1]);
    expect(urls).toEqual(
      [
        "index.md",
        "guide.md",
        "guide/triggers.md",
        "guide/code.md",
        "limits.md",
        "api/rest.md",
      ].map((p) => "https://brook.example/docs/v2/" + p),
    );
    expect(lines).toContain(
      "- [REST API](https://brook.example/docs/v2/api/rest.md): Every endpoint of the REST API.",
    );
  });

  it("writes llms-full.txt: every page's Markdown in sidebar order, then the pages outside the sidebar", () => {
    const full = out("docs/v2/llms-full.txt");
    const titles = [...full.matchAll(/^# (.+)$/gm)].map((m) => m[1]);
    const title = (rel: string) => /^# (.+)$/m.exec(out("docs/v2/" + rel))![1];
    expect(titles).toEqual(
      [
        "index.md",
        "guide.md",
        "guide/triggers.md",
        "guide/code.md",
        "limits.md",
        "api/rest.md",
      ].map(title),
    );
    expect(full).toContain(out("docs/v2/api/rest.md"));
  });

  it("keeps the Markdown files out of the sitemap, and gives .md its type in _headers", () => {
    const sitemap = out("docs/v2/sitemap.xml");
    expect(sitemap).toContain("https://brook.example/docs/v2/api/rest/");
    expect(sitemap).not.toMatch(/\.md<|llms/);
    expect(out("_headers")).toContain(
      "/docs/v2/*.md\n  Content-Type: text/markdown; charset=utf-8",
    );
  });

  it("check-links passes the build, then reports a broken link inside a page's .md at its line", () => {
    expect(cli("check-links").code).toBe(0);
    const lines = out("docs/v2/limits.md").split("\n").length;
    appendFileSync(
      join(dir, "dist/docs/v2/limits.md"),
      "See [gone](https://brook.example/docs/v2/no-such-page/).\n",
    );
    const r = cli("check-links");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `dist/docs/v2/limits.md:${lines}:5: link to https://brook.example/docs/v2/no-such-page/ matches no page [broken-link]`,
    );
  });
});
