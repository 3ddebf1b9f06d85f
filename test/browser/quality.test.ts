/**
 * Quality bars in real Chromium (docs/design.md §7): the site without JavaScript, axe-core WCAG 2.2 AA
 * on every page type, and no Content-Security-Policy violation under the built `_headers` policy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  cspViolations,
  navigated,
  recordCspViolations,
  sidebarLink,
  startHarness,
  THEME_RULES,
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

describe("without JavaScript", () => {
  it("every page reads fully and its links work", async () => {
    const page = await h.open("/docs/v2/guide/", { javaScriptEnabled: false });
    expect(await page.locator("main h1").textContent()).toBe("Guide");
    expect(await page.locator("main .content h2").count()).toBe(6);
    expect(await page.locator("main .content").isVisible()).toBe(true);
    // The sidebar stays in the page flow; the controls that need the client are hidden.
    expect(await page.locator("#sidebar").isVisible()).toBe(true);
    expect(await page.locator(".copy").first().isVisible()).toBe(false);
    await sidebarLink(page, "/docs/v2/limits/").click();
    await page.waitForURL("**/docs/v2/limits/");
    expect(await page.title()).toBe("Limits | Brook");
    expect(await page.locator("main h1").textContent()).toBe("Limits");
    await page.locator('a[rel="prev"]').click();
    await page.waitForURL("**/docs/v2/deleted/");
    // A redirect, answered by the host rules (and the stub page where there are none).
    await page.goto(h.url("/docs/v2/old-guide/"));
    expect(new URL(page.url()).pathname).toBe("/docs/v2/guide/");
    const missing = await page.goto(h.url("/docs/v2/no-such-page/"));
    expect(missing?.status()).toBe(404);
    expect(await page.locator("main h1").textContent()).toBe("Page not found");
  });
});

describe("axe-core, WCAG 2.2 AA", () => {
  const violations = (page: TestPage) => axeViolations(page);
  // axe is injected as an inline script, which the site's own CSP rightly refuses.
  const open = (path: string, colorScheme: "light" | "dark" = "light") =>
    h.open(path, { bypassCSP: true, colorScheme });

  it("home, doc and 404 pages have no violations, in light and dark", async () => {
    for (const scheme of ["light", "dark"] as const) {
      // The webhooks page has highlighted code (token colours) and an outline with `###`; the
      // not-found address is close enough to a page to get suggestions; the banner is on all.
      for (const path of [
        "/docs/v2/",
        "/docs/v2/guide/",
        "/docs/v2/webhooks/",
        "/docs/v2/webhoks/",
      ]) {
        const page = await open(path, scheme);
        if (path.endsWith("webhoks/"))
          await page.locator('[aria-label="Suggested pages"]').waitFor();
        // Every rule in light; in dark, what a theme changes: the colours.
        const rules = scheme === "dark" ? THEME_RULES : undefined;
        expect(await axeViolations(page, { rules }), `${path} (${scheme})`).toEqual([]);
        await page.context().close();
      }
    }
  });

  it("no violations with search results open, a result active, and after an in-place navigation", async () => {
    const page = await open("/docs/v2/guide/");
    await page.locator("#search-input").focus();
    await page.keyboard.type("webhoo");
    await page.getByRole("listbox").waitFor();
    // Grouped: the active page opens its sections (they come with the page's data).
    await page.keyboard.press("ArrowDown");
    await page.locator(".search-section").first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.type("zzqqyy");
    await page.locator(".search-empty").waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await sidebarLink(page, "/docs/v2/limits/").click();
    await navigated(page, 1);
    expect(await violations(page)).toEqual([]);
  });

  it("no violations with the drawer and the version menu open", async () => {
    const page = await h.open("/docs/v2/guide/", {
      bypassCSP: true,
      viewport: { width: 375, height: 740 },
    });
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await page.locator("#sidebar").waitFor({ state: "visible" });
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Version/ }).click();
    expect(await violations(page)).toEqual([]);
  });
});

describe("Content-Security-Policy", () => {
  it("the built policy is served and nothing violates it: load, navigate, search, copy, theme", async () => {
    const page = await h.open("/docs/v2/", {
      permissions: ["clipboard-read", "clipboard-write"],
      before: recordCspViolations,
    });
    const response = await page.request.get(h.url("/docs/v2/guide/"));
    expect(response.headers()["content-security-policy"]).toContain("script-src 'self'");
    await sidebarLink(page, "/docs/v2/guide/").click();
    await navigated(page, 1);
    await page.locator(".code-block .copy").first().click();
    await page.getByRole("button", { name: "Dark theme" }).click();
    await page.locator("#search-input").focus();
    await page.keyboard.type("limits");
    await page.getByRole("listbox").waitFor();
    await page.keyboard.press("Enter");
    await navigated(page, 2);
    await page.goBack();
    await navigated(page, 3);
    // A slow navigation: the progress bar sets its width from script.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${h.pageDataPath("/webhooks/")}`, async (route) => {
      await held;
      await route.continue();
    });
    // Clicked from script (no hover, so no prefetch): the data file is requested as the navigation starts.
    await sidebarLink(page, "/docs/v2/webhooks/").evaluate((a) => (a as HTMLElement).click());
    await page.locator('[role="progressbar"]').waitFor({ state: "attached" });
    release();
    await navigated(page, 4);
    await page.goto(h.url("/docs/v2/old-limits/"));
    await page.waitForURL("**/docs/v2/limits/");
    expect(await cspViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
