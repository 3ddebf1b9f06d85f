/** What the config (test/machine-time.ts) and test/browser-setup.ts provide to the tests (`inject`). */
import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Chromium binary the browser tests launch. */
    chromiumPath: string;
    /** How much longer than on a quiet 2-core machine a bound on waiting may be in this run. */
    timeFactor: number;
  }
}
