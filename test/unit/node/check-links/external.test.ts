import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkExternalLinks } from "../../../../src/node/check-links/external.ts";
import { startLinkServer, type LinkServer } from "../../../cli/link-server.ts";

describe("checkExternalLinks (a local server, no internet)", () => {
  let a: LinkServer;
  let b: LinkServer;
  beforeAll(async () => {
    a = await startLinkServer();
    b = await startLinkServer();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("asks HEAD, falls back to GET when HEAD fails, and tells why a link is dead", async () => {
    const urls = ["/ok", "/head-405", "/gone", "/forbidden", "/moved", "/slow", "/ok#section"].map(
      (p) => a.origin + p,
    );
    const results = await checkExternalLinks(urls, { timeoutMs: 500, hostIntervalMs: 0 });
    const byPath = (p: string) => results.get(a.origin + p);
    expect(byPath("/ok")).toEqual({ ok: true, status: 200 });
    expect(byPath("/ok#section")).toEqual({ ok: true, status: 200 });
    expect(byPath("/head-405")).toEqual({ ok: true, status: 200 });
    expect(byPath("/gone")).toEqual({ ok: false, status: 404, reason: "answered 404" });
    // A sign-in wall or a bot block proves the page is there.
    expect(byPath("/forbidden")).toEqual({ ok: true, status: 403 });
    expect(byPath("/moved")).toEqual({ ok: true, status: 200 });
    expect(byPath("/slow")).toEqual({
      ok: false,
      status: null,
      reason: "got no answer within 500 ms",
    });
    // One request per URL (the #fragment is not a new page); GET only after a failed HEAD, never after a time-out.
    expect(a.requests.filter((r) => r === "HEAD /ok")).toHaveLength(2); // once directly, once after /moved
    expect(a.requests).toContain("GET /head-405");
    expect(a.requests).toContain("GET /gone");
    expect(a.requests).not.toContain("GET /ok");
    expect(a.requests).not.toContain("GET /slow");
  });

  it("names a refused connection", async () => {
    const closed = await startLinkServer();
    const url = closed.origin + "/ok";
    await closed.close();
    const results = await checkExternalLinks([url], { timeoutMs: 2000 });
    expect(results.get(url)).toEqual({
      ok: false,
      status: null,
      reason: "failed: connection refused",
    });
  });

  it("keeps to the per-host and overall limits", async () => {
    const overall = { now: 0, max: 0 };
    const c = await startLinkServer(false, overall);
    const d = await startLinkServer(false, overall);
    try {
      const urls = [...Array(8).keys()].flatMap((i) => [
        `${c.origin}/wait/${i}`,
        `${d.origin}/wait/${i}`,
      ]);
      const results = await checkExternalLinks(urls, {
        perHost: 2,
        concurrency: 3,
        hostIntervalMs: 0,
      });
      expect([...results.values()].every((r) => r.ok)).toBe(true);
      expect(c.requests).toHaveLength(8);
      expect(c.maxInFlight).toBeLessThanOrEqual(2);
      expect(d.maxInFlight).toBeLessThanOrEqual(2);
      expect(overall.max).toBeLessThanOrEqual(3);
    } finally {
      await c.close();
      await d.close();
    }
  });

  it("with one request per host at a time, never overlaps on a host", async () => {
    const c = await startLinkServer();
    try {
      await checkExternalLinks(
        [...Array(5).keys()].map((i) => `${c.origin}/wait/${i}`),
        { perHost: 1, concurrency: 8, hostIntervalMs: 5 },
      );
      expect(c.requests).toHaveLength(5);
      expect(c.maxInFlight).toBe(1);
    } finally {
      await c.close();
    }
  });
});
