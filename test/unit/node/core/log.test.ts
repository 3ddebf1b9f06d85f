import { describe, expect, it } from "vitest";
import { useColor } from "../../../../src/node/core/log.ts";

describe("colours", () => {
  it("follow the terminal: on for a TTY, off for a pipe or a log file", () => {
    expect(useColor({}, true)).toBe(true);
    expect(useColor({}, false)).toBe(false);
    expect(useColor({}, undefined)).toBe(false);
  });

  it("are off with NO_COLOR set to anything but empty (no-color.org)", () => {
    expect(useColor({ NO_COLOR: "1" }, true)).toBe(false);
    expect(useColor({ NO_COLOR: "" }, true)).toBe(true);
  });

  it("are on with FORCE_COLOR, even in a pipe and over NO_COLOR, unless it is 0 or false", () => {
    expect(useColor({ FORCE_COLOR: "1" }, false)).toBe(true);
    expect(useColor({ FORCE_COLOR: "" }, false)).toBe(true);
    expect(useColor({ FORCE_COLOR: "1", NO_COLOR: "1" }, false)).toBe(true);
    expect(useColor({ FORCE_COLOR: "0" }, true)).toBe(false);
    expect(useColor({ FORCE_COLOR: "false" }, true)).toBe(false);
  });
});
