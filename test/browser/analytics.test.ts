/**
 * Analytics in real Chromium (docs/design.md §5): with a tag manager id (BROOK_DOCS_GTM_ID at build
 * time) the client loads GTM from its own script and pushes one page_view per page shown;
 * without one, no tag manager code runs and nothing is requested.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  holdReact,
  isLive,
  live,
  navigated,
  sidebarLink,
  startHarness,
  type Harness,
  type TestPage,
} from "./harness.ts";

type View = { event: string; page_path: string; page_title: string; page_location: string };

describe("with analytics.gtmId (from BROOK_DOCS_GTM_ID)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ BROOK_DOCS_GTM_ID: "GTM-TEST123" });
  });
  afterAll(async () => {
    await h?.close();
  });

  const gtmRequests: string[] = [];
  const open = (path: string) =>
    h.open(path, {
      before: async (page) => {
        await page.route("https://www.googletagmanager.com/**", async (route) => {
          gtmRequests.push(route.request().url());
          await route.fulfill({
            status: 200,
            contentType: "application/javascript",
            body: "window.__gtmLoaded = true;",
          });
        });
      },
    });
  const views = (page: TestPage) =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: View[] }).dataLayer ?? []).filter(
        (e) => e.event === "page_view",
      ),
    );

  it("loads the tag manager from a script of its own and reports the first page view", async () => {
    const page = await open("/docs/v2/guide/");
    await page.waitForFunction(
      () => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded === true,
    );
    expect(gtmRequests).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
    // Never inline: the script element has a src, and the CSP names the tag manager's host.
    expect(
      await page.locator('script[src^="https://www.googletagmanager.com/gtm.js"]').count(),
    ).toBe(1);
    expect(
      (await page.request.get(h.url("/docs/v2/"))).headers()["content-security-policy"],
    ).toContain("script-src 'self' https://www.googletagmanager.com");
    await expect.poll(() => views(page)).toHaveLength(1);
    expect((await views(page))[0]).toEqual({
      event: "page_view",
      page_path: "/docs/v2/guide/",
      page_title: "Guide | Brook",
      page_location: h.url("/docs/v2/guide/"),
    });
    expect(page.errors).toEqual([]);
  });

  it("pushes one page_view per completed or redirected navigation, none for duplicated, aborted, cancelled or failed", async () => {
    const page = await open("/docs/v2/guide/");
    await expect.poll(() => views(page)).toHaveLength(1);
    // completed
    await sidebarLink(page, "/docs/v2/limits/").click();
    expect((await navigated(page, 1)).outcome).toBe("completed");
    // duplicated, twice: the same page, and another #hash of it
    await sidebarLink(page, "/docs/v2/limits/").click();
    await page.locator('#sidebar .toc a[href="/docs/v2/limits/#memory"]').click();
    expect(page.navs.slice(1).map((n) => n.outcome)).toEqual(["duplicated", "duplicated"]);
    // aborted by a guard
    await page.evaluate(() => {
      const { router } = (
        window as unknown as {
          brookDocs: { router: { beforeEach(g: (to: string) => unknown): () => void } };
        }
      ).brookDocs;
      const off = router.beforeEach(() => {
        off();
        return false;
      });
    });
    await sidebarLink(page, "/docs/v2/webhooks/").click();
    expect((await navigated(page, 4)).outcome).toBe("aborted");
    // cancelled by a newer navigation, which completes
    // (the schedules data is held until the newer navigation has ended)
    const schedulesData = h.pageDataPath("/schedules/");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let requested!: () => void;
    const loading = new Promise<void>((r) => (requested = r));
    await page.route(`**${schedulesData}`, async (route) => {
      requested();
      await held;
      await route.continue().catch(() => undefined);
    });
    const lateDataSettled = new Promise<unknown>((resolve) => {
      const done = (r: { url(): string }) => r.url().endsWith(schedulesData) && resolve(r);
      page.on("requestfinished", done);
      page.on("requestfailed", done);
    });
    await sidebarLink(page, "/docs/v2/schedules/").click();
    await loading;
    await sidebarLink(page, "/docs/v2/webhooks/").click();
    expect((await navigated(page, 6)).outcome).toBe("completed");
    expect(page.navs[4]!.outcome).toBe("cancelled");
    // Its data arrives (or was aborted) after all: no page_view for it.
    release();
    await lateDataSettled;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    // redirected, by the redirect table
    await page.evaluate(
      () =>
        void (
          window as unknown as { brookDocs: { router: { push(h: string): unknown } } }
        ).brookDocs.router.push("/docs/v2/old-limits/"),
    );
    expect(await navigated(page, 7)).toMatchObject({
      to: "/docs/v2/limits/",
      outcome: "redirected",
    });
    await expect.poll(async () => (await views(page)).length).toBeGreaterThanOrEqual(4);

    const pushed = await views(page);
    expect(pushed.map((v) => [v.page_path, v.page_title])).toEqual([
      ["/docs/v2/guide/", "Guide | Brook"],
      ["/docs/v2/limits/", "Limits | Brook"],
      ["/docs/v2/webhooks/", "Webhooks | Brook"],
      ["/docs/v2/limits/", "Limits | Brook"],
    ]);
    expect(pushed[3]!.page_location).toBe(h.url("/docs/v2/limits/"));
  });

  it("a first click on the page shown's own link, before React: duplicated, no page view (in this document or another)", async () => {
    // Every page_view of every document the page loads, as the data layer receives it.
    const paths: string[] = [];
    let release!: () => void;
    const page = await h.open("/docs/v2/guide/", {
      asleep: true,
      before: async (p) => {
        await p.route("https://www.googletagmanager.com/**", (r) =>
          r.fulfill({ status: 200, contentType: "application/javascript", body: "" }),
        );
        await p.exposeFunction("__pageView", (path: string) => void paths.push(path));
        await p.addInitScript(() => {
          const w = window as unknown as { dataLayer: View[]; __pageView(p: string): void };
          w.dataLayer = [];
          const push = w.dataLayer.push.bind(w.dataLayer);
          w.dataLayer.push = (...views) => {
            for (const v of views) if (v.event === "page_view") w.__pageView(v.page_path);
            return push(...views);
          };
        });
        release = await holdReact(p);
      },
    });
    await expect.poll(() => paths).toEqual(["/docs/v2/guide/"]);
    await sidebarLink(page, "/docs/v2/guide/").click();
    expect(await navigated(page, 1)).toMatchObject({ outcome: "duplicated" });
    expect(await isLive(page)).toBe(false);
    // Once React is there, the next page shown is the next page view.
    release();
    await live(page);
    await sidebarLink(page, "/docs/v2/limits/").click();
    expect((await navigated(page, 2)).outcome).toBe("completed");
    await expect.poll(() => paths).toHaveLength(2);
    expect(paths).toEqual(["/docs/v2/guide/", "/docs/v2/limits/"]);
  });

  it("a failed navigation reports nothing itself; the full page load that follows reports the page", async () => {
    const page = await open("/docs/v2/guide/");
    await page.route(`**${h.pageDataPath("/webhooks/")}`, (route) =>
      route.fulfill({ status: 404, body: "" }),
    );
    await expect.poll(() => views(page)).toHaveLength(1);
    const atFailure: number[] = [];
    await page.exposeFunction("__viewsAtEnd", (n: number) => void atFailure.push(n));
    await page.evaluate(() => {
      const w = window as unknown as { dataLayer: View[]; __viewsAtEnd(n: number): void };
      addEventListener("docs:navigated", () =>
        w.__viewsAtEnd(w.dataLayer.filter((e) => e.event === "page_view").length),
      );
    });
    await sidebarLink(page, "/docs/v2/webhooks/").click();
    expect(await navigated(page, 1)).toMatchObject({ outcome: "failed", reason: "missing" });
    await page.waitForFunction(
      () =>
        document.querySelector("main h1")?.textContent === "Webhooks" &&
        (window as unknown as { dataLayer?: View[] }).dataLayer?.some(
          (e) => e.event === "page_view",
        ),
    );
    // Still only the guide's view when the navigation failed; the new document reports its own.
    await expect.poll(() => atFailure).toEqual([1]);
    expect((await views(page)).map((v) => v.page_path)).toEqual(["/docs/v2/webhooks/"]);
  });

  type Feedback = { event: string; page_path: string; helpful: boolean };
  const feedback = (page: TestPage) =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: Feedback[] }).dataLayer ?? []).filter(
        (e) => e.event === "page_feedback",
      ),
    );

  it("asks 'Was this page helpful?' under the article and pushes one page_feedback per page view, from the keyboard", async () => {
    const page = await open("/docs/v2/guide/");
    const group = page.getByRole("group", { name: "Was this page helpful?" });
    expect(await group.getByRole("button").allTextContents()).toEqual(["Yes", "No"]);
    // Keyboard only (the page is live: its deferred parts hydrate with it): Tab to "No", Enter.
    await group.getByRole("button", { name: "Yes" }).focus();
    expect(
      await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle),
    ).not.toBe("none");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => feedback(page))
      .toEqual([{ event: "page_feedback", page_path: "/docs/v2/guide/", helpful: false }]);
    // Answered: the buttons give way to a thank-you, which has the focus.
    expect(await group.getByRole("button").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Thank you for telling us.",
    );
    // Another #hash of the page is the same page view: still answered.
    await page.locator('#sidebar .toc a[href="/docs/v2/guide/#logs"]').click();
    expect((await navigated(page, 1)).outcome).toBe("duplicated");
    expect(await group.getByRole("button").count()).toBe(0);
    // A new page view asks again.
    await sidebarLink(page, "/docs/v2/limits/").click();
    expect((await navigated(page, 2)).outcome).toBe("completed");
    await group.getByRole("button", { name: "Yes" }).click();
    await expect.poll(() => feedback(page)).toHaveLength(2);
    expect((await feedback(page))[1]).toEqual({
      event: "page_feedback",
      page_path: "/docs/v2/limits/",
      helpful: true,
    });
    expect(page.errors).toEqual([]);
  });

  describe("feedback given before React arrives (issue 25)", () => {
    const answers = (page: TestPage) =>
      page.evaluate(() =>
        (
          (window as unknown as { dataLayer?: { event: string; helpful?: boolean }[] }).dataLayer ??
          []
        )
          .filter((e) => e.event === "page_feedback")
          .map((e) => e.helpful),
      );
    const openHeld = async () => {
      let release!: () => void;
      const page = await h.open("/docs/v2/guide/", {
        asleep: true,
        before: async (p) => {
          await p.route("https://www.googletagmanager.com/**", (r) =>
            r.fulfill({ status: 200, contentType: "application/javascript", body: "" }),
          );
          release = await holdReact(p);
        },
      });
      return { page, release };
    };

    it("Yes clicked at once after load: exactly one page_feedback, once React is there", async () => {
      const { page, release } = await openHeld();
      const group = page.getByRole("group", { name: "Was this page helpful?" });
      await group.getByRole("button", { name: "Yes" }).click();
      expect(await isLive(page)).toBe(false);
      expect(await answers(page)).toEqual([]);
      release();
      await live(page);
      await expect.poll(() => answers(page)).toEqual([true]);
      expect(await group.getByRole("button").count()).toBe(0);
      expect(page.errors).toEqual([]);
    });

    it("No from the keyboard, pressed twice: one answer", async () => {
      const { page, release } = await openHeld();
      await page.getByRole("button", { name: "No", exact: true }).focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      release();
      await live(page);
      await expect.poll(() => answers(page)).toEqual([false]);
    });
  });
});

describe("without a gtmId", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("runs no tag manager code and requests nothing from it", async () => {
    const requests: string[] = [];
    const page = await h.open("/docs/v2/guide/", {
      before: async (p) => void p.on("request", (r) => requests.push(r.url())),
    });
    await sidebarLink(page, "/docs/v2/limits/").click();
    await navigated(page, 1);
    // Everything the page loads on its own has loaded (no request for 500 ms).
    await page.waitForLoadState("networkidle");
    expect(requests.filter((u) => !u.startsWith(h.server.url))).toEqual([]);
    expect(requests.some((u) => u.includes("/assets/analytics."))).toBe(false);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    // Nobody would read the answers: no feedback widget.
    expect(await page.getByRole("group", { name: "Was this page helpful?" }).count()).toBe(0);
  });
});
