/**
 * "Copy page" in real Chromium (issue 13, item 10): from the keyboard, with visible focus, it
 * copies the page's Markdown for machines (loaded lazily) and announces "Copied" politely; after
 * an in-place navigation it copies the new page's; axe stays clean in both themes with it shown.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
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

const clipboard = { permissions: ["clipboard-read", "clipboard-write"] };
const readClipboard = (page: TestPage) => page.evaluate(() => navigator.clipboard.readText());
const status = (page: TestPage) => page.locator('.page-tools [role="status"]');

/** Tabs through the page until the Copy page button has the focus (it follows the title). */
async function tabToCopy(page: TestPage): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.classList.contains("copy-page"))) return;
  }
  throw new Error("Tab never reached the Copy page button");
}

describe("Copy page", () => {
  it("copies the page's Markdown from the keyboard, with visible focus and a polite 'Copied'", async () => {
    const page = await h.open("/docs/v2/guide/", clipboard);
    const button = page.getByRole("button", { name: "Copy page" });
    expect(await button.count()).toBe(1);
    expect(await status(page).getAttribute("role")).toBe("status");
    // The copying code is in the page script: the click fetches the page's Markdown only.
    const chunks: string[] = [];
    page.on("request", (r) => chunks.push(new URL(r.url()).pathname));
    await tabToCopy(page);
    const outline = await button.evaluate(
      (b) => getComputedStyle(b).outlineStyle + " " + getComputedStyle(b).outlineWidth,
    );
    expect(outline).not.toMatch(/^none|\b0px/);
    await page.keyboard.press("Enter");
    await expect.poll(() => status(page).textContent()).toBe("Copied");
    const md = readFileSync(join(h.dir, "docs/v2/guide.md"), "utf8");
    expect(md).toMatch(/^# Guide\n/);
    expect(await readClipboard(page)).toBe(md);
    expect(chunks).toContain("/docs/v2/guide.md");
    expect(chunks.some((p) => /\/assets\/code\.\w+\.js$/.test(p))).toBe(false);
    // Space works too, and says so again.
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await page.keyboard.press("Space");
    await expect.poll(() => readClipboard(page)).toBe(md);
    await expect.poll(() => status(page).textContent()).toBe("Copied");
    expect(page.errors).toEqual([]);
  });

  it("copies the new page's Markdown after an in-place navigation, and the head links it", async () => {
    const page = await h.open("/docs/v2/guide/", clipboard);
    await sidebarLink(page, "/docs/v2/limits/").click();
    expect((await navigated(page, 1)).outcome).toBe("completed");
    expect(
      await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute("href"),
    ).toBe("/docs/v2/limits.md");
    expect(await status(page).textContent()).toBe("");
    await page.getByRole("button", { name: "Copy page" }).click();
    await expect.poll(() => status(page).textContent()).toBe("Copied");
    expect(await readClipboard(page)).toBe(readFileSync(join(h.dir, "docs/v2/limits.md"), "utf8"));
  });

  it("is hidden without JavaScript (it could not copy)", async () => {
    const page = await h.open("/docs/v2/guide/", { javaScriptEnabled: false });
    expect(await page.locator(".copy-page").isVisible()).toBe(false);
  });

  it("has no axe violations in light and dark, with 'Copied' shown", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      // axe is injected as an inline script, which the site's own CSP rightly refuses.
      const page = await h.open("/docs/v2/guide/", { ...clipboard, bypassCSP: true, colorScheme });
      await page.getByRole("button", { name: "Copy page" }).click();
      await expect.poll(() => status(page).textContent()).toBe("Copied");
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
  });
});
