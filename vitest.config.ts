import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { TZ: "UTC", BROOK_DOCS_QUIET: "1", NO_COLOR: "1" },
    // Browser suites each start Chromium; two at a time fit this 2-core machine.
    maxWorkers: 2,
    reporters: ["default"],
  },
  esbuild: { jsx: "automatic" },
});
