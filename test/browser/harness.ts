/** Browser test harness: build the client fixture once per file, serve it with preview, drive Chromium (found by test/browser-setup.ts). */
import { execFileSync } from "node:child_process";
import { inject } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { startPreview, type PreviewServer } from "../../src/node/preview.ts";
import { ROOT } from "../helpers/site.ts";

import { CHROMIUM_ARGS } from "../helpers/chromium.mjs";
import { within } from "../helpers/time.ts";

/** A page of a test: console errors and `docs:navigated` details (kept across full page loads). */
export type TestPage = Page & { errors: string[]; navs: NavigatedDetail[] };

/** `event.detail` of `docs:navigated`. */
export interface NavigatedDetail {
  from: string;
  to: string;
  outcome: string;
  reason?: string;
}

/** `startHarness(env, DOCS)`: the project's own docs (content/, site.config.ts, public/). */
export const DOCS = "(the project's docs)";

/** A built fixture site, served, and one browser for a test file. */
export interface Harness {
  /** The build folder (web root). */
  dir: string;
  server: PreviewServer;
  browser: Browser;
  /** Absolute URL of a path on the preview server. */
  url(path: string): string;
  /**
   * A fresh page in its own context (no shared cache or storage), loaded and made live (React
   * loads on intent); `asleep`: loaded only, as a reader who has not shown intent sees it.
   */
  open(
    path: string,
    options?: BrowserContextOptions & {
      before?: (page: TestPage) => Promise<void>;
      asleep?: boolean;
    },
  ): Promise<TestPage>;
  /** Path of the data file of a route: `/docs/v2/assets/pages/….json`. */
  pageDataPath(route: string): string;
  close(): Promise<void>;
}

/**
 * Builds a fixture site into a temp folder (env added to the build), serves it and starts
 * Chromium: test/fixtures/client-site by default; another fixture is built from its own folder
 * (its public/ included), without a cache; `DOCS` builds the project's own docs.
 */
export async function startHarness(
  env: Record<string, string> = {},
  fixture?: string,
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "brook-client-"));
  const root = join(dir, "site");
  const args =
    fixture === DOCS
      ? ["build", "--out", root]
      : fixture
        ? ["build", "--no-cache", "--out", root]
        : ["build", "--content", "test/fixtures/client-site/content", "--out", root];
  execFileSync(process.execPath, [join(ROOT, "bin", "brook-docs.js"), ...args], {
    cwd: fixture && fixture !== DOCS ? join(ROOT, "test", "fixtures", fixture) : ROOT,
    env: { ...process.env, BROOK_DOCS_QUIET: "1", BROOK_DOCS_GTM_ID: "", ...env },
    stdio: "pipe",
  });
  const server = await startPreview({ root, port: 0, host: "127.0.0.1" });
  const browser = await chromium.launch({
    executablePath: inject("chromiumPath"),
    args: CHROMIUM_ARGS,
  });
  const manifest = JSON.parse(readFileSync(join(root, "docs", "v2", "routes.json"), "utf8")) as {
    pages: Record<string, string>;
  };
  const url = (path: string) => server.url + path;
  return {
    dir: root,
    server,
    browser,
    url,
    async open(path, { before, asleep, ...options } = {}) {
      const context = await browser.newContext(options);
      const page = Object.assign(await context.newPage(), {
        errors: [] as string[],
        navs: [] as NavigatedDetail[],
      });
      page.on("console", (m) => {
        if (m.type() === "error") page.errors.push(m.text());
      });
      page.on("pageerror", (e) => page.errors.push(String(e)));
      await page.exposeFunction("__recordNavigation", (d: NavigatedDetail) => {
        page.navs.push(d);
        for (const wake of [...(navWaiters.get(page) ?? [])]) wake();
      });
      await page.addInitScript(() => {
        const record = (window as unknown as { __recordNavigation: (d: unknown) => void })
          .__recordNavigation;
        addEventListener("docs:navigated", (e) => record((e as CustomEvent).detail));
      });
      await before?.(page);
      await page.goto(url(path));
      if (options.javaScriptEnabled !== false && !asleep) await live(page);
      return page;
    },
    pageDataPath(route) {
      return "/docs/v2/assets/" + manifest.pages[route]!;
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes the client live as the reader's intent would (`brookDocs.wake()`: React loads on intent)
 * and waits until it has hydrated and its router is ready.
 */
export async function live(page: Page): Promise<void> {
  type Docs = { brookDocs?: { router?: object; wake?(): Promise<unknown> } };
  await page.waitForFunction(() => Boolean((window as unknown as Docs).brookDocs?.wake));
  await page.evaluate(() => void (window as unknown as Docs).brookDocs!.wake!().catch(() => {}));
  await page.waitForFunction(() => Boolean((window as unknown as Docs).brookDocs?.router));
}

/** Who waits for the next navigation of a page (woken as the page records one). */
const navWaiters = new WeakMap<Page, (() => void)[]>();

/** Waits until the page has recorded `n` navigations; returns the last. */
export async function navigated(page: TestPage, n: number): Promise<NavigatedDetail> {
  if (page.navs.length >= n) return page.navs[n - 1]!;
  const waiters = navWaiters.get(page) ?? [];
  navWaiters.set(page, waiters);
  await new Promise<void>((resolve, reject) => {
    // Not a pause: a bound on waiting, so a navigation that never comes fails with what came.
    const giveUp = setTimeout(
      () => reject(new Error(`expected ${n} navigations, got ${JSON.stringify(page.navs)}`)),
      within(30_000),
    );
    const wake = () => {
      if (page.navs.length < n) return;
      clearTimeout(giveUp);
      waiters.splice(waiters.indexOf(wake), 1);
      resolve();
    };
    waiters.push(wake);
  });
  return page.navs[n - 1]!;
}

/** A sidebar link by its href. */
export function sidebarLink(page: Page, href: string) {
  return page.locator(`nav[aria-label="Sidebar"] a[href="${href}"]`).first();
}

let axeSource: string | undefined;

/**
 * The axe rules whose outcome a theme can change: the colours (a theme changes no element, name,
 * role or size). Every rule runs in the light theme; in the dark one, these.
 */
export const THEME_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe-core's WCAG 2.2 AA violations on `page` (with best practices unless `wcagOnly`; only the
 * rules named in `rules` when given), as `rule: targets` lines. axe is injected as an inline
 * script, which the site's own CSP rightly refuses: open the page with `bypassCSP: true`.
 */
export async function axeViolations(
  page: Page,
  { wcagOnly = false, rules }: { wcagOnly?: boolean; rules?: string[] } = {},
): Promise<string[]> {
  axeSource ??= readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");
  if (!(await page.evaluate(() => "axe" in window)))
    await page.addScriptTag({ content: axeSource });
  const values = [
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    ...(wcagOnly ? [] : ["best-practice"]),
  ];
  const runOnly = rules ? { type: "rule", values: rules } : { type: "tag", values };
  const result = await page.evaluate(
    (only) =>
      (
        window as unknown as {
          axe: {
            run(
              ctx: Document,
              o: object,
            ): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe.run(document, { runOnly: only, resultTypes: ["violations"] }),
    runOnly,
  );
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** Records every Content-Security-Policy violation of the page from its first script on (pass as `before` to `open`). */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

/** The violations recorded since `recordCspViolations`, as `directive blocked-URI` lines. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/** React's side of the client (src/node/render/assets.ts: the `main` entry, loaded on intent). */
export const REACT_ENTRY = /\/assets\/main\.\w+\.js$/;

/** Holds React's entry until `release` (a slow network for the code the controls need). */
export async function holdReact(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(REACT_ENTRY, async (route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

/** Whether React is live on the page (its router is there). */
export function isLive(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Boolean((window as unknown as { brookDocs?: { router?: object } }).brookDocs?.router),
  );
}
