/**
 * The reader's first load (docs/design.md §9, issue 25): what a reader who only reads and scrolls
 * downloads, against the budget, and no input lost while React is on its way: every control
 * clicked at once after load, with React's code held back, does what it does once it is there
 * (the feedback's, which needs analytics on, in analytics.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/site.ts";
import {
  holdReact,
  isLive,
  live,
  navigated,
  REACT_ENTRY,
  startHarness,
  type Harness,
  type TestPage,
} from "./harness.ts";

const BUDGET = JSON.parse(readFileSync(join(ROOT, "bench", "first-load-budget.json"), "utf8")) as {
  javascriptBytes: number;
  requests: number;
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Opens `path` with React held back; returns the page and the function that lets React in. */
async function openHeld(path: string, options: Parameters<Harness["open"]>[1] = {}) {
  let release!: () => void;
  const page = await h.open(path, {
    ...options,
    asleep: true,
    before: async (p) => {
      release = await holdReact(p);
      await options.before?.(p);
    },
  });
  return { page, release };
}

describe("first load of a doc page", () => {
  it(`a reader who reads and scrolls downloads at most ${BUDGET.javascriptBytes} B of JavaScript (gzip) in at most ${BUDGET.requests} requests, and never React`, async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const requests: { url: string; type: string; bytes: Promise<number> }[] = [];
    page.on("requestfinished", (r) =>
      requests.push({
        url: r.url(),
        type: r.resourceType(),
        // As transferred: preview compresses, so this is the gzip size.
        bytes: r.sizes().then((s) => s.responseBodySize),
      }),
    );
    await page.goto(h.url("/docs/v2/guide/"), { waitUntil: "networkidle" });
    // The reader reads down the page and back (scroll-spy runs without React).
    for (const y of [600, 1200, 2400, 0])
      await page.evaluate(
        (top) => new Promise((done) => (scrollTo(0, top), requestAnimationFrame(done))),
        y,
      );
    await page.waitForLoadState("networkidle");
    const scripts = requests.filter((r) => r.type === "script");
    const js = (await Promise.all(scripts.map((r) => r.bytes))).reduce((a, b) => a + b, 0);
    console.log(
      `first load of /docs/v2/guide/: ${js} B of JavaScript (gzip, as transferred) in ${scripts.length} file(s), ` +
        `${requests.length} requests (budget ${BUDGET.javascriptBytes} B, ${BUDGET.requests} requests)\n  ` +
        requests.map((r) => new URL(r.url).pathname).join("\n  "),
    );
    expect(requests.some((r) => REACT_ENTRY.test(r.url))).toBe(false);
    expect(js).toBeLessThanOrEqual(BUDGET.javascriptBytes);
    expect(requests.length).toBeLessThanOrEqual(BUDGET.requests);
    await context.close();
  });

  it("marks the section in view in the sidebar without React", async () => {
    const page = await h.open("/docs/v2/guide/", { asleep: true });
    const slug = await page.evaluate(() => {
      const h2 = [...document.querySelectorAll("main .content h2[id]")].at(-1)!;
      h2.scrollIntoView();
      return h2.id;
    });
    await expect
      .poll(() =>
        page.getAttribute(`#sidebar .toc a[href$="#${slug}"]`, "aria-current").catch(() => null),
      )
      .toBe("location");
    expect(await isLive(page)).toBe(false);
  });
});

describe("a control used before its code arrives does what it does after", () => {
  it("banner dismiss, theme switch, version menu and sidebar toggle", async () => {
    const { page, release } = await openHeld("/docs/v2/guide/", {
      viewport: { width: 375, height: 800 },
      colorScheme: "light",
    });
    await page.getByRole("button", { name: "Dismiss announcement" }).click();
    await page.getByRole("button", { name: "Dark theme" }).click();
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    expect(await isLive(page)).toBe(false);
    // What needs no React is done at once.
    expect(await page.evaluate(() => document.documentElement.className)).toContain(
      "banner-dismissed",
    );
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    release();
    await live(page);
    const toggle = page.getByRole("button", { name: "Toggle sidebar" });
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    expect(await page.getAttribute(".theme-toggle", "aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("brook-theme"))).toBe("dark");
    // React took the theme over as it was: the next switch goes back to light.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await page.getByRole("button", { name: "Dark theme" }).click();
    expect(await page.getAttribute("html", "data-theme")).toBe("light");
  });

  it("version menu", async () => {
    const { page, release } = await openHeld("/docs/v2/guide/");
    const button = page.getByRole("button", { name: /^Version/ });
    await button.click();
    expect(await isLive(page)).toBe(false);
    release();
    await live(page);
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator("#version-list").isVisible()).toBe(true);
  });

  it("a code block's copy button", async () => {
    const { page, release } = await openHeld("/docs/v2/guide/", {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const copy = page.locator(".code-block .copy").first();
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe("Copied");
    expect(await isLive(page)).toBe(false);
    release();
  });

  it("search: / focuses the box and what is typed before React is searched once it is there", async () => {
    const { page, release } = await openHeld("/docs/v2/guide/");
    await page.keyboard.press("/");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("search-input");
    await page.keyboard.type("webhook");
    expect(await isLive(page)).toBe(false);
    release();
    await page.locator(".search-option").first().waitFor();
    expect(await page.inputValue("#search-input")).toBe("webhook");
    expect(await page.locator("#search-input").getAttribute("aria-expanded")).toBe("true");
  });

  it("a link: one in-place navigation once React is there, never a full load", async () => {
    const { page, release } = await openHeld("/docs/v2/guide/");
    await page.evaluate(() => ((window as { __mark?: number }).__mark = 1));
    await page.locator('#sidebar a[href="/docs/v2/limits/"]').first().click();
    expect(await isLive(page)).toBe(false);
    expect(page.url()).toBe(h.url("/docs/v2/guide/"));
    release();
    expect(await navigated(page, 1)).toMatchObject({
      from: "/docs/v2/guide/",
      to: "/docs/v2/limits/",
      outcome: "completed",
    });
    await page.locator("main h1", { hasText: "Limits" }).waitFor();
    expect(await page.evaluate(() => (window as { __mark?: number }).__mark)).toBe(1);
    expect(page.navs).toHaveLength(1);
  });

  it("a link, when React cannot load: a normal page load", async () => {
    const page = await h.open("/docs/v2/guide/", {
      asleep: true,
      before: (p) => p.route(REACT_ENTRY, (r) => r.abort()).then(() => undefined),
    });
    await page.locator('#sidebar a[href="/docs/v2/limits/"]').first().click();
    await page.waitForURL("**/docs/v2/limits/");
    await page.locator("main h1", { hasText: "Limits" }).waitFor();
  });
});

describe("a link to the page shown, followed before React (docs/design.md §5: duplicated)", () => {
  /** Marks the document: the mark survives anything but a page load. */
  const mark = (page: TestPage) =>
    page.evaluate(() => ((window as { __mark?: number }).__mark = 1));
  /** Opens the guide with React held, noting the history's length before any script of the page ran. */
  const open = () =>
    openHeld("/docs/v2/guide/", {
      before: async (p) => {
        await p.addInitScript(
          () => ((window as { __entries?: number }).__entries = history.length),
        );
      },
    });
  const state = (page: TestPage) =>
    page.evaluate(() => ({
      marked: (window as { __mark?: number }).__mark === 1,
      at: location.pathname + location.hash,
      added: history.length - (window as { __entries?: number }).__entries!,
    }));
  /** Once React is there: navigation `n` is the router's first (nothing else was held), from where the reader is. */
  const thenLive = async (page: TestPage, release: () => void, from: string, n: number) => {
    release();
    await live(page);
    await page.locator('#sidebar a[href="/docs/v2/limits/"]').first().click();
    expect(await navigated(page, n)).toEqual({
      from,
      to: "/docs/v2/limits/",
      outcome: "completed",
    });
  };

  for (const how of ["click", "Enter"] as const)
    it(`${how} on the sidebar link of the page shown: nothing loads, no history entry, one duplicated navigation`, async () => {
      const { page, release } = await open();
      const requests: string[] = [];
      page.on("request", (r) => requests.push(new URL(r.url()).pathname));
      await mark(page);
      const link = page.locator('#sidebar a[href="/docs/v2/guide/"]').first();
      if (how === "click") await link.click();
      else {
        await link.focus();
        await page.keyboard.press("Enter");
      }
      expect(await navigated(page, 1)).toEqual({
        from: "/docs/v2/guide/",
        to: "/docs/v2/guide/",
        outcome: "duplicated",
      });
      expect(await isLive(page)).toBe(false);
      expect(await state(page)).toEqual({ marked: true, at: "/docs/v2/guide/", added: 0 });
      expect(requests.filter((p) => p.startsWith("/docs/v2/guide/"))).toEqual([]);
      await thenLive(page, release, "/docs/v2/guide/", 2);
      expect(page.navs).toHaveLength(2);
      expect(await state(page)).toMatchObject({ marked: true, added: 1 });
    });

  it("another #hash of the page shown only scrolls there (one entry, as the live router); its own link scrolls back to the top", async () => {
    const { page, release } = await open();
    await mark(page);
    await page.locator('#sidebar .toc a[href="/docs/v2/guide/#logs"]').click();
    expect(await navigated(page, 1)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/guide/#logs",
      outcome: "duplicated",
    });
    expect(await state(page)).toEqual({ marked: true, at: "/docs/v2/guide/#logs", added: 1 });
    expect(
      await page.evaluate(() => document.getElementById("logs")!.getBoundingClientRect().top),
    ).toBeLessThan(120);
    // The page's own link, from a #hash: to the top, one more entry, still no load.
    await page.locator('#sidebar a[href="/docs/v2/guide/"]').first().click();
    expect(await navigated(page, 2)).toEqual({
      from: "/docs/v2/guide/#logs",
      to: "/docs/v2/guide/",
      outcome: "duplicated",
    });
    expect(await state(page)).toEqual({ marked: true, at: "/docs/v2/guide/", added: 2 });
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(await isLive(page)).toBe(false);
    await thenLive(page, release, "/docs/v2/guide/", 3);
    expect(page.navs).toHaveLength(3);
  });
});

describe("code groups' tabs before React", () => {
  let t: Harness;
  beforeAll(async () => {
    t = await startHarness({}, "toolkit-site");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a tab clicked at once is chosen, and stays chosen once React is there", async () => {
    let release!: () => void;
    const page = await t.open("/docs/v2/toolkit/", {
      asleep: true,
      before: async (p) => {
        release = await holdReact(p);
      },
    });
    const tab = page.locator('.code-group [role="tab"]').nth(1);
    await tab.click();
    await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
    expect(await isLive(page)).toBe(false);
    release();
    await live(page);
    expect(await tab.getAttribute("aria-selected")).toBe("true");
  });
});
