/** What test/browser-setup.ts provides to the tests (`inject`). */
import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Chromium binary the browser tests launch. */
    chromiumPath: string;
  }
}
