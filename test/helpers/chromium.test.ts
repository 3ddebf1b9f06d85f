import { describe, expect, it } from "vitest";
import { INSTALL_COMMAND, INSTALL_HINT, planChromium } from "./chromium.mjs";

/** A machine where exactly `files` are executable. */
const machine = (files: string[], env: Record<string, string | undefined>, canInstall = false) =>
  planChromium({ env, isExecutable: (p) => files.includes(p), canInstall });

describe("finding Chromium for the browser tests", () => {
  it("uses CHROMIUM_PATH when it is set, before anything on the PATH", () => {
    expect(
      machine(["/opt/chrome/chrome", "/usr/bin/chromium"], {
        CHROMIUM_PATH: "/opt/chrome/chrome",
        PATH: "/usr/bin",
      }),
    ).toEqual({ kind: "use", path: "/opt/chrome/chrome" });
  });

  it("fails on a CHROMIUM_PATH that is not there, rather than quietly using another", () => {
    const plan = machine(["/usr/bin/chromium"], { CHROMIUM_PATH: "/nope", PATH: "/usr/bin" }, true);
    expect(plan.kind).toBe("fail");
    expect(plan.kind === "fail" && plan.message).toContain("CHROMIUM_PATH=/nope");
  });

  it("prefers the headless shell, on the PATH or Debian's, to a full Chromium", () => {
    expect(
      machine(["/usr/bin/chromium", "/opt/bin/chrome-headless-shell"], {
        PATH: "/usr/bin:/opt/bin",
      }),
    ).toEqual({ kind: "use", path: "/opt/bin/chrome-headless-shell" });
    expect(
      machine(["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"], { PATH: "" }),
    ).toEqual({ kind: "use", path: "/usr/bin/chromium-headless-shell" });
  });

  it("installs the headless shell as root rather than use the slower full Chromium", () => {
    expect(machine(["/usr/bin/chromium"], { PATH: "/usr/bin" }, true)).toEqual({
      kind: "install",
      command: INSTALL_COMMAND,
    });
    expect(INSTALL_COMMAND).toContain("apt-get install -y -qq chromium-headless-shell");
  });

  it("without a shell and unable to install, takes the first full Chromium on the PATH, in PATH order for one name", () => {
    expect(machine(["/b/chromium", "/a/google-chrome"], { PATH: "/a:/b" })).toEqual({
      kind: "use",
      path: "/b/chromium",
    });
    expect(machine(["/b/chromium-browser", "/a/chromium-browser"], { PATH: "/a:/b" })).toEqual({
      kind: "use",
      path: "/a/chromium-browser",
    });
    expect(machine(["/home/me/bin/google-chrome"], { PATH: "/usr/bin:/home/me/bin" })).toEqual({
      kind: "use",
      path: "/home/me/bin/google-chrome",
    });
  });

  it("falls back on Debian's /usr/bin/chromium when the PATH is bare", () => {
    expect(machine(["/usr/bin/chromium"], { PATH: "" })).toEqual({
      kind: "use",
      path: "/usr/bin/chromium",
    });
  });

  it("installs Debian's package when none is found and it may (root with apt-get)", () => {
    expect(machine([], { PATH: "/usr/bin" }, true)).toEqual({
      kind: "install",
      command: INSTALL_COMMAND,
    });
  });

  it("otherwise fails with one line that says what to install", () => {
    const plan = machine([], { PATH: "/usr/bin" }, false);
    expect(plan).toEqual({ kind: "fail", message: INSTALL_HINT });
    expect(INSTALL_HINT).not.toContain("\n");
    expect(INSTALL_HINT).toMatch(/apt-get install -y chromium-headless-shell.*CHROMIUM_PATH/);
  });
});
