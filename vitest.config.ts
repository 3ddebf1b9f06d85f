import { defineConfig } from "vitest/config";

// The tests that launch Chromium: their project finds it once per run (test/browser-setup.ts).
const BROWSER_TESTS = ["test/browser/**/*.test.{ts,tsx}", "test/serve/dev-browser.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { TZ: "UTC", BROOK_DOCS_QUIET: "1", NO_COLOR: "1" },
    // Browser suites each start Chromium; two at a time fit this 2-core machine.
    maxWorkers: 2,
    reporters: ["default"],
    projects: [
      {
        extends: true,
        test: { name: "node", include: ["test/**/*.test.{ts,tsx}"], exclude: BROWSER_TESTS },
      },
      {
        extends: true,
        test: { name: "browser", include: BROWSER_TESTS, globalSetup: ["test/browser-setup.ts"] },
      },
    ],
  },
  esbuild: { jsx: "automatic" },
});
