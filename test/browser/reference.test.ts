/**
 * The REST reference as a reader sees it (issue 35), on the project's own docs in Chromium: no
 * identifier wraps inside a word at 1440 or 390 px; at 1440 px each operation's samples sit beside
 * its fields and stay in view while the fields scroll, and below 1200 px they follow the fields;
 * the fields fold and open from the keyboard without JavaScript, and a link to one opens it; the
 * outline folds in under the title; a link made when the operations were on /api/rest/ still
 * reaches them; axe finds nothing at 390 and 1440 px in either theme.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  axeViolations,
  DOCS,
  navigated,
  startHarness,
  THEME_RULES,
  type Harness,
} from "./harness.ts";
import { within } from "../helpers/time.ts";

/** The pages of operations, a resource each; the last holds the webhook's delivery too. */
const RESOURCES = [
  "users",
  "workflows",
  "sources",
  "events",
  "components",
  "subscriptions",
  "tokens",
]
  .concat("webhooks")
  .map((r) => `/docs/v2/api/rest/${r}/`);
/** The overview (conventions, errors, the resources) and every page of operations. */
const PAGES = ["/docs/v2/api/rest/", ...RESOURCES];
const WORKFLOWS = "/docs/v2/api/rest/workflows/";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, DOCS);
}, within(180_000));
afterAll(async () => {
  await h?.close();
});

/**
 * Every identifier of the page's content (inline code, field names) that a line breaks between
 * two letters or digits, with the text around the break: all operations laid out and every
 * fold open, so each identifier is measured where it would be read.
 */
function wordBreaks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = ".operation { content-visibility: visible !important; }";
    document.head.append(style);
    for (const d of document.querySelectorAll("main details"))
      (d as HTMLDetailsElement).open = true;
    const found: string[] = [];
    const range = document.createRange();
    const names = document.querySelectorAll("main .content :not(pre) > code, main .field-name");
    for (const el of names) {
      // On one line (every box of its text at the same top): nothing broke in it.
      range.selectNodeContents(el);
      const tops = [...range.getClientRects()].map((r) => r.top);
      if (tops.every((t) => Math.abs(t - tops[0]!) <= 2)) continue;
      // Each character's line: where the top of its box moves down, a line broke before it.
      const chars: { ch: string; top: number }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode())
        for (let i = 0; i < n.textContent!.length; i++) {
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          const box = range.getClientRects()[0];
          if (box) chars.push({ ch: n.textContent![i]!, top: box.top });
        }
      for (let i = 1; i < chars.length; i++) {
        const [a, b] = [chars[i - 1]!, chars[i]!];
        if (b.top > a.top + 2 && /[A-Za-z0-9]/.test(a.ch) && /[A-Za-z0-9]/.test(b.ch))
          found.push(`${el.textContent} (${a.ch}|${b.ch})`);
      }
    }
    style.remove();
    return found;
  });
}

describe("the REST reference", () => {
  it(
    "wraps no identifier inside a word, at 1440 and at 390 px",
    async () => {
      for (const width of [1440, 390]) {
        // One tab a width: the page as served (nothing React does moves a word). The measure
        // lays out every operation with a style of its own, which the site's CSP would refuse.
        const context = await h.browser.newContext({
          viewport: { width, height: 900 },
          bypassCSP: true,
        });
        const page = await context.newPage();
        for (const path of PAGES) {
          await page.goto(h.url(path));
          expect(await page.locator("main .content code").count()).toBeGreaterThan(20);
          expect(await wordBreaks(page), `${path} at ${width} px`).toEqual([]);
        }
        await context.close();
      }
    },
    within(180_000),
  );

  it(
    "at 1440 px: each operation's samples beside its fields, in view while they scroll",
    async () => {
      let operations = 0;
      let scrolled = 0;
      // One tab: the columns and what sticks are the stylesheet's, React has no part in them.
      // Every operation laid out at once: one still a placeholder box (content-visibility: auto)
      // when measured would be measured at its guessed height, whatever the frame's timing.
      const context = await h.browser.newContext({
        viewport: { width: 1440, height: 900 },
        bypassCSP: true,
      });
      const page = await context.newPage();
      for (const path of RESOURCES) {
        await page.goto(h.url(path));
        await page.addStyleTag({ content: ".operation { content-visibility: visible; }" });
        const header = await page.evaluate(
          () => document.querySelector(".site-header")!.getBoundingClientRect().height,
        );
        const ops = page.locator(".operation");
        const count = await ops.count();
        operations += count;
        for (let i = 0; i < count; i++) {
          const op = ops.nth(i);
          // The operation's top well under the header: nothing sticks yet.
          await op.evaluate((e) => window.scrollBy(0, e.getBoundingClientRect().top - 300));
          const doc = (await op.locator(".operation-doc").boundingBox())!;
          const samples = (await op.locator(".operation-samples").boundingBox())!;
          // Beside: the samples' column starts right of the fields', level with its top.
          expect(samples.x, `${path} operation ${i}`).toBeGreaterThanOrEqual(doc.x + doc.width);
          expect(Math.abs(samples.y - doc.y), `${path} operation ${i}`).toBeLessThan(4);
          // Four languages, the cURL one first; the delivery Brook sends is one HTTP request.
          const route = (await op.locator(".operation-route").textContent())!;
          const delivery = route.startsWith("POST <your URL>");
          expect(await op.locator(".operation-samples [role=tab]").allTextContents()).toEqual(
            delivery ? [] : ["cURL", "Node.js", "Python", "Go"],
          );
          // In view: from the top of the fields to where the column must give way to the next
          // operation, the samples stay whole under the header.
          const room = doc.height - samples.height;
          if (room < 200) continue;
          scrolled++;
          // Where the fields' top reaches the sticky line (16 px under the header), then further.
          const start = (await page.evaluate(() => window.scrollY)) + doc.y - header - 16;
          for (const into of [0.2, 0.5, 0.9]) {
            await page.evaluate((y) => window.scrollTo(0, y), start + room * into);
            const box = (await op.locator(".operation-samples").boundingBox())!;
            expect(box.y, `${path} operation ${i} at ${into}`).toBeGreaterThanOrEqual(header);
            expect(box.y + box.height, `${path} operation ${i} at ${into}`).toBeLessThanOrEqual(
              900,
            );
          }
        }
      }
      await context.close();
      // The 28 operations of the REST API and the webhook's delivery.
      expect(operations).toBe(29);
      // Most operations have more fields than a screen holds: the check above ran on them.
      expect(scrolled).toBeGreaterThan(10);
    },
    within(180_000),
  );

  it("below 1200 px the samples follow the fields; at 1280 px the outline is under the title", async () => {
    const narrow = await h.open(WORKFLOWS, { viewport: { width: 1100, height: 900 } });
    const op = narrow.locator(".operation").nth(3);
    await op.scrollIntoViewIfNeeded();
    const doc = (await op.locator(".operation-doc").boundingBox())!;
    const samples = (await op.locator(".operation-samples").boundingBox())!;
    expect(samples.y).toBeGreaterThanOrEqual(doc.y + doc.height - 1);
    expect(await narrow.locator('nav[aria-label="On this page"]').isVisible()).toBe(false);
    await narrow.context().close();
    const wide = await h.open(WORKFLOWS, { viewport: { width: 1280, height: 900 } });
    const outline = wide.locator('nav[aria-label="On this page"]');
    expect(await outline.isVisible()).toBe(true);
    const [nav, content] = await Promise.all([
      outline.boundingBox(),
      wide.locator("article .content").boundingBox(),
    ]);
    expect(nav!.y + nav!.height).toBeLessThanOrEqual(content!.y);
    expect(await outline.locator("a").first().getAttribute("href")).toBe(
      "/docs/v2/api/rest/workflows/#list-workflows",
    );
    await wide.context().close();
  });

  it("fields fold and open from the keyboard without JavaScript; a link to a field opens its fold", async () => {
    const page = await h.open(WORKFLOWS + "#create-a-workflow", {
      viewport: { width: 1440, height: 900 },
      javaScriptEnabled: false,
    });
    const settings = page.locator("#createWorkflow-settings > details");
    expect(await settings.getAttribute("open")).toBeNull();
    expect(await page.locator("#createWorkflow-settings\\.memory_mb").isVisible()).toBe(false);
    await page.locator("#createWorkflow-settings > details > summary").focus();
    await page.keyboard.press("Enter");
    expect(await settings.getAttribute("open")).toBe("");
    expect(await page.locator("#createWorkflow-settings\\.memory_mb").isVisible()).toBe(true);
    await page.context().close();
    const linked = await h.open(WORKFLOWS + "#createWorkflow-settings.throttle.interval", {
      viewport: { width: 390, height: 844 },
    });
    const field = linked.locator("#createWorkflow-settings\\.throttle\\.interval");
    await expect.poll(() => field.isVisible()).toBe(true);
    expect(await field.evaluate((e) => e.getBoundingClientRect().top)).toBeLessThan(844);
    await linked.context().close();
  });

  it("a link made when the operations were on /api/rest/ reaches them on their own page", async () => {
    // A field, on a first load before any intent: the page script goes there, in the same entry.
    const field = await h.open("/docs/v2/api/rest/#createWorkflow-settings.memory_mb", {
      asleep: true,
    });
    await field.waitForURL(h.url(WORKFLOWS + "#createWorkflow-settings.memory_mb"));
    const memory = field.locator("#createWorkflow-settings\\.memory_mb");
    await expect.poll(() => memory.isVisible()).toBe(true);
    // As many history entries as a page opened straight (a new tab's blank page and the page).
    const straight = await h.open(WORKFLOWS, { asleep: true });
    const entries = await straight.evaluate(() => history.length);
    await straight.context().close();
    expect(await field.evaluate(() => history.length)).toBe(entries);
    await field.context().close();
    // A section that became a whole page: its top, without the hash.
    const section = await h.open("/docs/v2/api/rest/#sources", { asleep: true });
    await section.waitForURL(h.url("/docs/v2/api/rest/sources/"));
    await section.context().close();
    // A section the overview still has stays where it is.
    const kept = await h.open("/docs/v2/api/rest/#pagination");
    await kept.waitForLoadState("networkidle");
    expect(new URL(kept.url()).pathname + new URL(kept.url()).hash).toBe(
      "/docs/v2/api/rest/#pagination",
    );
    // In place, through the router: one navigation, redirected.
    await kept.evaluate(
      () =>
        void (
          window as unknown as { brookDocs: { router: { push(h: string): unknown } } }
        ).brookDocs.router.push("/docs/v2/api/rest/#list-subscriptions"),
    );
    expect(await navigated(kept, 1)).toMatchObject({
      to: "/docs/v2/api/rest/subscriptions/#list-subscriptions",
      outcome: "redirected",
    });
    expect(kept.url()).toBe(h.url("/docs/v2/api/rest/subscriptions/#list-subscriptions"));
    await kept.context().close();
  });

  it(
    "axe finds nothing at 390 and 1440 px, light and dark",
    async () => {
      const found: string[] = [];
      for (const width of [390, 1440]) {
        const context = await h.browser.newContext({
          viewport: { width, height: 900 },
          bypassCSP: true,
        });
        const page = await context.newPage();
        for (const path of PAGES) {
          await page.goto(h.url(path));
          // Off-screen operations are placeholder boxes (content-visibility: auto) that their
          // content overflows; axe would read them as overlapping targets no reader meets.
          await page.addStyleTag({ content: ".operation { content-visibility: visible; }" });
          // Every rule in the light theme; in the dark one, what a theme changes: the colours.
          for (const theme of ["light", "dark"]) {
            await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
            const rules = theme === "dark" ? THEME_RULES : undefined;
            for (const v of await axeViolations(page, { rules }))
              found.push(`${path} (${theme}, ${width} px): ${v}`);
          }
        }
        await context.close();
      }
      expect(found).toEqual([]);
    },
    within(600_000),
  );
});
