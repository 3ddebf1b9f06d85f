/** A code block as the example checks see it, for unit tests of the checks. */
import type { CodeSample } from "../../src/node/examples/sample.ts";

/** A block of `lang` at the top of x.md (route /), with any other field given. */
export function codeSample(lang: string, code: string, more: Partial<CodeSample> = {}): CodeSample {
  return { lang, meta: "", code, file: "x.md", line: 1, column: 1, route: "/", ...more };
}
