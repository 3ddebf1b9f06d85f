import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CODE_BACKGROUND,
  codeColorVars,
  contrast,
  parseHex,
  readableOn,
} from "../../../../src/node/content/code/code-colors.ts";
import { ROOT } from "../../../helpers/site.ts";

const ratio = (a: string, b: string) => contrast(parseHex(a)!, parseHex(b)!);

describe("code colours", () => {
  it("the backgrounds are the theme's --code-bg", () => {
    const css = readFileSync(join(ROOT, "templates", "theme.css"), "utf8");
    const values = [...css.matchAll(/--code-bg:\s*(#[0-9a-f]+)/gi)].map((m) => m[1]!.toLowerCase());
    expect(values[0]).toBe(CODE_BACKGROUND.light);
    expect(new Set(values.slice(1))).toEqual(new Set([CODE_BACKGROUND.dark]));
  });

  it("moves a colour below 4.5:1 just far enough, and leaves readable ones alone", () => {
    // GitHub light's keyword red and GitHub dark's comment grey fail AA on the code background.
    for (const [color, bg] of [
      ["#d73a49", CODE_BACKGROUND.light],
      ["#6a737d", CODE_BACKGROUND.dark],
    ] as const) {
      expect(ratio(color, bg)).toBeLessThan(4.5);
      const fixed = readableOn(color, bg);
      expect(ratio(fixed, bg)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(fixed, bg)).toBeLessThan(4.8);
    }
    expect(readableOn("#24292e", CODE_BACKGROUND.light)).toBe("#24292e");
    expect(readableOn("#e1e4e8", CODE_BACKGROUND.dark)).toBe("#e1e4e8");
    expect(readableOn("currentColor", CODE_BACKGROUND.light)).toBe("currentColor");
  });

  it("gives both themes' custom properties", () => {
    const vars = codeColorVars("#d73a49", "#f97583");
    const [, light, dark] = /--shiki-light:(#\w+);--shiki-dark:(#\w+)/.exec(vars)!;
    expect(ratio(light!, CODE_BACKGROUND.light)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(dark!, CODE_BACKGROUND.dark)).toBeGreaterThanOrEqual(4.5);
  });
});
