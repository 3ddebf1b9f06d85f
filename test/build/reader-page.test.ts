/** Whole build of the client fixture: what issue 13 adds to each page's HTML, data and assets. */
import { beforeAll, describe, expect, it } from "vitest";
import { contrast, CODE_BACKGROUND, parseHex } from "../../src/node/content/code/code-colors.ts";
import type { PageData, RouteManifest, SiteData } from "../../src/shared/types.ts";
import type { MemoryWriter } from "../../src/node/write/memory-writer.ts";
import { buildFixture } from "../helpers/site.ts";

let out: MemoryWriter;
beforeAll(async () => {
  ({ out } = await buildFixture("client-site"));
});

const text = (path: string) => {
  const f = out.files.get(path);
  return typeof f === "string" ? f : Buffer.from(f!).toString("utf8");
};
const asset = (prefix: string) =>
  [...out.files.keys()].find((p) => p.startsWith(`docs/v2/assets/${prefix}`))!;
const json = <T>(path: string) => JSON.parse(text(path)) as T;

describe("the reader's page in the built HTML", () => {
  it("links the <head> scripts before the stylesheet: the layout one always, the banner's with its id", () => {
    const html = text("docs/v2/guide/index.html");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(
      /<script src="\/docs\/v2\/assets\/early\.\w+\.js"><\/script><script src="\/docs\/v2\/assets\/banner\.\w+\.js" data-banner="fixture-launch"><\/script><link rel="stylesheet"/,
    );
    // Classic scripts: no module syntax may reach them.
    for (const name of ["early.", "banner."])
      expect(text(asset(name))).not.toMatch(/\bimport\b|\bexport\b/);
  });

  it("renders the outline, breadcrumbs and banner in place, with no inline script but JSON-LD", () => {
    const html = text("docs/v2/webhooks/index.html");
    expect(html).toContain('<nav class="outline" aria-label="On this page">');
    expect(html).toContain('href="/docs/v2/webhooks/#in-python"');
    expect(html).toContain('<nav class="breadcrumbs" aria-label="Breadcrumb">');
    expect(html).toContain('<div class="banner" role="region" aria-label="Announcement">');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!.trim());
    expect(inline.sort()).toEqual([
      'type="application/json" id="brook-boot"',
      'type="application/ld+json"',
    ]);
    expect(text("docs/v2/schedules/index.html")).not.toContain('aria-label="On this page"');
    expect(text("docs/v2/index.html")).not.toContain('aria-label="Breadcrumb"');
  });

  it("passes each page's outline levels and the site's banner to the client", () => {
    const manifest = json<RouteManifest>("docs/v2/routes.json");
    const page = (route: string) => json<PageData>("docs/v2/assets/" + manifest.pages[route]);
    expect(page("/webhooks/").outline).toEqual([2, 3]);
    expect(page("/limits/").outline).toEqual([2, 2]);
    expect(page("/schedules/").outline).toBeNull();
    expect(json<SiteData>(asset("site.")).banner).toEqual({
      id: "fixture-launch",
      text: "Brook v2 is here.",
      link: { text: "Read the limits", href: "/limits/" },
    });
  });

  it("gives every code token colour 4.5:1 on the code background, in both themes", () => {
    const css = text(asset("style."));
    const pairs = [...css.matchAll(/--shiki-light:(#[0-9a-f]+);--shiki-dark:(#[0-9a-f]+)/g)];
    expect(pairs.length).toBeGreaterThan(3);
    for (const [, light, dark] of pairs) {
      expect(
        contrast(parseHex(light!)!, parseHex(CODE_BACKGROUND.light)!),
        light,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrast(parseHex(dark!)!, parseHex(CODE_BACKGROUND.dark)!),
        dark,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
