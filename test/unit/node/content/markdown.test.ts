import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../../src/node/content/markdown/markdown.ts";
import { normalizeContainerSyntax } from "../../../../src/node/content/markdown/containers.ts";
import { replaceSiteValues } from "../../../../src/node/content/site-values.ts";
import { codeThemeCss } from "../../../../src/node/content/code/code-theme.ts";
import { fileToRoute } from "../../../../src/node/content/discover.ts";

const render = (md: string, lineOffset = 0) =>
  renderMarkdown(md, { file: "content/x.md", base: "/docs/v2/", lineOffset });

describe("renderMarkdown", () => {
  it("extracts ## and ### headers with rehype-slug slugs and adds anchor links", async () => {
    const r = await render("## Getting started\n\n### Step 1: install\n\n#### Deep\n");
    expect(r.headers).toEqual([
      { level: 2, title: "Getting started", slug: "getting-started" },
      { level: 3, title: "Step 1: install", slug: "step-1-install" },
    ]);
    expect(r.html).toContain(
      '<h2 id="getting-started" tabindex="-1">Getting started<a class="anchor" href="#getting-started" aria-label="Link to this section: Getting started">#</a></h2>',
    );
  });

  it("reports a # heading with its file line", async () => {
    const r = await render("Intro\n\n# Title\n", 5);
    expect(r.diagnostics).toMatchObject([
      { file: "content/x.md", line: 8, column: 1, rule: "no-h1" },
    ]);
  });

  it("records site links with positions and rewrites them with the base; leaves external links", async () => {
    const r = await render(
      "See [a](/limits/#memory) and [b](https://example.com/x) and ![i](/img.png).\n",
      3,
    );
    expect(r.links).toEqual([
      { url: "/limits/#memory", line: 4, column: 5, kind: "link", scope: "site" },
      { url: "https://example.com/x", line: 4, column: 30, kind: "link", scope: "external" },
      { url: "/img.png", line: 4, column: 61, kind: "image", scope: "site" },
    ]);
    expect(r.html).toContain('href="/docs/v2/limits/#memory"');
    expect(r.html).toContain('href="https://example.com/x" rel="noopener"');
    expect(r.html).toContain('src="/docs/v2/img.png"');
  });

  it("highlights code at build time into classes, never inline styles, with a copy button", async () => {
    const r = await render("```js\nconst a = 1;\n```\n");
    expect(r.html).toMatch(
      /<div class="code-block" data-lang="js"><span class="code-lang" aria-hidden="true">js<\/span><button type="button" class="copy" aria-label="Copy code">Copy<\/button><pre class="shiki/,
    );
    expect(r.html).not.toContain("style=");
    // Token colours are the theme's classes, each defined once in the stylesheet for both themes.
    const classes = [...r.html.matchAll(/<span class="(c\d+)">/g)].map((m) => m[1]!);
    expect(classes.length).toBeGreaterThan(0);
    const css = codeThemeCss();
    for (const c of classes)
      expect(css).toMatch(
        new RegExp(`\\.${c}\\{--shiki-light:#[0-9a-f]{6};--shiki-dark:#[0-9a-f]{6}\\}`),
      );
  });

  it("warns about fences without a language or with an unknown one", async () => {
    const r = await render("```\nplain\n```\n\n```cobol\nX\n```\n");
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["code-language", "code-language"]);
  });

  it("turns containers into notes and disclosures, and stray :text back into text", async () => {
    const r = await render(
      ":::danger Do not\nDeletes data.\n:::\n\n:::details More\nHidden.\n:::\n\nMeet at 10:30 or note:this.\n",
    );
    expect(r.html).toContain(
      '<div class="custom-block danger" role="note" aria-label="Do not"><p class="custom-block-title">Do not</p><p>Deletes data.</p></div>',
    );
    expect(r.html).toContain('<details class="custom-block details"><summary>More</summary>');
    expect(r.html).toContain("note:this");
  });

  it("reports an unknown container", async () => {
    const r = await render(":::note\nx\n:::\n");
    expect(r.diagnostics).toMatchObject([{ rule: "unknown-container", line: 1 }]);
  });

  it("splits the text into search sections by heading, without code", async () => {
    const r = await render(
      "Intro words.\n\n## First\n\nAlpha.\n\n```js\nhidden()\n```\n\n### Sub\n\nBeta.\n",
    );
    expect(r.sections).toEqual([
      { slug: "", heading: "", text: "Intro words." },
      { slug: "first", heading: "First", text: "Alpha." },
      { slug: "sub", heading: "Sub", text: "Beta." },
    ]);
  });

  it("drops raw HTML instead of passing it through", async () => {
    const r = await render("Hi <img src=x onerror=alert(1)> there\n");
    expect(r.html).not.toContain("<img");
  });
});

describe("normalizeContainerSyntax", () => {
  it("rewrites `:::name Title` outside code fences only, keeping lines", () => {
    const src = ":::details Show me\nx\n:::\n```md\n:::tip Not here\n```\n";
    expect(normalizeContainerSyntax(src)).toBe(
      ":::details[Show me]\nx\n:::\n```md\n:::tip Not here\n```\n",
    );
  });
});

describe("replaceSiteValues", () => {
  it("replaces known keys, keeps step expressions, reports unknown keys with line and column", () => {
    const r = replaceSiteValues(
      "A {{ site.apiBase }}\nB {{steps.trigger.event}}\nC {{site.nope}}",
      { apiBase: "https://api" },
      "f.md",
      4,
    );
    expect(r.body).toBe("A https://api\nB {{steps.trigger.event}}\nC {{site.nope}}");
    expect(r.diagnostics).toMatchObject([
      { file: "f.md", line: 7, column: 3, rule: "unknown-site-value" },
    ]);
  });
});

describe("fileToRoute", () => {
  it("maps files to routes", () => {
    expect(fileToRoute("index.md")).toBe("/");
    expect(fileToRoute("limits.md")).toBe("/limits/");
    expect(fileToRoute("api/rest/index.md")).toBe("/api/rest/");
    expect(fileToRoute("api/rest/rss.md")).toBe("/api/rest/rss/");
  });
});
