/**
 * The reader's interface in real Chromium: sidebar drawer, scroll-spy, version menu, theme,
 * copy buttons and search (docs/design.md §4-§5).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { navigated, sidebarLink, startHarness, type Harness, type TestPage } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const activeElement = (page: TestPage) =>
  page.evaluate(() => {
    const el = document.activeElement!;
    return {
      inSidebar: Boolean(el.closest("#sidebar")),
      toggle: el.matches(".sidebar-toggle"),
      text: el.textContent ?? "",
      tag: el.tagName,
    };
  });

describe("sidebar drawer on a 375 px screen", () => {
  it("opens from Toggle sidebar, keeps focus inside, closes on Escape, outside click and navigation", async () => {
    const page = await h.open("/docs/v2/guide/", { viewport: { width: 375, height: 740 } });
    const toggle = page.getByRole("button", { name: "Toggle sidebar" });
    const sidebar = page.locator("#sidebar");
    expect(await toggle.isVisible()).toBe(true);
    // Hidden off-screen once the client runs (without JavaScript it stays in the page flow).
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await expect.poll(async () => (await activeElement(page)).inSidebar).toBe(true);
    expect((await activeElement(page)).text).toBe("Guide");
    // A drawer below the header, as tall as the rest of the screen.
    const box = await page.evaluate(() => {
      const r = document.getElementById("sidebar")!.getBoundingClientRect();
      return {
        top: r.top,
        bottom: r.bottom,
        header: document.querySelector(".site-header")!.getBoundingClientRect().bottom,
      };
    });
    expect(box.top).toBe(box.header);
    expect(box.bottom).toBe(740);
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
      const el = await activeElement(page);
      expect(el.inSidebar || el.toggle).toBe(true);
    }
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect((await activeElement(page)).toggle).toBe(true);
    await expect.poll(() => sidebar.isVisible()).toBe(false);

    // A click outside (on the dimmed page) closes it.
    await toggle.click();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await page.mouse.click(360, 400);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    // Following one of its links closes it: a section of this page, and another page.
    await toggle.click();
    await page.locator('#sidebar .toc a[href="/docs/v2/guide/#logs"]').click();
    expect((await navigated(page, 1)).outcome).toBe("duplicated");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("logs");
    await toggle.click();
    await sidebarLink(page, "/docs/v2/webhooks/").click();
    expect((await navigated(page, 2)).outcome).toBe("completed");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    expect(page.errors).toEqual([]);
  });
});

describe("scroll-spy", () => {
  it("marks the section in view at most 4 times a second while scrolling, and the right one when it stops", async () => {
    const page = await h.open("/docs/v2/guide/");
    const toc = page.locator('nav[aria-label="Sidebar"] .toc a');
    expect(await toc.count()).toBe(6);
    await page.evaluate(() => {
      const w = window as unknown as { __spy: { t: number; slug: string | null }[] };
      w.__spy = [];
      const current = () =>
        document
          .querySelector('#sidebar [aria-current="location"]')
          ?.getAttribute("href")
          ?.split("#")[1] ?? null;
      let last = current();
      new MutationObserver(() => {
        const now = current();
        if (now !== last) w.__spy.push({ t: performance.now(), slug: (last = now) });
      }).observe(document.getElementById("sidebar")!, {
        attributes: true,
        subtree: true,
        attributeFilter: ["aria-current"],
      });
    });
    // Continuous scrolling, crossing a heading several times a second.
    const crossed = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const tops = [...document.querySelectorAll(".content h2")].map(
            (h) => h.getBoundingClientRect().top + scrollY,
          );
          const end = performance.now() + 2000;
          const step = () => {
            scrollBy(0, 60);
            if (performance.now() < end) requestAnimationFrame(step);
            else resolve(tops.filter((t) => t < scrollY + 100).length);
          };
          requestAnimationFrame(step);
        }),
    );
    const during = await page.evaluate(() =>
      (window as unknown as { __spy: { t: number }[] }).__spy.map((u) => u.t),
    );
    expect(crossed).toBeGreaterThanOrEqual(4);
    expect(during.length).toBeGreaterThanOrEqual(2);
    for (const t of during)
      expect(during.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(4);

    // Scrolling stops with "Logs" at the top: the spy settles on it.
    const current = page.locator('#sidebar [aria-current="location"]');
    await page.evaluate(() => document.getElementById("logs")!.scrollIntoView());
    await expect.poll(() => current.getAttribute("href")).toBe("/docs/v2/guide/#logs");
    await page.evaluate(() => document.getElementById("retries")!.scrollIntoView());
    await expect.poll(() => current.getAttribute("href")).toBe("/docs/v2/guide/#retries");
    // The address bar is left alone.
    expect(new URL(page.url()).hash).toBe("");
  });
});

describe("header controls", () => {
  it("the version menu opens from the keyboard, lists v2 (New) and v1, closes on Escape back to its button", async () => {
    const page = await h.open("/docs/v2/guide/");
    const button = page.getByRole("button", { name: /^Version/ });
    await button.focus();
    await page.keyboard.press("Enter");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    const links = page.locator("#version-list a");
    expect(await links.allTextContents()).toEqual(["v2 New", "v1"]);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("v2 New");
    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains("version-button")),
    ).toBe(true);
    expect(await page.locator("#version-list").isVisible()).toBe(false);
    // Focus leaving the open menu closes it.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
  });

  it("the theme toggle sets data-theme on <html> and remembers it", async () => {
    const page = await h.open("/docs/v2/guide/", { colorScheme: "light" });
    const toggle = page.getByRole("button", { name: "Dark theme" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    // The choice is saved by code loaded on the first click: reloading before it ran would
    // forget it (the flake seen under load), so wait for the save itself.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("brook-theme"))).toBe("dark");
    await page.reload();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    await toggle.click();
    expect(await page.getAttribute("html", "data-theme")).toBe("light");
  });

  it("copy buttons copy their code block", async () => {
    const page = await h.open("/docs/v2/guide/", {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    expect(await page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
    const copy = page.locator(".code-block .copy").first();
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe("Copied");
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(
      "brook run wf_123 --event event.json",
    );
  });
});

describe("search", () => {
  it("/ and Ctrl+K focus the box; the index loads once, on first focus", async () => {
    const page = await h.open("/docs/v2/guide/");
    const loads: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/search\.\w+\.json$/.test(r.url())) loads.push(r.url());
    });
    // Everything the page loads on its own has loaded (no request for 500 ms): still no index.
    await page.waitForLoadState("networkidle");
    expect(loads).toEqual([]);
    await page.keyboard.press("/");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("search-input");
    expect(await page.inputValue("#search-input")).toBe("");
    await page.locator("main h1").focus();
    await page.keyboard.press("Control+k");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("search-input");
    await page.locator("main h1").focus();
    await page.keyboard.press("/");
    await page.keyboard.type("webhook");
    await page.locator(".search-option").first().waitFor();
    expect(loads).toHaveLength(1);
  });

  it("shows results as you type, one group per page with its best sections, the match marked, and works from the keyboard", async () => {
    const page = await h.open("/docs/v2/guide/");
    const input = page.locator("#search-input");
    await input.focus();
    await page.keyboard.type("webhoo");
    const listbox = page.getByRole("listbox", { name: "Search results" });
    await listbox.waitFor();
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    // The page first, named by its title; its sections follow once its data has loaded.
    const firstGroup = listbox.getByRole("group").first();
    expect(
      await page.evaluate(
        () =>
          document.getElementById(
            document.querySelector('[role="group"]')!.getAttribute("aria-labelledby")!,
          )?.textContent,
      ),
    ).toBe("Webhooks");
    const pageOption = firstGroup.getByRole("option").first();
    expect(await pageOption.getAttribute("href")).toBe("/docs/v2/webhooks/");
    expect(await pageOption.getAttribute("class")).toContain("search-page");
    expect(await pageOption.locator("mark").first().textContent()).toMatch(/^webhook/i);
    // Every group is a different page, its own option first; until one is active, each shows only
    // its page, so the first options are different pages.
    expect(await listbox.locator(".search-section").count()).toBe(0);
    const groupPages = await listbox
      .getByRole("group")
      .evaluateAll((gs) =>
        gs.map(
          (g) =>
            g.querySelector('[role="option"]')!.className +
            " " +
            g.querySelector('[role="option"]')!.getAttribute("href"),
        ),
      );
    expect(groupPages.every((c) => c.includes("search-page"))).toBe(true);
    expect(new Set(groupPages).size).toBe(groupPages.length);

    const options = listbox.getByRole("option");
    await page.keyboard.press("ArrowDown");
    const first = await options.nth(0).getAttribute("id");
    expect(await input.getAttribute("aria-activedescendant")).toBe(first);
    expect(await options.nth(0).getAttribute("aria-selected")).toBe("true");
    // The active page opens its best sections under it, once its data has loaded.
    await expect
      .poll(() =>
        firstGroup.getByRole("option").evaluateAll((els) => els.map((e) => e.getAttribute("href"))),
      )
      .toContain("/docs/v2/webhooks/#create-a-webhook");
    const section = firstGroup.locator(".search-section").first();
    expect(await section.locator(".search-option-title").textContent()).toBe("Create a webhook");
    expect(await section.locator("mark").first().textContent()).toBe("webhook");
    await page.keyboard.press("ArrowDown");
    expect(await input.getAttribute("aria-activedescendant")).toBe(
      await options.nth(1).getAttribute("id"),
    );
    expect(await options.nth(1).getAttribute("href")).toBe("/docs/v2/webhooks/#create-a-webhook");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    // Up from the first option wraps to the last page.
    expect(await input.getAttribute("aria-activedescendant")).toBe(
      await listbox.getByRole("group").last().getByRole("option").first().getAttribute("id"),
    );
    // Enter follows the active option.
    const target = await page.evaluate(() =>
      document
        .getElementById(
          document.getElementById("search-input")!.getAttribute("aria-activedescendant")!,
        )!
        .getAttribute("href"),
    );
    await page.keyboard.press("Enter");
    expect((await navigated(page, 1)).to).toBe(target);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(target);
    expect(await input.getAttribute("aria-expanded")).toBe("false");

    // Typos: one letter missing still finds the page.
    await input.focus();
    await input.fill("shedule");
    await listbox.waitFor();
    expect(await listbox.locator(".search-page .search-option-title").first().textContent()).toBe(
      "Run workflows on a schedule",
    );
    // Escape closes the list, a second Escape clears the box.
    await page.keyboard.press("Escape");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await listbox.isVisible()).toBe(false);
    expect(await input.inputValue()).toBe("shedule");
    await page.keyboard.press("Escape");
    expect(await input.inputValue()).toBe("");
    expect(page.errors).toEqual([]);
  });

  it("keeps the results on a 375 px screen", async () => {
    const page = await h.open("/docs/v2/guide/", { viewport: { width: 375, height: 740 } });
    await page.locator("#search-input").focus();
    await page.keyboard.type("webhook");
    const box = await page.getByRole("listbox").boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });

  it("says so when nothing matches", async () => {
    const page = await h.open("/docs/v2/guide/");
    await page.locator("#search-input").focus();
    await page.keyboard.type("zyxwvqq");
    const status = page.locator(".search-empty");
    await expect
      .poll(() => status.textContent())
      .toBe("No results for “zyxwvqq”. Try fewer or different words.");
    expect(await status.isVisible()).toBe(true);
    expect(await status.getAttribute("role")).toBe("status");
    expect(await page.locator("#search-input").getAttribute("aria-expanded")).toBe("false");
  });

  it("shows content text as text: <img src=x onerror=...> never becomes an element", async () => {
    const page = await h.open("/docs/v2/guide/");
    await page.locator("#search-input").focus();
    await page.keyboard.type("onerror");
    const listbox = page.getByRole("listbox", { name: "Search results" });
    await listbox.waitFor();
    // The heading comes with the page's sections (the active page opens them), the opening text
    // as the page's own snippet.
    await page.keyboard.press("ArrowDown");
    await expect
      .poll(() => listbox.textContent())
      .toContain("<img src=x onerror=window.__xss=1> tag");
    const text = await listbox.textContent();
    expect(text).toContain("<img src=x onerror=window.__xss=2>");
    expect(await listbox.locator("img").count()).toBe(0);
    expect(await listbox.locator("mark", { hasText: "onerror" }).count()).toBeGreaterThanOrEqual(2);
    // And on the page itself.
    await listbox.getByRole("option").first().click();
    await navigated(page, 1);
    expect(await page.locator("main h1").textContent()).toBe("Escaping");
    expect(await page.locator("main img").count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
  });
});
