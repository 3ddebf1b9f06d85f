/**
 * In-place navigation in real Chromium (docs/design.md §5): every outcome, failure by missing file and
 * by time-out, the progress bar, history and scroll, focus, head tags, prefetch.
 */
import { existsSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isLive,
  live,
  navigated,
  REACT_ENTRY,
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

type RouterWindow = {
  brookDocs: {
    router: {
      beforeEach(g: (to: string) => unknown): () => void;
      push(href: string): Promise<unknown>;
    };
  };
};

/** Marks the current document: the mark survives in-place navigation and is gone after a full load. */
const mark = (page: TestPage) =>
  page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
const marked = (page: TestPage) =>
  page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);
const dataRequests = (page: TestPage) => {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/assets/pages/")) urls.push(new URL(r.url()).pathname);
  });
  return urls;
};
/** A promise opened by hand: holds a routed request until the test has seen what it waits for. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};
/** The scroll position the router saved in the current history entry. */
const savedScroll = (page: TestPage) =>
  page.evaluate(() => (history.state as { scroll?: number } | null)?.scroll);

describe("outcomes", () => {
  it("completed: a sidebar link shows the page in place with its title, description, canonical and meta", async () => {
    const page = await h.open("/docs/v2/guide/");
    expect(await page.locator('meta[name="keywords"]').count()).toBe(1);
    await mark(page);
    await sidebarLink(page, "/docs/v2/limits/").click();
    expect(await navigated(page, 1)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/limits/",
      outcome: "completed",
    });
    expect(await marked(page)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/docs/v2/limits/");
    expect(await page.title()).toBe("Limits | Brook");
    expect(await page.locator("main h1").textContent()).toBe("Limits");
    expect(await page.getAttribute('meta[name="description"]', "content")).toBe(
      "Payload, memory and time limits of workflows.",
    );
    expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(
      "https://brook.example/docs/v2/limits/",
    );
    expect(await page.getAttribute('meta[property="og:url"]', "content")).toBe(
      "https://brook.example/docs/v2/limits/",
    );
    expect(await page.getAttribute('meta[property="og:title"]', "content")).toBe("Limits | Brook");
    // The guide's frontmatter meta goes with it.
    expect(await page.locator('meta[name="keywords"]').count()).toBe(0);
    expect(
      await page.locator('nav[aria-label="Sidebar"] a[aria-current="page"]').textContent(),
    ).toBe("Limits");
    // Focus moves to the new h1, and the title is announced.
    expect(
      await page.evaluate(
        () => document.activeElement?.tagName + ":" + document.activeElement?.textContent,
      ),
    ).toBe("H1:Limits");
    expect(await page.locator('[role="status"][aria-live="polite"]').last().textContent()).toBe(
      "Limits",
    );
    // The home page's title is the site title alone.
    await page.locator(".site-title").click();
    expect((await navigated(page, 2)).outcome).toBe("completed");
    expect(await page.title()).toBe("Brook");
    expect(page.errors).toEqual([]);
  });

  it("redirected: a link to a redirect lands on its target and #hash, scrolled to the section", async () => {
    const page = await h.open("/docs/v2/");
    await mark(page);
    await page.locator('main a[href="/docs/v2/old-guide/"]').click();
    expect(await navigated(page, 1)).toEqual({
      from: "/docs/v2/",
      to: "/docs/v2/guide/#retries",
      outcome: "redirected",
    });
    expect(await marked(page)).toBe(true);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe("/docs/v2/guide/#retries");
    const top = await page.evaluate(
      () => document.getElementById("retries")!.getBoundingClientRect().top,
    );
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
  });

  it("aborted and redirected by beforeEach guards", async () => {
    const page = await h.open("/docs/v2/guide/");
    const requests = dataRequests(page);
    await page.evaluate(() => {
      const { router } = (window as unknown as RouterWindow).brookDocs;
      router.beforeEach((to) => (to.startsWith("/docs/v2/limits/") ? false : undefined));
      router.beforeEach((to) =>
        to.startsWith("/docs/v2/schedules/") ? "/docs/v2/webhooks/#verify-the-signature" : true,
      );
      router.beforeEach(async (to) => {
        if (to.startsWith("/docs/v2/escaping/")) throw new Error("guard bug");
      });
    });
    await sidebarLink(page, "/docs/v2/limits/").click();
    expect(await navigated(page, 1)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/limits/",
      outcome: "aborted",
    });
    expect(new URL(page.url()).pathname).toBe("/docs/v2/guide/");
    expect(await page.locator("main h1").textContent()).toBe("Guide");
    await sidebarLink(page, "/docs/v2/schedules/").click();
    expect(await navigated(page, 2)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/webhooks/#verify-the-signature",
      outcome: "redirected",
    });
    expect(await page.locator("main h1").textContent()).toBe("Webhooks");
    // A guard that throws has not said yes: aborted, and logged.
    await sidebarLink(page, "/docs/v2/escaping/").click();
    expect(await navigated(page, 3)).toEqual({
      from: "/docs/v2/webhooks/#verify-the-signature",
      to: "/docs/v2/escaping/",
      outcome: "aborted",
    });
    expect(page.errors.some((e) => e.includes("a navigation guard threw"))).toBe(true);
    // Hovering prefetched limits; the aborted navigation itself loaded nothing more.
    expect(requests.filter((u) => u === h.pageDataPath("/limits/")).length).toBeLessThanOrEqual(1);
  });

  it("cancelled: a newer navigation cancels one still loading", async () => {
    const page = await h.open("/docs/v2/guide/");
    const limitsData = h.pageDataPath("/limits/");
    // The limits data is held until the newer navigation has ended.
    const held = gate();
    const requested = gate();
    await page.route(`**${limitsData}`, async (route) => {
      requested.open();
      await held.opened;
      await route.continue().catch(() => undefined);
    });
    const lateDataSettled = new Promise<unknown>((resolve) => {
      const done = (r: { url(): string }) => r.url().endsWith(limitsData) && resolve(r);
      page.on("requestfinished", done);
      page.on("requestfailed", done);
    });
    await sidebarLink(page, "/docs/v2/limits/").click();
    await requested.opened;
    await sidebarLink(page, "/docs/v2/webhooks/").click();
    expect(await navigated(page, 1)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/limits/",
      outcome: "cancelled",
    });
    expect(await navigated(page, 2)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/webhooks/",
      outcome: "completed",
    });
    // The cancelled navigation's data arrives (or was aborted) after all: it changes nothing.
    held.open();
    await lateDataSettled;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    expect(page.navs).toHaveLength(2);
    expect(await page.locator("main h1").textContent()).toBe("Webhooks");
    expect(new URL(page.url()).pathname).toBe("/docs/v2/webhooks/");
  });

  it("duplicated: the current location loads nothing, adds no history entry; another #hash only scrolls", async () => {
    const page = await h.open("/docs/v2/guide/");
    const requests = dataRequests(page);
    const length = await page.evaluate(() => history.length);
    await sidebarLink(page, "/docs/v2/guide/").click();
    expect(await navigated(page, 1)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/guide/",
      outcome: "duplicated",
    });
    expect(await page.evaluate(() => history.length)).toBe(length);
    // A section link of the page: scrolls there, one history entry (as without JavaScript), no load.
    await page.locator('nav[aria-label="Sidebar"] .toc a[href="/docs/v2/guide/#logs"]').click();
    expect(await navigated(page, 2)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/guide/#logs",
      outcome: "duplicated",
    });
    expect(new URL(page.url()).hash).toBe("#logs");
    expect(
      await page.evaluate(() =>
        Math.round(document.getElementById("logs")!.getBoundingClientRect().top),
      ),
    ).toBeLessThan(120);
    expect(await page.evaluate(() => history.length)).toBe(length + 1);
    expect(requests).toEqual([]);
  });

  it("failed (missing): a deleted data file is logged once and the page still arrives by a full load", async () => {
    unlinkSync(join(h.dir, h.pageDataPath("/deleted/")));
    const page = await h.open("/docs/v2/guide/");
    await mark(page);
    await sidebarLink(page, "/docs/v2/deleted/").click();
    expect(await navigated(page, 1)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/deleted/",
      outcome: "failed",
      reason: "missing",
    });
    await page.waitForFunction(
      () => document.querySelector("main h1")?.textContent === "Deleted data",
    );
    await live(page);
    expect(await marked(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe("/docs/v2/deleted/");
    expect(page.errors.filter((e) => e.includes("chunk failed to load"))).toHaveLength(1);
    expect(page.navs).toHaveLength(1);
  });

  it("failed (timeout): a data file that does not arrive within chunkTimeoutMs ends the navigation, then a full load", async () => {
    const page = await h.open("/docs/v2/guide/");
    await page.route(`**${h.pageDataPath("/schedules/")}`, () => undefined);
    await mark(page);
    await sidebarLink(page, "/docs/v2/schedules/").click();
    expect(await navigated(page, 1)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/schedules/",
      outcome: "failed",
      reason: "timeout",
    });
    await page.waitForFunction(
      () => document.querySelector("main h1")?.textContent === "Run workflows on a schedule",
    );
    expect(await marked(page)).toBe(false);
    expect(page.errors.filter((e) => e.includes("chunk failed to load (timeout)"))).toHaveLength(1);
  });

  it("a route no page has shows the not-found layout in place, noindex and without canonical", async () => {
    const page = await h.open("/docs/v2/guide/");
    await page.evaluate(
      () =>
        void (window as unknown as RouterWindow).brookDocs.router.push("/docs/v2/no-such-page/"),
    );
    expect(await navigated(page, 1)).toEqual({
      from: "/docs/v2/guide/",
      to: "/docs/v2/no-such-page/",
      outcome: "completed",
    });
    expect(await page.locator("main h1").textContent()).toBe("Page not found");
    expect(await page.getAttribute('meta[name="robots"]', "content")).toBe("noindex");
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.goBack();
    expect((await navigated(page, 2)).outcome).toBe("completed");
    expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(
      "https://brook.example/docs/v2/guide/",
    );
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
  });
});

describe("progress bar", () => {
  /** Clicks a sidebar link from script: no hover first, so its data file is requested when the navigation starts. */
  const clickWithoutHover = (page: TestPage, href: string) =>
    sidebarLink(page, href).evaluate((a) => (a as HTMLElement).click());
  /** Records whether a [role=progressbar] ever entered the document, its label, and when it appeared. */
  const watchProgress = (page: TestPage) =>
    page.evaluate(() => {
      const w = window as unknown as { __progress: string[]; __progressAt: number[] };
      w.__progress = [];
      w.__progressAt = [];
      let shown = false;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        if (bar && !shown) w.__progressAt.push(performance.now());
        shown = Boolean(bar);
        if (bar) w.__progress.push(bar.getAttribute("aria-label") ?? "");
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
  const seen = (page: TestPage) =>
    page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
  const seenAt = (page: TestPage) =>
    page.evaluate(() => (window as unknown as { __progressAt: number[] }).__progressAt);
  const now = (page: TestPage) => page.evaluate(() => performance.now());

  it("never shows for a fast navigation", async () => {
    const page = await h.open("/docs/v2/guide/");
    await watchProgress(page);
    const start = await now(page);
    await sidebarLink(page, "/docs/v2/limits/").click();
    await navigated(page, 1);
    const end = await now(page);
    // What is under test is that nothing happens: a bar timer left running after the navigation
    // would show the bar within its delay (200 ms in the fixture). No event marks "nothing".
    await page.waitForTimeout(400);
    // Nothing after the navigation ended, however slow the machine; and when the navigation itself
    // took less than the delay (a quiet machine), nothing at all.
    expect((await seenAt(page)).filter((t) => t > end)).toEqual([]);
    if (end - start < 200) expect(await seen(page)).toEqual([]);
  });

  it("shows after the delay for a navigation held 1 s, and is gone when it ends (reduced motion: no transition)", async () => {
    const page = await h.open("/docs/v2/guide/", { reducedMotion: "reduce" });
    // The navigation is held until the bar has been seen.
    const held = gate();
    await page.route(`**${h.pageDataPath("/limits/")}`, async (route) => {
      await held.opened;
      await route.continue();
    });
    await watchProgress(page);
    await clickWithoutHover(page, "/docs/v2/limits/");
    const bar = page.locator('[role="progressbar"]');
    await bar.waitFor({ state: "attached" });
    expect(await bar.getAttribute("aria-label")).toBe("Loading page");
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector(".progress-bar")!).transitionDuration,
      ),
    ).toBe("0s");
    held.open();
    await navigated(page, 1);
    expect(await bar.count()).toBe(0);
    expect((await seen(page)).length).toBeGreaterThan(0);
  });

  it("is gone after a failed navigation too", async () => {
    const page = await h.open("/docs/v2/guide/");
    const held = gate();
    await page.route(`**${h.pageDataPath("/webhooks/")}`, async (route) => {
      await held.opened;
      await route.fulfill({ status: 500, body: "" });
    });
    const barAtEnd: number[] = [];
    await page.exposeFunction("__barAtEnd", (n: number) => void barAtEnd.push(n));
    await page.evaluate(() =>
      addEventListener("docs:navigated", () =>
        (window as unknown as { __barAtEnd(n: number): void }).__barAtEnd(
          document.querySelectorAll('[role="progressbar"]').length,
        ),
      ),
    );
    await clickWithoutHover(page, "/docs/v2/webhooks/");
    await page.locator('[role="progressbar"]').waitFor({ state: "attached" });
    held.open();
    expect(await navigated(page, 1)).toMatchObject({ outcome: "failed", reason: "missing" });
    await expect.poll(() => barAtEnd).toEqual([0]);
  });
});

describe("history, scroll and links", () => {
  it("back and forward restore each entry's scroll position", async () => {
    const page = await h.open("/docs/v2/guide/");
    await page.evaluate(() => scrollTo(0, 1500));
    await expect.poll(() => savedScroll(page)).toBe(1500);
    await sidebarLink(page, "/docs/v2/limits/").click();
    await navigated(page, 1);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await page.evaluate(() => scrollTo(0, 700));
    await expect.poll(() => savedScroll(page)).toBe(700);
    await page.goBack();
    expect(await navigated(page, 2)).toEqual({
      from: "/docs/v2/limits/",
      to: "/docs/v2/guide/",
      outcome: "completed",
    });
    expect(await page.locator("main h1").textContent()).toBe("Guide");
    expect(await page.evaluate(() => scrollY)).toBe(1500);
    await page.goForward();
    await navigated(page, 3);
    expect(await page.locator("main h1").textContent()).toBe("Limits");
    expect(await page.evaluate(() => scrollY)).toBe(700);
  });

  it("prefetches a page's data file on hover and on keyboard focus", async () => {
    const page = await h.open("/docs/v2/guide/");
    const requests = dataRequests(page);
    await sidebarLink(page, "/docs/v2/webhooks/").hover();
    await expect.poll(() => requests).toContain(h.pageDataPath("/webhooks/"));
    await sidebarLink(page, "/docs/v2/limits/").focus();
    await expect.poll(() => requests).toContain(h.pageDataPath("/limits/"));
    await sidebarLink(page, "/docs/v2/webhooks/").click();
    await navigated(page, 1);
    expect(requests.filter((u) => u === h.pageDataPath("/webhooks/"))).toHaveLength(1);
  });

  it("shows an index.html address in its slash form at once, before any intent, query and #hash kept, no history entry added", async () => {
    // A host that serves the file as asked (preview answers it with a 301): only the page
    // script can change the address.
    const servedDirectly = async (page: TestPage) =>
      void (await page.route(/\/index\.html(\?|$)/, (route) => {
        const file = join(h.dir, new URL(route.request().url()).pathname);
        return existsSync(file)
          ? route.fulfill({ path: file })
          : route.fulfill({ status: 404, path: join(h.dir, "docs/v2/404.html") });
      }));
    const reactRequested: string[] = [];
    const page = await h.open("/docs/v2/guide/index.html?ref=1#logs", {
      asleep: true,
      before: async (p) => {
        await servedDirectly(p);
        // The history's length before any script of the page ran.
        await p.addInitScript(
          () => ((window as unknown as { __entries: number }).__entries = history.length),
        );
        p.on("request", (r) => REACT_ENTRY.test(r.url()) && reactRequested.push(r.url()));
      },
    });
    const address = () =>
      page.evaluate(() => ({
        at: location.pathname + location.search + location.hash,
        added: history.length - (window as unknown as { __entries: number }).__entries,
      }));
    expect(await address()).toEqual({ at: "/docs/v2/guide/?ref=1#logs", added: 0 });
    expect(reactRequested).toEqual([]);
    expect(await isLive(page)).toBe(false);
    // Once React is live, still the slash form, no entry added.
    await live(page);
    expect(await address()).toEqual({ at: "/docs/v2/guide/?ref=1#logs", added: 0 });
    // The not-found page keeps the address it was asked for.
    const missing = await h.open("/docs/v2/no-such-page/index.html", { before: servedDirectly });
    expect(await missing.evaluate(() => location.pathname)).toBe(
      "/docs/v2/no-such-page/index.html",
    );
  });

  it("leaves modified clicks, other origins and non-page files to the browser", async () => {
    const page = await h.open("/docs/v2/guide/");
    const handled = await page.evaluate(() => {
      const results: boolean[] = [];
      // Runs after the client's document listener: records whether it took the click, then keeps
      // the browser from following the link.
      addEventListener("click", (e) => {
        results.push(e.defaultPrevented);
        e.preventDefault();
      });
      const click = (
        href: string,
        init: MouseEventInit = {},
        attrs: Record<string, string> = {},
      ) => {
        const a = Object.assign(document.createElement("a"), { href, textContent: "x" });
        for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
        document.querySelector("main")!.append(a);
        a.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ...init }));
        a.remove();
      };
      click("/docs/v2/limits/", { ctrlKey: true });
      click("/docs/v2/limits/", {}, { target: "_blank" });
      click("https://brook.example/docs/v1/");
      click("/docs/v2/sitemap.xml");
      click("/docs/v2/limits/", {}, { download: "" });
      click("/docs/v2/limits/");
      return results;
    });
    expect(handled).toEqual([false, false, false, false, false, true]);
    expect((await navigated(page, 1)).to).toBe("/docs/v2/limits/");
  });
});
