import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { startDev, type DevFixture } from "./dev-helpers.ts";
import { CHROMIUM_ARGS } from "../helpers/chromium.mjs";
import { within } from "../helpers/time.ts";

let dev: DevFixture;
let browser: Browser;
let page: Page;
const violations: string[] = [];
const guidePath = () => join(dev.dir, "content", "guide.md");
const long = (marker: string) =>
  readFileSync(guidePath(), "utf8").replace(
    /The guide body[^\n]*\n/,
    `${marker}\n\n${Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of a long page that scrolls.`).join("\n\n")}\n`,
  );

async function save(text: string): Promise<void> {
  const built = dev.nextBuild();
  writeFileSync(guidePath(), text);
  await built;
}

beforeAll(async () => {
  dev = await startDev();
  await save(long("The guide body before any edit."));
  browser = await chromium.launch({ executablePath: inject("chromiumPath"), args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`${dev.server.home}guide/`);
  // The page's live-reload socket is open: saves reach it from here on.
  await vi.waitFor(() => expect(dev.server.connections()).toBeGreaterThan(0), {
    timeout: within(15_000),
    interval: 50,
  });
}, within(120_000));
afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

describe("serve in Chromium", () => {
  it("updates the open page in place on a body edit: no reload, scroll and focus kept", async () => {
    // Focus on the article's last heading (without scrolling to it), then scroll elsewhere.
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("main .content h2")]
        .at(-1)
        ?.focus({ preventScroll: true }),
    );
    const focused = await page.evaluate(() => document.activeElement?.id);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
    // A mark on the window survives an in-place update and is gone after a reload.
    await page.evaluate(() => ((window as unknown as { inPlace: boolean }).inPlace = true));
    await save(long("The guide body after an edit in the browser test."));
    await expect
      .poll(() => page.textContent("article"), { timeout: within(10_000) })
      .toContain("after an edit in the browser test");
    expect(await page.evaluate(() => (window as unknown as { inPlace?: boolean }).inPlace)).toBe(
      true,
    );
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
    expect(focused).toBeTruthy();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(focused);
  });

  it("reloads on a title change and keeps the scroll position", async () => {
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
    // The router keeps a scroll position in history.state; drop it, to see the dev client's own restore.
    await page.evaluate(() => history.replaceState(null, ""));
    const loaded = page.waitForEvent("load", { timeout: within(20_000) });
    await save(readFileSync(guidePath(), "utf8").replace("title: Guide", "title: Guide book"));
    await loaded;
    await expect.poll(() => page.textContent("h1"), { timeout: within(10_000) }).toBe("Guide book");
    await expect
      .poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: within(10_000) })
      .toBe(1200);
    await save(readFileSync(guidePath(), "utf8").replace("title: Guide book", "title: Guide"));
    await expect.poll(() => page.textContent("h1"), { timeout: within(20_000) }).toBe("Guide");
  });

  it("shows a build error over the last good page and clears it on the next good save", async () => {
    const good = readFileSync(guidePath(), "utf8");
    await save("---\ntitle: Guide\ndescription: [unclosed\n---\n\nBody.\n");
    const overlay = page.locator("#brook-dev-overlay");
    await expect.poll(() => overlay.isVisible(), { timeout: within(15_000) }).toBe(true);
    expect(await overlay.textContent()).toMatch(
      /content\/guide\.md:\d+:\d+: frontmatter is not valid YAML: .+\[yaml\]/,
    );
    expect(await page.textContent("article")).toContain("after an edit in the browser test");
    // Saving the last good text again changes no page: the overlay goes without a reload.
    await save(good);
    await expect.poll(() => overlay.count(), { timeout: within(15_000) }).toBe(0);
  });

  it("ends on the server's last good build after 50 saves 50 ms apart, broken, good, titles changing", async () => {
    const base = readFileSync(guidePath(), "utf8");
    const overlay = page.locator("#brook-dev-overlay");
    const variant = (i: number) =>
      i % 2 === 1
        ? `---\ntitle: Guide\ndescription: [unclosed save ${i}\n---\n\nBody.\n`
        : base
            .replace("title: Guide", `title: Guide ${i % 4 === 0 ? "" : "again"}`.trimEnd())
            .replace("after an edit in the browser test", `after save ${i}`);
    for (let i = 0; i < 50; i++) {
      writeFileSync(guidePath(), variant(i));
      // A fixed pace is the point of this test: saves land while pages reload and builds run.
      await new Promise((r) => setTimeout(r, 50));
    }
    // The last save (49) is broken: the page shows the server's last good build under the overlay
    // (whichever save that was: saves 50 ms apart are often built together).
    await dev.server.idle();
    const served = (await dev.get("/docs/v2/guide/")).text.match(/after save \d+/)?.[0];
    expect(served).toBeDefined();
    await expect.poll(() => overlay.isVisible(), { timeout: within(20_000) }).toBe(true);
    await expect
      .poll(() => page.textContent("article"), { timeout: within(20_000) })
      .toContain(served);
    // One more good save: the page shows it, without the overlay.
    await save(base.replace("after an edit in the browser test", "after the final save"));
    await expect
      .poll(() => page.textContent("article"), { timeout: within(20_000) })
      .toContain("after the final save");
    await expect.poll(() => overlay.count(), { timeout: within(20_000) }).toBe(0);
  });

  it("runs under the site's Content-Security-Policy without a violation", () => {
    expect(violations).toEqual([]);
  });
});
