/**
 * The writer's toolkit in real Chromium (issue 14), on test/fixtures/toolkit-site: code group
 * tabs from the keyboard, the reader's label synced across the page and remembered for later
 * pages without a layout shift, every panel under its label without JavaScript, copy without
 * notation or removed lines, and axe-core with nothing to report in light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  cspViolations,
  navigated,
  recordCspViolations,
  sidebarLink,
  startHarness,
  type Harness,
  type TestPage,
} from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, "toolkit-site");
});
afterAll(async () => {
  await h?.close();
});

/** The labels of the selected tab of each code group on the page, in order. */
const selected = (page: TestPage) =>
  page.locator('.code-group [role="tab"][aria-selected="true"]').allTextContents();

/** Waits until every group shows `labels` (the client's chunk applies the reader's choice after hydration). */
async function expectSelected(page: TestPage, labels: string[]): Promise<void> {
  await expect.poll(() => selected(page)).toEqual(labels);
}

describe("code groups", () => {
  it("are ARIA tabs the keyboard works: arrows (wrapping), Home and End, one tab stop a group", async () => {
    const page = await h.open("/docs/v2/toolkit/");
    const group = page.locator(".code-group").first();
    const tabs = group.getByRole("tab");
    expect(await tabs.allTextContents()).toEqual(["Node.js", "Python", "cURL"]);
    // Hidden panels are out of the accessibility tree, not out of the page.
    expect(await group.getByRole("tabpanel").count()).toBe(1);
    expect(await group.locator('[role="tabpanel"]').count()).toBe(3);
    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("Python");
    expect(await tabs.nth(1).getAttribute("aria-selected")).toBe("true");
    expect(await group.getByRole("tabpanel", { name: "Python" }).isVisible()).toBe(true);
    expect(await group.locator('[role="tabpanel"][aria-labelledby="cg1Tab1"]').isVisible()).toBe(
      false,
    );
    expect(await tabs.evaluateAll((els) => els.map((e) => (e as HTMLElement).tabIndex))).toEqual([
      -1, 0, -1,
    ]);
    await page.keyboard.press("End");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("cURL");
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Node.js");
    await page.keyboard.press("ArrowLeft");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("cURL");
    await page.keyboard.press("Home");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Node.js");
    expect(await group.getByRole("tabpanel", { name: "Node.js" }).isVisible()).toBe(true);
    // Tab leaves the tab list for the selected panel's code.
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() =>
        document.activeElement?.closest('[role="tabpanel"]')?.getAttribute("aria-labelledby"),
      ),
    ).toBe("cg1Tab1");
    expect(page.errors).toEqual([]);
  });

  it("syncs the chosen label across the page and remembers it for later pages, in place and on a full load", async () => {
    const page = await h.open("/docs/v2/toolkit/");
    await expectSelected(page, ["Node.js", "Node.js"]);
    const top = await page.evaluate(
      () => document.querySelectorAll(".code-group")[1]!.getBoundingClientRect().top + scrollY,
    );
    await page.locator(".code-group").first().getByRole("tab", { name: "Python" }).click();
    await expectSelected(page, ["Python", "Python"]);
    // The other group changed without moving anything below the first.
    expect(
      await page.evaluate(
        () => document.querySelectorAll(".code-group")[1]!.getBoundingClientRect().top + scrollY,
      ),
    ).toBe(top);
    expect(await page.evaluate(() => localStorage.getItem("brook-code-group"))).toBe('["Python"]');
    // In place, to a page whose group also has Go.
    await sidebarLink(page, "/docs/v2/second/").click();
    await navigated(page, 1);
    await expectSelected(page, ["Python"]);
    await page.getByRole("tab", { name: "Go" }).click();
    // The click is handled once the tabs' chunk is there (main.tsx imports it on the first click).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("brook-code-group")))
      .toBe('["Go","Python"]');
    // Back on a page without Go: the choice before it.
    await sidebarLink(page, "/docs/v2/toolkit/").click();
    await navigated(page, 2);
    await expectSelected(page, ["Python", "Python"]);
    // A full page load of a later page.
    await page.goto(h.url("/docs/v2/second/"));
    await expectSelected(page, ["Go"]);
    expect(page.errors).toEqual([]);
  });

  it("shows the remembered label on load without a layout shift", async () => {
    const page = await h.open("/docs/v2/toolkit/", {
      before: async (p) => {
        await p.addInitScript(() => {
          localStorage.setItem("brook-code-group", '["cURL","Python"]');
          const w = window as unknown as { __shifts: number[] };
          w.__shifts = [];
          // Shifts of the article only: the header's controls appear when the client starts (issue 5's trade-off).
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as {
              value: number;
              sources: { node?: Node }[];
            }[]) {
              const inArticle = e.sources.some((s) =>
                (s.node instanceof Element ? s.node : s.node?.parentElement)?.closest(".content"),
              );
              if (inArticle) w.__shifts.push(e.value);
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
      },
    });
    await expectSelected(page, ["cURL", "Python"]);
    // A frame after the choice is shown, nothing has moved.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    expect(
      await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts),
    ).toEqual([]);
  });

  it("without JavaScript, shows every panel under its label", async () => {
    const page = await h.open("/docs/v2/toolkit/", { javaScriptEnabled: false });
    const group = page.locator(".code-group").first();
    expect(await group.locator('[role="tablist"]').isVisible()).toBe(false);
    for (const [i, label] of ["Node.js", "Python", "cURL"].entries()) {
      const panel = group.locator(".code-group-panel").nth(i);
      expect(await panel.isVisible(), label).toBe(true);
      expect(await panel.locator(".code-title").isVisible(), label).toBe(true);
      expect(await panel.locator(".code-title").textContent()).toBe(label);
    }
    // Stacked one under another, in the order written.
    const tops = await group
      .locator(".code-group-panel")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).toBe(3);
  });
});

describe("annotated code", () => {
  it("copies the code as it should be run: no notation comments, no removed lines, no gutters", async () => {
    const page = await h.open("/docs/v2/toolkit/", {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const block = page.locator(".code-block", {
      has: page.locator(".code-title", { hasText: "step.js" }),
    });
    expect(await block.locator(".line.diff.remove").count()).toBe(1);
    expect(await block.locator(".line.diff.add").count()).toBe(1);
    // The gutter's + and - are drawn by the stylesheet (a non-colour cue), outside the text.
    expect(
      await block.locator(".line.diff.add").evaluate((e) => getComputedStyle(e, "::after").content),
    ).toContain('"+"');
    await block.hover();
    await block.getByRole("button", { name: "Copy code" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        [
          "export default async function (event, ctx) {",
          '  const name = event.body?.name ?? "world";',
          "  return { greeting: `Hello, ${name}!` };",
          "}",
        ].join("\n"),
      );
    const all = await page.locator(".code-block pre").allTextContents();
    expect(all.join("\n")).not.toContain("[!code");
  });
});

describe("axe-core and the CSP on a page that uses every feature", () => {
  const violations = (page: TestPage) => axeViolations(page, { wcagOnly: true });

  it("has no violations in light and dark, before and after choosing a tab", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      // axe is injected as an inline script, which the site's own CSP rightly refuses.
      const page = await h.open("/docs/v2/toolkit/", { bypassCSP: true, colorScheme });
      expect(await violations(page), colorScheme).toEqual([]);
      await page.locator(".code-group").first().getByRole("tab", { name: "cURL" }).click();
      await expect
        .poll(() =>
          page
            .locator(".code-group")
            .first()
            .getByRole("tab", { name: "cURL" })
            .getAttribute("aria-selected"),
        )
        .toBe("true");
      expect(await violations(page), `${colorScheme}, cURL chosen`).toEqual([]);
      await page.context().close();
    }
  });

  it("nothing violates the Content-Security-Policy: load, choose, copy, navigate", async () => {
    const page = await h.open("/docs/v2/toolkit/", {
      permissions: ["clipboard-read", "clipboard-write"],
      before: recordCspViolations,
    });
    await page.getByRole("tab", { name: "Python" }).first().click();
    await page.locator(".code-group-panel[data-active] .copy").first().click();
    await sidebarLink(page, "/docs/v2/second/").click();
    await navigated(page, 1);
    expect(await cspViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
