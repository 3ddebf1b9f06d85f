/**
 * The reader's page in real Chromium (issue 13, docs/design.md §8): no layout shift and no theme flash
 * at first paint, the outline, breadcrumbs, the announcement banner, the not-found page's
 * suggestions, the failed-chunk outcome, and the version menu's accessible names.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  live,
  navigated,
  sidebarLink,
  startHarness,
  type Harness,
  type TestPage,
} from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Records layout shifts not caused by recent input, and the state of <html> when <body> is created (the first paint can come no earlier). */
const recordFirstPaint = async (page: TestPage) => {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __cls: number;
      __atBody?: { theme?: string; js: boolean; bannerHidden: boolean };
    };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      observer.disconnect();
      const html = document.documentElement;
      w.__atBody = {
        theme: html.dataset.theme,
        js: html.classList.contains("js"),
        bannerHidden: html.classList.contains("banner-dismissed"),
      };
    });
    observer.observe(document, { childList: true, subtree: true });
  });
};
/** Cumulative layout shift so far, after two frames (so what the last change moved is counted). */
const cls = (page: TestPage) =>
  page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return (window as unknown as { __cls: number }).__cls;
  });
const atBody = (page: TestPage) =>
  page.evaluate(
    () =>
      (window as unknown as { __atBody: { theme?: string; js: boolean; bannerHidden: boolean } })
        .__atBody,
  );
const mark = (page: TestPage) =>
  page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
const marked = (page: TestPage) =>
  page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

describe("layout and theme at first paint", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`no layout shift at ${viewport.width}×${viewport.height}, on load and after an in-place navigation`, async () => {
      for (const path of ["/docs/v2/", "/docs/v2/guide/", "/docs/v2/no-such-page/"]) {
        const page = await h.open(path, { viewport, before: recordFirstPaint });
        expect(await cls(page), `${path} on load`).toBeLessThan(0.01);
        expect((await atBody(page)).js).toBe(true);
        await page.context().close();
      }
      const page = await h.open("/docs/v2/guide/", { viewport, before: recordFirstPaint });
      // Follow a link the way a reader does: pointer over it (prefetch, deferred parts), then a click.
      const link = page.locator('main a[rel="next"]');
      const data = page.waitForResponse((r) => r.url().endsWith(h.pageDataPath("/webhooks/")));
      await link.hover();
      await data;
      await link.click();
      expect((await navigated(page, 1)).outcome).toBe("completed");
      expect(
        await page.locator('nav[aria-label="Breadcrumb"] [aria-current="page"]').textContent(),
      ).toBe("Webhooks");
      expect(await cls(page), "after an in-place navigation").toBeLessThan(0.01);
      expect(page.errors).toEqual([]);
    });
  }

  it("a saved theme opposite to the system's is on <html> before the body exists", async () => {
    const page = await h.open("/docs/v2/guide/", {
      colorScheme: "light",
      before: async (p) => {
        await p.addInitScript(() => localStorage.setItem("brook-theme", "dark"));
        await recordFirstPaint(p);
      },
    });
    expect((await atBody(page)).theme).toBe("dark");
    expect(
      await page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed"),
    ).toBe("true");
  });
});

describe("outline", () => {
  it("lists ## and ### beside the article at 1280 px, nested, following the section in view", async () => {
    const page = await h.open("/docs/v2/webhooks/", { viewport: { width: 1280, height: 800 } });
    const outline = page.locator('nav[aria-label="On this page"]');
    expect(await outline.isVisible()).toBe(true);
    expect(await outline.locator(":scope > ul > li > a").allTextContents()).toEqual([
      "Create a webhook",
      "Verify the signature",
      "Respond to the sender",
    ]);
    expect(await outline.locator(":scope > ul > li > ul > li > a").allTextContents()).toEqual([
      "In Node.js",
      "In Python",
    ]);
    expect(await outline.locator("a").first().getAttribute("href")).toBe(
      "/docs/v2/webhooks/#create-a-webhook",
    );
    // Beside the article, not under it.
    const [article, nav] = await Promise.all([
      page.locator("article.doc").boundingBox(),
      outline.boundingBox(),
    ]);
    expect(nav!.x).toBeGreaterThanOrEqual(article!.x + article!.width);
    await page.evaluate(() => document.getElementById("in-python")!.scrollIntoView());
    await page.waitForFunction(
      () =>
        document.querySelector('nav[aria-label="On this page"] a[aria-current="location"]')
          ?.textContent === "In Python",
    );
    // The sidebar keeps following `##` sections only.
    await page.waitForFunction(
      () =>
        document.querySelector('#sidebar .toc a[aria-current="location"]')?.textContent ===
        "Verify the signature",
    );
    expect(await outline.locator('a[aria-current="location"]').count()).toBe(1);
  });

  it("works from the keyboard, with visible focus", async () => {
    const page = await h.open("/docs/v2/webhooks/", { viewport: { width: 1280, height: 800 } });
    await page.locator("main h1").focus();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      if (
        await page.evaluate(() =>
          Boolean(document.activeElement?.closest('nav[aria-label="On this page"]')),
        )
      )
        break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Create a webhook");
    expect(
      await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle),
    ).not.toBe("none");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/docs/v2/webhooks/#verify-the-signature");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("verify-the-signature");
  });

  it("is not shown below 1280 px, nor with outline: false", async () => {
    const narrow = await h.open("/docs/v2/webhooks/", { viewport: { width: 1100, height: 800 } });
    expect(await narrow.locator('nav[aria-label="On this page"]').isVisible()).toBe(false);
    const off = await h.open("/docs/v2/schedules/", { viewport: { width: 1280, height: 800 } });
    expect(await off.locator('nav[aria-label="On this page"]').count()).toBe(0);
    // The sidebar still lists the page's sections.
    expect(await off.locator("#sidebar .toc a").count()).toBe(3);
  });
});

describe("breadcrumbs", () => {
  it("lead from home through the sidebar groups to the page, with BreadcrumbList data", async () => {
    const page = await h.open("/docs/v2/webhooks/");
    const crumbs = page.locator('nav[aria-label="Breadcrumb"] > ol > li');
    expect(await crumbs.allTextContents()).toEqual(["Brook", "Workflows", "Webhooks"]);
    expect(await crumbs.last().locator('[aria-current="page"]').getAttribute("href")).toBe(
      "/docs/v2/webhooks/",
    );
    expect(await crumbs.first().locator("a").getAttribute("href")).toBe("/docs/v2/");
    const json = JSON.parse(
      (await page
        .locator('nav[aria-label="Breadcrumb"] script[type="application/ld+json"]')
        .textContent())!,
    );
    expect(json).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Brook", item: "https://brook.example/docs/v2/" },
        {
          "@type": "ListItem",
          position: 2,
          name: "Webhooks",
          item: "https://brook.example/docs/v2/webhooks/",
        },
      ],
    });
    const home = await h.open("/docs/v2/");
    expect(await home.locator('nav[aria-label="Breadcrumb"]').count()).toBe(0);
  });
});

describe("announcement banner", () => {
  it("is dismissed from the keyboard, stays dismissed, and then takes no space from the first paint", async () => {
    const page = await h.open("/docs/v2/guide/", { viewport: { width: 390, height: 844 } });
    const banner = page.getByRole("region", { name: "Announcement" });
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.getByRole("link", { name: "Read the limits" }).getAttribute("href")).toBe(
      "/docs/v2/limits/",
    );
    // Skip link, the banner's link, then its dismiss button.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Dismiss announcement",
    );
    expect(
      await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle),
    ).not.toBe("none");
    await page.keyboard.press("Enter");
    expect(await banner.isVisible()).toBe(false);
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains("site-title")),
    ).toBe(true);
    // A later page: hidden before the body exists, so nothing moves.
    await recordFirstPaint(page);
    await page.goto(h.url("/docs/v2/limits/"));
    await live(page);
    expect((await atBody(page)).bannerHidden).toBe(true);
    expect(await page.getByRole("region", { name: "Announcement" }).isVisible()).toBe(false);
    expect(await cls(page)).toBeLessThan(0.01);
  });

  it("shows again to a reader who dismissed another announcement", async () => {
    const page = await h.open("/docs/v2/guide/", {
      before: async (p) =>
        void (await p.addInitScript(() =>
          localStorage.setItem("brook-banner-dismissed", JSON.stringify(["an-older-one"])),
        )),
    });
    expect(await page.getByRole("region", { name: "Announcement" }).isVisible()).toBe(true);
  });
});

describe("announcement banner, stored value", () => {
  it("reads a stored value that is not a list as nothing dismissed, and replaces it when dismissed", async () => {
    const page = await h.open("/docs/v2/guide/", {
      before: async (p) =>
        void (await p.addInitScript(() => {
          // Only on the first load: the reload below must see what the dismiss stored.
          if (!sessionStorage.getItem("seeded")) {
            localStorage.setItem("brook-banner-dismissed", "{}");
            sessionStorage.setItem("seeded", "1");
          }
        })),
    });
    const banner = page.getByRole("region", { name: "Announcement" });
    expect(await banner.isVisible()).toBe(true);
    await banner.getByRole("button", { name: "Dismiss announcement" }).click();
    expect(await banner.isVisible()).toBe(false);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem("brook-banner-dismissed")!)),
    ).toHaveLength(1);
    await recordFirstPaint(page);
    await page.reload();
    await live(page);
    expect((await atBody(page)).bannerHidden).toBe(true);
  });
});

describe("not-found page", () => {
  it("suggests up to three pages closest to the address asked for, and searches for its words", async () => {
    const page = await h.open("/docs/v2/limts/");
    const list = page.locator('[aria-label="Suggested pages"]');
    await list.waitFor();
    const links = list.locator("a");
    expect(await links.count()).toBeLessThanOrEqual(3);
    expect(await links.first().textContent()).toBe("Limits");
    expect(await links.first().getAttribute("href")).toBe("/docs/v2/limits/");
    // From the keyboard: focus the button, Enter.
    await page.getByRole("button", { name: "Search for this address" }).focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("search-input");
    await expect.poll(() => page.locator("#search-input").inputValue()).toBe("limts");
    await page.getByRole("listbox").getByRole("option").first().waitFor();
  });

  it("suggests for the address of an in-place navigation too", async () => {
    const page = await h.open("/docs/v2/guide/");
    await page.evaluate(() =>
      (
        window as unknown as { brookDocs: { router: { push(h: string): Promise<unknown> } } }
      ).brookDocs.router.push("/docs/v2/webhoks/"),
    );
    expect((await navigated(page, 1)).outcome).toBe("completed");
    await page.locator('[aria-label="Suggested pages"] a', { hasText: "Webhooks" }).waitFor();
  });
});

describe("the navigation code cannot load", () => {
  for (const [what, pattern] of [
    ["the pipeline chunk", "**/assets/navigate.*.js"],
    ["the deferred parts' chunk", "**/assets/live-parts.*.js"],
  ] as const) {
    it(`${what}: exactly one docs:navigated, failed with reason missing, then the page by a full load`, async () => {
      const page = await h.open("/docs/v2/guide/", {
        before: (p) => p.route(pattern, (r) => r.abort()).then(() => undefined),
      });
      await mark(page);
      await sidebarLink(page, "/docs/v2/limits/").click();
      expect(await navigated(page, 1)).toEqual({
        from: "/docs/v2/guide/",
        to: "/docs/v2/limits/",
        outcome: "failed",
        reason: "missing",
      });
      await page.waitForURL("**/docs/v2/limits/");
      await page.locator("main h1", { hasText: "Limits" }).waitFor();
      expect(await marked(page)).toBe(false);
      await live(page);
      expect(page.navs).toHaveLength(1);
      // The server's HTML of the deferred parts stays as it was.
      expect(await page.locator('nav[aria-label="Breadcrumb"]').isVisible()).toBe(true);
    });
  }
});

describe("last updated", () => {
  it("shows the page's last commit under the article, and the next page's after an in-place navigation", async () => {
    const data = (route: string) =>
      JSON.parse(readFileSync(join(h.dir, h.pageDataPath(route)), "utf8")) as {
        lastUpdated?: { iso: string; text: string };
      };
    const guide = data("/guide/").lastUpdated;
    const webhooks = data("/webhooks/").lastUpdated;
    // The fixture's files are committed: git knows when each last changed.
    expect(guide?.iso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const page = await h.open("/docs/v2/guide/");
    const time = page.locator("article p.last-updated time");
    expect(await time.getAttribute("datetime")).toBe(guide!.iso);
    expect(await page.locator("article p.last-updated").textContent()).toBe(
      `Last updated ${guide!.text}`,
    );
    // As a reader follows it: pointer over the link first (the page's end is a deferred part).
    const next = page.locator('main a[rel="next"]');
    const loaded = page.waitForResponse((r) => r.url().endsWith(h.pageDataPath("/webhooks/")));
    await next.hover();
    await loaded;
    await next.click();
    expect((await navigated(page, 1)).outcome).toBe("completed");
    await expect.poll(() => time.getAttribute("datetime")).toBe(webhooks!.iso);
  });
});

describe("version menu", () => {
  it('reads "v2 New" as two words (Chromium\'s own accessible name)', async () => {
    const page = await h.open("/docs/v2/guide/");
    await page.getByRole("button", { name: /^Version/ }).click();
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: { role?: { value: string }; name?: { value: string } }[];
    };
    const links = nodes.filter((n) => n.role?.value === "link").map((n) => n.name?.value);
    expect(links).toContain("v2 New");
    expect(links).not.toContain("v2New");
  });
});
