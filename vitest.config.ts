import { defineConfig } from "vitest/config";
import { measureTimeFactor } from "./test/machine-time.ts";

// The tests that launch Chromium: their project finds it once per run (test/browser-setup.ts).
const BROWSER_TESTS = ["test/browser/**/*.test.{ts,tsx}", "test/serve/dev-browser.test.ts"];

// Every bound on waiting grows with how busy and how fast this machine is now (1 when quiet);
// measured once per run (vitest reads this file again for each project, which inherit the figure).
const FACTOR_VAR = "BROOK_TEST_TIME_FACTOR";
const timeFactor = Number(process.env[FACTOR_VAR]) || measureTimeFactor();
if (!process.env[FACTOR_VAR]) {
  process.env[FACTOR_VAR] = String(timeFactor);
  if (timeFactor > 1)
    process.stderr.write(`busy or slow machine: bounds on waiting x${timeFactor}\n`);
}

export default defineConfig({
  test: {
    testTimeout: 60_000 * timeFactor,
    hookTimeout: 120_000 * timeFactor,
    expect: { poll: { timeout: 5_000 * timeFactor } },
    provide: { timeFactor },
    env: { TZ: "UTC", BROOK_DOCS_QUIET: "1", NO_COLOR: "1" },
    // Browser suites each start Chromium; two at a time fit this 2-core machine.
    maxWorkers: 2,
    // One module graph per worker, not per file: a third of the node tests' time was each file
    // importing the generator again. A file leaves the process as it found it (test/file-setup.ts
    // fails one that does not), so no file passes or fails by the order the files ran in.
    isolate: false,
    setupFiles: ["test/file-setup.ts"],
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
});
