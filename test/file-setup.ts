/**
 * Setup of each test file: files share one process per worker (vitest.config.ts:
 * `isolate: false`): a file must leave the process as it found it, or the files after it would
 * pass or fail by the order they ran in. This fails the file that leaves the generator's
 * environment variables, the working folder or fake timers changed.
 */
import { afterAll, expect, vi } from "vitest";

/** The variables the generator and its tests read (NODE_ENV: React's build, set by the CLI's start). */
const ours = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) =>
      /^(BROOK_|NODE_ENV$|NO_COLOR$|TZ$|CHROMIUM_PATH$)/.test(k),
    ),
  );

const env = ours();
const cwd = process.cwd();

afterAll(() => {
  expect(ours(), "environment variables this file changed").toEqual(env);
  expect(process.cwd(), "the working folder this file changed").toBe(cwd);
  expect(vi.isFakeTimers(), "fake timers this file left on").toBe(false);
});
