/**
 * axe-core on the project's own docs at a phone's width (issue 25): every page whose tables are
 * wider than a 375 px screen, and one page of each layout, in light and dark; the layouts at
 * 1280 px too (quality.test.ts covers the fixture's pages there).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations, DOCS, startHarness, THEME_RULES, type Harness } from "./harness.ts";
import { within } from "../helpers/time.ts";

/** The pages with a table wider than its box at 375 px, as measured when this list was made. */
const WIDE_TABLES = [
  "limits/",
  "components/guidelines/",
  "components/api/",
  "brook-axios/",
  "code/",
  "api/rest/",
  "removed-features/dollar-variables/",
  "workflows/concurrency-and-throttling/",
  "workflows/",
  "workflows/events/",
  "workflows/settings/",
  "workflows/copy/",
  "subprocessors/",
  "quickstart/use-managed-auth-in-code/",
  "destinations/http/",
  "apps/intercom/",
  "apps/all-apps/",
  "status/",
  "notebook/dollar-context/",
  "privacy-and-security/",
  "pricing/",
];
/** One page of each layout: home, doc (with breadcrumbs two levels down), not found. */
const LAYOUTS = ["", "code/nodejs/auth/", "no-such-page/"];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, DOCS);
}, within(180_000));
afterAll(async () => {
  await h?.close();
});

/** axe on each path, in light then dark (switched in place: the page is the same), one tab for all. */
async function check(paths: string[], width: number): Promise<string[]> {
  const context = await h.browser.newContext({
    viewport: { width, height: 800 },
    // axe is injected as an inline script, which the site's own CSP rightly refuses.
    bypassCSP: true,
  });
  const page: Page = await context.newPage();
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(h.url("/docs/v2/" + path));
    // The REST reference's operations are laid out only near the view (content-visibility: auto),
    // each off-screen one a placeholder box of a guessed height that its real content overflows;
    // axe reads those boxes as overlapping targets a reader never sees. Laid out in full, every
    // operation is checked with its real boxes.
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
  return found;
}

describe("axe-core on the docs, WCAG 2.2 AA", () => {
  it(
    "pages with wide tables at 375 px: no violations, the tables' boxes focusable and named",
    async () => {
      expect(await check(WIDE_TABLES, 375)).toEqual([]);
      // The boxes themselves: a keyboard stop with a name, on a page where the table is wider.
      const page = await h.open("/docs/v2/pricing/", { viewport: { width: 375, height: 800 } });
      const box = page.locator(".content .table-scroll").first();
      expect(await box.getAttribute("tabindex")).toBe("0");
      expect(await box.getAttribute("role")).toBe("region");
      expect(await box.getAttribute("aria-label")).toMatch(/^Table: \S/);
      expect(await box.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
      await page.context().close();
    },
    within(240_000),
  );

  it(
    "one page of each layout at 375 and 1280 px: no violations",
    async () => {
      expect([...(await check(LAYOUTS, 375)), ...(await check(LAYOUTS, 1280))]).toEqual([]);
    },
    within(120_000),
  );
});
