import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { startDev, type DevFixture } from "./dev-helpers.ts";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-quic", "--disable-component-update", "--disable-sync"];

let dev: DevFixture;
let browser: Browser;
let page: Page;
const violations: string[] = [];
const guidePath = () => join(dev.dir, "content", "guide.md");
const long = (marker: string) =>
  readFileSync(guidePath(), "utf8").replace(/The guide body[^\n]*\n/, `${marker}\n\n${Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of a long page that scrolls.`).join("\n\n")}\n`);

async function save(text: string): Promise<void> {
  const built = dev.nextBuild();
  writeFileSync(guidePath(), text);
  await built;
}

beforeAll(async () => {
  dev = await startDev();
  await save(long("The guide body before any edit."));
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`${dev.server.home}guide/`);
  for (let i = 0; i < 150 && dev.server.connections() === 0; i++) await new Promise((r) => setTimeout(r, 100));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

describe("serve in Chromium", () => {
  it("reloads the page on a body edit and keeps its scroll position", async () => {
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
    // The site's own router keeps a scroll position in history.state; drop it, so this test
    // shows the dev client's own restore (sessionStorage), which also covers pages without it.
    await new Promise((r) => setTimeout(r, 300));
    await page.evaluate(() => history.replaceState(null, ""));
    const loaded = page.waitForEvent("load", { timeout: 20_000 });
    await save(long("The guide body after an edit in the browser test."));
    await loaded;
    await expect.poll(() => page.textContent("article"), { timeout: 10_000 }).toContain("after an edit in the browser test");
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 10_000 }).toBe(1500);
  });

  it("shows a build error over the last good page and clears it on the next good save", async () => {
    const good = readFileSync(guidePath(), "utf8");
    await save("---\ntitle: Guide\ndescription: [unclosed\n---\n\nBody.\n");
    const overlay = page.locator("#brook-dev-overlay");
    await expect.poll(() => overlay.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await overlay.textContent()).toMatch(/content\/guide\.md:\d+:\d+: frontmatter is not valid YAML: .+\[yaml\]/);
    expect(await page.textContent("article")).toContain("after an edit in the browser test");
    // Saving the last good text again changes no page: the overlay goes without a reload.
    await save(good);
    await expect.poll(() => overlay.count(), { timeout: 15_000 }).toBe(0);
  });

  it("runs under the site's Content-Security-Policy without a violation", () => {
    expect(violations).toEqual([]);
  });
});
