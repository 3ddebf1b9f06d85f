import { describe, expect, it, afterEach } from "vitest";
import { validateConfig } from "../../../../src/node/config/load.ts";
import { BrookError } from "../../../../src/node/core/errors.ts";

describe("validateConfig", () => {
  afterEach(() => {
    delete process.env.BROOK_DOCS_GTM_ID;
  });

  it("applies every default to an empty config", () => {
    const c = validateConfig({}, "x");
    expect(c).toMatchObject({
      title: "Brook",
      base: "/docs/v2/",
      siteUrl: "https://brook.example",
      apiBase: "https://api.brook.example/v1",
      navigation: { chunkTimeoutMs: 120000, progressDelayMs: 200, scrollSpyThrottleMs: 300 },
      analytics: { gtmId: "" },
      redirects: [],
      search: { synonyms: {} },
    });
    expect(c.sidebar).toBeUndefined();
  });

  it("takes search synonyms as word or phrase → alternatives, and names a bad one by its path", () => {
    expect(
      validateConfig(
        { search: { synonyms: { golang: ["go"], "env var": ["environment variable"] } } },
        "x",
      ).search.synonyms,
    ).toEqual({ golang: ["go"], "env var": ["environment variable"] });
    expect(() => validateConfig({ search: { synonyms: { golang: [] } } }, "x")).toThrow(
      /search\.synonyms\.golang/,
    );
    expect(() => validateConfig({ search: { synonyms: { k8s: ["!!"] } } }, "x")).toThrow(
      /search\.synonyms\.k8s\[0\]: an alternative is a word or phrase/,
    );
  });

  it("reports every problem at once with its path", () => {
    let error: unknown;
    try {
      validateConfig(
        {
          base: "docs",
          redirects: [{ from: "/a", to: "nope" }],
          navigation: { chunkTimeoutMs: -1 },
          sidebar: [{ text: "G", items: [3] }],
          extra: 1,
        },
        "site.config.ts",
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BrookError);
    const message = (error as Error).message;
    expect(message).toMatch(/^site\.config\.ts: 5 problems in the config/);
    for (const path of [
      "base:",
      "redirects[0].to:",
      "navigation.chunkTimeoutMs:",
      "sidebar[0]: a sidebar entry is a route",
      "(root): unknown key 'extra'",
    ])
      expect(message).toContain(path);
    expect((error as BrookError).hint).toContain("site.config.ts");
  });

  it("takes a tree of site values, and none by default", () => {
    expect(validateConfig({}, "x").values).toEqual({});
    const values = {
      limits: {
        httpPayload: "512KB",
        memory: { default: "256MB", max: "10GB" },
        queue: { max: 10000 },
      },
      pricing: { perInvocation: 0.0002 },
    };
    expect(validateConfig({ values }, "x").values).toEqual(values);
  });

  it("reports every bad site value with its path", () => {
    const values = {
      title: "Mine",
      "http-payload": "512KB",
      limits: {
        empty: " ",
        long: "x".repeat(201),
        twoLines: "a\nb",
        list: ["a"],
        off: null,
        yes: true,
        huge: Infinity,
      },
      a: { b: { c: { d: { e: { f: { g: "too deep" } } } } } },
      ok: { b: { c: { d: { e: { f: "six names" } } } } },
    };
    let message = "";
    try {
      validateConfig({ values }, "site.config.ts");
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.split("\n")).toEqual([
      "site.config.ts: 10 problems in the config",
      "  values.title: 'title' is already a site value ({{ site.title }} is the config's title): pick another name",
      "  values.http-payload: 'http-payload' is not a value name: use letters, digits and _, not starting with a digit (e.g. httpPayload)",
      "  values.limits.empty: an empty value: give it text, or remove it",
      "  values.limits.long: a value is at most 200 characters (this one has 201)",
      "  values.limits.twoLines: a value is one line of text: no line breaks, tabs or control characters",
      "  values.limits.list: a value is text, a number or a group of values, not a list",
      "  values.limits.off: a value is text, a number or a group of values, not null",
      "  values.limits.yes: a value is text, a number or a group of values, not boolean",
      "  values.limits.huge: a number value must be finite",
      "  values.a.b.c.d.e.f: values nest at most 6 levels deep",
    ]);
    expect(() => validateConfig({ values: ["a"] }, "x")).toThrow(
      /values: values is an object of named values/,
    );
  });
});

describe("outline and banner", () => {
  it("default to ## and ### and no banner", () => {
    const c = validateConfig({}, "x");
    expect(c.outline).toEqual([2, 3]);
    expect(c.banner).toBeUndefined();
  });

  it("take a banner with a route or an http(s) link, and refuse anything else with its path", () => {
    const banner = (href: string) => ({
      banner: { id: "launch-2", text: "New.", link: { text: "Read", href } },
    });
    expect(validateConfig(banner("/limits/#memory"), "x").banner?.link?.href).toBe(
      "/limits/#memory",
    );
    expect(validateConfig(banner("https://brook.example/blog/"), "x").banner?.link?.href).toBe(
      "https://brook.example/blog/",
    );
    for (const bad of ["javascript:alert(1)", "//evil.example/", "limits"]) {
      expect(() => validateConfig(banner(bad), "site.config.ts"), bad).toThrow(
        /banner\.link\.href/,
      );
    }
    expect(() =>
      validateConfig({ banner: { id: "has space", text: "x" } }, "site.config.ts"),
    ).toThrow(/banner\.id/);
    expect(() => validateConfig({ outline: [3, 2] }, "site.config.ts")).toThrow(/outline/);
    expect(validateConfig({ outline: false }, "x").outline).toBe(false);
  });
});
