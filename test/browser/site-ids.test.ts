/**
 * Issue 38: a stranger's page cannot take the site's own names. Its headings make the ids of the
 * boot data, the skip link's target, the React root, the sidebar and the search box, yet the
 * page builds with none of them taken, and the client finds its boot data where no page markup
 * can stand: markup that carries another tag manager id before the client runs is never read.
 * Built with a tag manager id, as a deployment with analytics is, so the CSP allows its host.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { live, navigated, startHarness, type Harness, type TestPage } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BROOK_DOCS_GTM_ID: "GTM-REAL1" }, "stranger-site");
});
afterAll(async () => {
  await h?.close();
});

/** Opens `path` with the tag manager answered by a stub; the ids it was asked for. */
async function openCounting(
  path: string,
  before?: (page: TestPage) => Promise<void>,
): Promise<{ page: TestPage; gtm: string[] }> {
  const gtm: string[] = [];
  const page = await h.open(path, {
    before: async (p) => {
      await p.route("https://www.googletagmanager.com/**", async (route) => {
        gtm.push(new URL(route.request().url()).searchParams.get("id") ?? "");
        await route.fulfill({ status: 200, contentType: "application/javascript", body: "" });
      });
      await before?.(p);
    },
  });
  return { page, gtm };
}

/** Every id of the document that more than one element has. */
const duplicateIds = (page: TestPage) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });

describe("a stranger's page whose headings make the site's own ids", () => {
  it("builds with every id once: the headings take the next free ids", async () => {
    const { page, gtm } = await openCounting("/docs/v2/stranger/");
    expect(await duplicateIds(page)).toEqual([]);
    const headings = await page.locator("article h2").evaluateAll((hs) => hs.map((x) => x.id));
    expect(headings).toEqual([
      "brook-boot-1",
      "main-1",
      "app-1",
      "sidebar-1",
      "search-input-1",
      "search-results-1",
      "version-list-1",
      "feedback-title-1",
      "sidebar-group-0-1",
      "search-option-0-1",
    ]);
    // The site's own elements are the ones found by their ids.
    expect(await page.evaluate(() => document.getElementById("main")?.tagName)).toBe("MAIN");
    expect(await page.evaluate(() => document.getElementById("brook-boot")?.tagName)).toBe(
      "SCRIPT",
    );
    // The client read the real boot data: the configured tag manager, nothing else.
    await page.waitForFunction(() => (window as { dataLayer?: unknown[] }).dataLayer?.length);
    expect(gtm).toEqual(["GTM-REAL1"]);
    expect(page.errors).toEqual([]);
  });

  it("keeps search and in-place navigation working on that page", async () => {
    const { page } = await openCounting("/docs/v2/stranger/");
    await page.getByRole("combobox").fill("workflows");
    await page.locator(".search-option").first().waitFor();
    expect(await duplicateIds(page)).toEqual([]);
    await page.getByRole("combobox").fill("");
    await page.locator("article a", { hasText: "the overview" }).click();
    expect(await navigated(page, 1)).toMatchObject({ to: "/docs/v2/", outcome: "completed" });
    expect(page.errors).toEqual([]);
  });

  it("markup put before the boot data cannot replace it: the client reads its own", async () => {
    // An element with the boot data's id and another tag manager id, placed in the page's
    // content before the client runs, as a build that let it through would have served it.
    const { page, gtm } = await openCounting("/docs/v2/stranger/", async (p) => {
      await p.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const real = document.querySelector('script[type="application/json"]#brook-boot');
          const app = document.getElementById("app");
          if (!real || !app) return;
          observer.disconnect();
          const forged = document.createElement("h4");
          forged.id = "brook-boot";
          forged.textContent = JSON.stringify({
            ...JSON.parse(real.textContent!),
            gtmId: "GTM-PWNED",
          });
          app.prepend(forged);
        }).observe(document, { childList: true, subtree: true });
      });
    });
    await live(page);
    await page.waitForFunction(() => (window as { dataLayer?: unknown[] }).dataLayer?.length);
    expect(await page.evaluate(() => document.querySelector("#app > h4#brook-boot") !== null)).toBe(
      true,
    );
    expect(gtm).toEqual(["GTM-REAL1"]);
  });
});
