import { describe, expect, it, beforeAll } from "vitest";
import { buildFixture } from "../helpers/site.ts";
import type { MemoryWriter } from "../../src/node/write/memory-writer.ts";
import type { BuildResult } from "../../src/node/build-site.ts";
import type { RouteManifest } from "../../src/shared/types.ts";
import type { SearchHead } from "../../src/shared/search/format.ts";

let out: MemoryWriter;
let result: BuildResult;

beforeAll(async () => {
  ({ out, result } = await buildFixture("basic"));
});

const assets = () => [...out.files.keys()].filter((p) => p.startsWith("docs/v2/assets/"));
const find = (prefix: string) => assets().find((p) => p.startsWith(`docs/v2/assets/${prefix}`))!;

describe("whole build of the basic fixture", () => {
  it("writes a page per route, both 404s, stubs and host files", () => {
    const paths = [...out.files.keys()].filter((p) => !p.startsWith("docs/v2/assets/")).sort();
    expect(paths).toEqual([
      "404.html",
      "_headers",
      "_redirects",
      "docs/v2/404.html",
      "docs/v2/cron/index.html",
      "docs/v2/figures.json",
      "docs/v2/guide.md",
      "docs/v2/guide/code.md",
      "docs/v2/guide/code/index.html",
      "docs/v2/guide/index.html",
      "docs/v2/guide/triggers.md",
      "docs/v2/guide/triggers/index.html",
      "docs/v2/index.html",
      "docs/v2/index.md",
      "docs/v2/limits.md",
      "docs/v2/limits/index.html",
      "docs/v2/llms-full.txt",
      "docs/v2/llms.txt",
      "docs/v2/old-limits/index.html",
      "docs/v2/routes.json",
      "docs/v2/sitemap.xml",
      "docs/v2/values.json",
      "robots.txt",
    ]);
    expect(result.pages).toBe(5);
  });

  it("writes content-hashed assets: client, css, site data, search index and one data file per page", () => {
    const names = assets().map((p) => p.slice("docs/v2/assets/".length));
    for (const re of [
      /^client\.\w+\.js$/,
      /^style\.\w+\.css$/,
      /^site\.\w+\.json$/,
      /^search\.\w+\.json$/,
      /^redirect\.\w+\.js$/,
    ]) {
      expect(
        names.some((n) => re.test(n)),
        String(re),
      ).toBe(true);
    }
    expect(names.filter((n) => n.startsWith("pages/"))).toHaveLength(6); // 5 pages + not-found
  });

  it("gives every page the head tags of docs/design.md §4", () => {
    const html = out.text("docs/v2/guide/triggers/index.html");
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain("<title>Triggers | Brook</title>");
    expect(html).toContain(
      '<meta name="description" content="What starts a workflow, from HTTP requests to schedules."/>',
    );
    expect(html).toContain(
      '<link rel="canonical" href="https://brook.example/docs/v2/guide/triggers/"/>',
    );
    expect(html).toContain('<link rel="icon" href="/docs/v2/favicon.svg"/>');
    expect(html).toContain('<meta property="og:title" content="Triggers | Brook"/>');
    expect(out.text("docs/v2/index.html")).toContain("<title>Brook</title>");
    expect(out.text("docs/v2/index.html")).toContain(
      '<meta property="og:type" content="website"/>',
    );
    // Only the dev server's builds link the live-reload client.
    expect(html).not.toContain("/__brook/");
  });

  it("renders the landmarks: skip link, header, sidebar, main > article with one h1, edit link, pagination", () => {
    const html = out.text("docs/v2/guide/triggers/index.html");
    expect(html).toContain('<a class="skip-link" href="#main">');
    expect(html).toMatch(/<header class="site-header">/);
    expect(html).toContain('aria-label="Toggle sidebar"');
    expect(html).toMatch(
      /<button[^>]*class="version-button"[^>]*>Version <!-- -->v2<\/button>|<button[^>]*class="version-button"[^>]*>Version v2<\/button>/,
    );
    expect(html).toMatch(
      /<input id="search-input"[^>]*type="search"[^>]*placeholder="Search\.\.\."/,
    );
    expect(html).toContain('<nav id="sidebar" class="sidebar" aria-label="Sidebar">');
    // The breadcrumbs (a deferred part, in its Suspense markers) come before the h1.
    expect(html).toMatch(
      /<main id="main" tabindex="-1"><div class="doc-layout"><article class="doc"><!--\$--><nav class="breadcrumbs" aria-label="Breadcrumb">.*?<\/nav><!--\/\$--><h1 tabindex="-1">Triggers<\/h1>/,
    );
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<a href="/docs/v2/guide/triggers/" aria-current="page">Triggers</a>');
    expect(html).toContain('href="/docs/v2/guide/triggers/#schedule">Schedule</a>');
    expect(html).toContain(
      'href="https://github.com/brook-example/docs/edit/main/content/guide/triggers.md"',
    );
    expect(html).toContain(
      '<nav class="pagination" aria-label="Pagination"><a rel="prev" href="/docs/v2/guide/">',
    );
    expect(html).toContain('<a rel="next" href="/docs/v2/guide/code/">');
  });

  it("honours prev: false and next: false", () => {
    expect(out.text("docs/v2/guide/index.html")).not.toContain('rel="prev"');
    expect(out.text("docs/v2/guide/index.html")).toContain('rel="next"');
    expect(out.text("docs/v2/guide/code/index.html")).not.toContain('rel="next"');
  });

  it("turns Markdown into highlighted, anchored HTML with containers and site values", () => {
    const html = out.text("docs/v2/guide/triggers/index.html");
    expect(html).toContain("https://api.brook.example/v1/workflows");
    expect(html).toContain("{{steps.trigger.event.body}}");
    expect(html).toContain(
      '<div class="custom-block tip" role="note" aria-label="Tip"><p class="custom-block-title">Tip</p>',
    );
    expect(html).toContain('<p class="custom-block-title">Mind the payload</p>');
    expect(html).toContain('<details class="custom-block details"><summary>Full example</summary>');
    expect(html).toContain(
      '<h2 id="schedule" tabindex="-1">Schedule<a class="anchor" href="#schedule"',
    );
    expect(html).toContain("10:30");
    expect(html).toMatch(
      /<div class="code-block" data-lang="bash">.*<pre class="shiki" tabindex="0"><code><span class="c\d/,
    );
    expect(html).not.toMatch(/style="/);
    expect(html).toContain("<table>");
    const code = out.text("docs/v2/guide/code/index.html");
    // The fixture writes the tag escaped: text that shows the tag, never an element.
    expect(code).not.toMatch(/<img[^>]*onerror/);
    expect(code).toContain("&#x3C;img src=x onerror=alert(1)>");
  });

  it("rewrites links with the base and records them with their source line", () => {
    const home = out.text("docs/v2/index.html");
    expect(home).toContain('href="/docs/v2/guide/triggers/#schedule"');
    const src = result.linkMap.pages["/"]!;
    expect(src.file).toBe("content/index.md");
    expect(src.links).toContainEqual({
      url: "/guide/triggers/#schedule",
      line: 14,
      column: 12,
      kind: "link",
      scope: "site",
    });
    expect(result.warnings).toEqual([]);
  });

  it("carries the spec §3 page fields", () => {
    const page = result.records.find((p) => p.regularPath === "/guide/triggers/")!;
    expect(page).toMatchObject({
      title: "Triggers",
      regularPath: "/guide/triggers/",
      relativePath: "guide/triggers.md",
      path: "/docs/v2/guide/triggers/",
    });
    expect(page.key).toMatch(/^p[0-9a-f]{10}$/);
    expect(page.headers).toEqual([
      { level: 2, title: "HTTP", slug: "http" },
      { level: 2, title: "Schedule", slug: "schedule" },
      { level: 3, title: "Time zones", slug: "time-zones" },
    ]);
    expect(page.frontmatter).toMatchObject({ title: "Triggers", layout: "doc", meta: [] });
  });

  it("writes redirect stubs that keep the hash, are noindex and point canonical at the target", () => {
    const stub = out.text("docs/v2/cron/index.html");
    expect(stub).toContain(
      '<meta http-equiv="refresh" content="0; url=/docs/v2/guide/triggers/#schedule">',
    );
    expect(stub).toContain(
      '<link rel="canonical" href="https://brook.example/docs/v2/guide/triggers/">',
    );
    expect(stub).toContain('<meta name="robots" content="noindex">');
    expect(stub).toMatch(
      /<script src="\/docs\/v2\/assets\/redirect\.\w+\.js" data-to="\/docs\/v2\/guide\/triggers\/#schedule"><\/script>/,
    );
  });

  it("writes _redirects with redirects, index.html and .html forms, all 301", () => {
    const lines = out.text("_redirects").split("\n");
    expect(lines).toContain("/docs/v2/cron /docs/v2/guide/triggers/#schedule 301");
    expect(lines).toContain("/docs/v2/cron/ /docs/v2/guide/triggers/#schedule 301");
    expect(lines).toContain("/docs/v2/limits/index.html /docs/v2/limits/ 301");
    expect(lines).toContain("/docs/v2/limits.html /docs/v2/limits/ 301");
    expect(lines).toContain("/docs/v2/index.html /docs/v2/ 301");
  });

  it("writes _headers with a strict CSP and immutable caching for assets", () => {
    const headers = out.text("_headers");
    expect(headers).toContain(
      "Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'",
    );
    expect(headers).toContain(
      "/docs/v2/assets/*\n  Cache-Control: public, max-age=31536000, immutable",
    );
    expect(headers).toContain("X-Content-Type-Options: nosniff");
  });

  it("writes the 404 page with the not-found layout, noindex and no canonical", () => {
    const html = out.text("404.html");
    expect(html).toContain("<title>Page not found | Brook</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
    expect(out.text("docs/v2/404.html")).toBe(html);
  });

  it("writes the sitemap and robots.txt", () => {
    expect(out.text("docs/v2/sitemap.xml")).toContain(
      "<loc>https://brook.example/docs/v2/guide/triggers/</loc>",
    );
    expect(out.text("docs/v2/sitemap.xml")).not.toContain("/cron/");
    expect(out.text("robots.txt")).toContain("Sitemap: https://brook.example/docs/v2/sitemap.xml");
  });

  it("writes a manifest that maps routes to page data, redirects and the search index", () => {
    // A fixed name: no page changes when another page's data (and so the manifest) does.
    const manifest = JSON.parse(out.text("docs/v2/routes.json")) as RouteManifest;
    expect(Object.keys(manifest.pages).sort()).toEqual([
      "/",
      "/404/",
      "/guide/",
      "/guide/code/",
      "/guide/triggers/",
      "/limits/",
    ]);
    expect(manifest.redirects).toEqual({
      "/cron/": "/guide/triggers/#schedule",
      "/old-limits/": "/limits/",
    });
    const data = JSON.parse(out.text("docs/v2/assets/" + manifest.pages["/limits/"]));
    expect(data).toMatchObject({
      route: "/limits/",
      title: "Limits",
      layout: "doc",
      prev: { route: "/guide/code/" },
      next: null,
    });
    expect(data.html).toContain('<h2 id="http-payload"');
    const boot = out
      .text("docs/v2/limits/index.html")
      .match(/<script type="application\/json" id="brook-boot">(.*?)<\/script>/)![1]!;
    expect(JSON.parse(boot)).toMatchObject({
      page: { route: "/limits/", title: "Limits" },
      manifestFile: "/docs/v2/routes.json",
      assetsUrl: "/docs/v2/assets/",
    });
    expect(JSON.parse(boot).page.html).toBeUndefined();
  });

  it("writes the search index the manifest names: one document per page, the 404 page left out", () => {
    const manifest = JSON.parse(out.text("docs/v2/routes.json")) as RouteManifest;
    expect(manifest.search).toMatch(/^search\.\w+\.json$/);
    const head = JSON.parse(out.text("docs/v2/assets/" + manifest.search)) as SearchHead;
    expect(head.pages.map(([route]) => route).sort()).toEqual([
      "/",
      "/guide/",
      "/guide/code/",
      "/guide/triggers/",
      "/limits/",
    ]);
    expect(head.pages.find(([route]) => route === "/guide/triggers/")?.[1]).toBe("Triggers");
    expect(head.postings.terms).toContain("schedul");
    expect(head.shards).toEqual([]);
  });

  it("produces byte-identical output for the same input", async () => {
    const again = await buildFixture("basic");
    expect([...again.out.files.keys()].sort()).toEqual([...out.files.keys()].sort());
    for (const [path, content] of out.files)
      expect(again.out.files.get(path), path).toEqual(content);
  });
});
