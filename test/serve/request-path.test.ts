import { describe, expect, it } from "vitest";
import { decodeRequestPath, isHiddenPath } from "../../src/node/static-host/request-path.ts";
import {
  headersFor,
  matchRedirect,
  parseHeaders,
  parseRedirects,
} from "../../src/node/static-host/host-rules.ts";

describe("decodeRequestPath", () => {
  it("decodes a normal target and keeps the query", () => {
    expect(decodeRequestPath("/docs/v2/caf%C3%A9/?q=1")).toEqual({
      path: "/docs/v2/café/",
      query: "?q=1",
    });
    expect(decodeRequestPath("/docs/v2/caf\u00c3\u00a9/")).toEqual({
      path: "/docs/v2/café/",
      query: "",
    });
  });

  // Each form is refused by the decoder itself, not only by the file lookup behind it.
  it.each([
    ["/../x", "dot segment"],
    ["/a/./b", "dot segment"],
    ["/%2e%2e/x", "dot segment"],
    ["/.%2E/x", "dot segment"],
    ["/a%2fb", "encoded slash or backslash"],
    ["/a%2Fb", "encoded slash or backslash"],
    ["/a%5cb", "encoded slash or backslash"],
    ["/a\\b", "control character or backslash"],
    ["/a%00b", "control character or backslash"],
    ["/a%0ab", "control character or backslash"],
    ["/%252e%252e/x", "double encoding"],
    ["/%c0%ae%c0%ae/x", "invalid UTF-8"],
    ["/%e0%80%ae/x", "invalid UTF-8"],
    ["/%ff", "invalid UTF-8"],
    ["/\u00c0\u00ae/x", "invalid UTF-8"],
    ["/%zz", "bad percent-encoding"],
    ["/%2", "bad percent-encoding"],
    ["//x", "empty path segment"],
    ["/" + "a".repeat(3000), "request target missing or too long"],
    ["/" + "a/".repeat(80), "too many path segments"],
    ["x/y", "request target is not a path"],
    ["*", "request target is not a path"],
  ])("refuses %s (%s)", (target, error) => {
    expect(decodeRequestPath(target)).toEqual({ error });
  });

  it("hides dotfiles and the host files", () => {
    expect(isHiddenPath("/docs/.git/config")).toBe(true);
    expect(isHiddenPath("/_headers")).toBe(true);
    expect(isHiddenPath("/docs/v2/_headers")).toBe(false);
    expect(isHiddenPath("/docs/v2/limits/")).toBe(false);
  });
});

describe("host files", () => {
  it("matches _redirects lines in order, with splats and placeholders", () => {
    const rules = parseRedirects(
      "# comment\n/a /b/ 301\n/a /c/ 302\n/blog/:year/* /posts/:year/:splat 302\n/bad\n",
    );
    expect(matchRedirect(rules, "/a")).toEqual({ to: "/b/", status: 301 });
    expect(matchRedirect(rules, "/blog/2024/x/y")).toEqual({ to: "/posts/2024/x/y", status: 302 });
    expect(matchRedirect(rules, "/a/")).toBeUndefined();
    // File order decides between an exact rule and a pattern.
    const ordered = parseRedirects(
      "/x/* /pattern 302\n/x/y /exact 301\n/z /exact-z 301\n/* /catch-all 302\n",
    );
    expect(matchRedirect(ordered, "/x/y")).toEqual({ to: "/pattern", status: 302 });
    expect(matchRedirect(ordered, "/z")).toEqual({ to: "/exact-z", status: 301 });
    expect(matchRedirect(ordered, "/w")).toEqual({ to: "/catch-all", status: 302 });
  });

  it("keeps each _redirects rule's line and the column of its target, for reports", () => {
    const rules = parseRedirects("# comment\n\n/docs/x/index.html /docs/x/ 301\n  /a   /b\n/bad\n");
    expect(rules.rules.map((r) => [r.from, r.line, r.column])).toEqual([
      ["/docs/x/index.html", 3, 20],
      ["/a", 4, 8],
    ]);
  });

  it("skips a rule whose pattern hosts cannot read, instead of failing every request", () => {
    // Two splats, a name used twice: each a duplicate group, which RegExp itself refuses.
    const redirects = parseRedirects(
      "/*/old/* /x 301\n/:a/:a /y 301\n/:splat/* /z 301\n/kept/:page /new/:page 302\n",
    );
    expect(redirects.rules.map((r) => r.from)).toEqual(["/kept/:page"]);
    expect(matchRedirect(redirects, "/kept/p")).toEqual({ to: "/new/p", status: 302 });
    const headers = parseHeaders("/*/assets/*\n  X-Skipped: 1\n/*\n  X-Kept: 1\n");
    expect(Object.fromEntries(headersFor(headers, "/a/assets/b"))).toEqual({ "X-Kept": "1" });
  });

  it("skips a _headers line no response could carry (Node refused it on every request)", () => {
    const rules = parseHeaders("/*\n  Bad Name: 1\n  X-Ctl: a\u0001b\n  X-Kept: 1\r\n");
    expect(Object.fromEntries(headersFor(rules, "/a"))).toEqual({ "X-Kept": "1" });
  });

  it("keeps matching bounded: at most two placeholders a segment", () => {
    // Two, as in `/:file.:ext`, are a pattern hosts read: kept, and filled in.
    const two = parseRedirects("/files/:file.:ext /f/:ext/:file 301\n");
    expect(matchRedirect(two, "/files/report.pdf")).toEqual({ to: "/f/pdf/report", status: 301 });
    // `:a:b:c…` in one segment backtracks as a power of the segment's length on a path that fails.
    const names = Array.from({ length: 12 }, (_, i) => `:p${i}`).join("");
    const headers = parseHeaders(`/${names}!\n  X-Skipped: 1\n`);
    expect(headers).toEqual([]);
    const redirects = parseRedirects(`/x/${names}! /y 301\n`);
    expect(redirects.rules).toEqual([]);
    // The vitest time-out is the only clock: a pattern like this one left in ran for minutes.
    expect(headersFor(headers, "/" + "a".repeat(2_000))).toEqual(new Map());
  });

  it("fills in only the placeholders a rule matched", () => {
    const rules = parseRedirects("/x /to/:constructor 301\n");
    expect(matchRedirect(rules, "/x")).toEqual({ to: "/to/:constructor", status: 301 });
  });

  it("merges _headers blocks, the later replacing a header of the same name", () => {
    const rules = parseHeaders(
      "/*\n  Cache-Control: no-cache\n  X-A: 1\n/assets/*\n  cache-control: immutable\n",
    );
    expect(Object.fromEntries(headersFor(rules, "/assets/x.js"))).toEqual({
      "cache-control": "immutable",
      "X-A": "1",
    });
    expect(Object.fromEntries(headersFor(rules, "/page/"))).toEqual({
      "Cache-Control": "no-cache",
      "X-A": "1",
    });
  });
});
