import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startPreview, type PreviewServer } from "../../src/node/preview.ts";
import { headersFile } from "../../src/node/write/host-files.ts";
import { rawRequest } from "./http-helpers.ts";

// A hand-made build folder: each URL rule is checked on files whose names say what they are.
const tmp = mkdtempSync(join(tmpdir(), "brook-preview-"));
const root = join(tmp, "site");
const big = (label: string) =>
  `<!doctype html><html><head><title>${label}</title></head><body>${`<p>${label} text</p>`.repeat(200)}</body></html>`;
const clientJs = `console.log(${JSON.stringify("x".repeat(4000))});`;
const files: Record<string, string> = {
  "404.html": big("root not found"),
  "docs/v2/404.html": big("docs not found"),
  "docs/v2/index.html": big("home page"),
  "docs/v2/guide/index.html": big("guide page"),
  "docs/v2/moved/index.html":
    '<meta http-equiv="refresh" content="0; url=/docs/v2/guide/">stub page',
  "docs/v2/assets/client.abcdef1234.js": clientJs,
  "docs/v2/assets/tiny.abcdef1234.css": "a{}",
  "docs/v2/sitemap.xml": "<urlset></urlset>",
  "docs/v2/favicon.svg": "<svg></svg>",
  "docs/v2/empty-dir/readme.txt": "not an index",
  "docs/v2/.secret": "hidden",
  "robots.txt": "User-agent: *",
  _redirects: [
    "/docs/v2/old /docs/v2/guide/#intro 301",
    "/docs/v2/old/ /docs/v2/guide/#intro 301",
    "/docs/v2/splat/* /docs/v2/guide/:splat 302",
  ].join("\n"),
  _headers: headersFile("/docs/v2/", ""),
};
for (const [path, content] of Object.entries(files)) {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), content);
}
// What no request may ever read: a file beside the root, and symlinks inside the root leading to it.
writeFileSync(join(tmp, "secret.txt"), "SECRET outside the root");
mkdirSync(join(tmp, "outside"));
writeFileSync(join(tmp, "outside", "secret.txt"), "SECRET in a folder outside");
symlinkSync(join(tmp, "secret.txt"), join(root, "docs/v2/link.txt"));
symlinkSync(join(tmp, "outside"), join(root, "docs/v2/linkdir"));

let server: PreviewServer;
let noRedirects: PreviewServer;
beforeAll(async () => {
  server = await startPreview({ root, port: 0, host: "127.0.0.1" });
  noRedirects = await startPreview({ root, port: 0, host: "127.0.0.1", hostRedirects: false });
});
afterAll(async () => {
  await server?.close();
  await noRedirects?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(server.url, path, { headers });

describe("startPreview", () => {
  it("listens on a free port of 127.0.0.1 when asked for port 0", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toBe(noRedirects.url);
  });

  it("says clearly when the port is taken", async () => {
    const port = Number(new URL(server.url).port);
    await expect(startPreview({ root, port, host: "127.0.0.1" })).rejects.toThrow(
      `port ${port} on 127.0.0.1 is already in use`,
    );
  });

  it("refuses a build folder that does not exist", async () => {
    await expect(startPreview({ root: join(tmp, "nope"), port: 0 })).rejects.toThrow(
      "build folder",
    );
  });
});

describe("URL rules (docs/design.md §3)", () => {
  it("serves a page's folder URL with 200 and HTML headers", async () => {
    const r = await get("/docs/v2/guide/");
    expect(r.status).toBe(200);
    expect(r.body.toString()).toContain("guide page");
    expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(r.headers["cache-control"]).toBe("no-cache");
  });

  it.each([
    ["/docs/v2/guide", "/docs/v2/guide/"],
    ["/docs/v2/guide?tab=1", "/docs/v2/guide/?tab=1"],
    ["/docs/v2/guide/index.html", "/docs/v2/guide/"],
    ["/docs/v2/guide.html", "/docs/v2/guide/"],
    ["/docs/v2/index.html", "/docs/v2/"],
    ["/docs/v2", "/docs/v2/"],
  ])("301 %s → %s", async (from, to) => {
    const r = await get(from);
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe(to);
  });

  it("applies the _redirects rules, keeping the target's #hash, and their splats", async () => {
    for (const path of ["/docs/v2/old", "/docs/v2/old/"]) {
      const r = await get(path);
      expect(r.status).toBe(301);
      expect(r.headers.location).toBe("/docs/v2/guide/#intro");
    }
    const splat = await get("/docs/v2/splat/deep/page");
    expect(splat.status).toBe(302);
    expect(splat.headers.location).toBe("/docs/v2/guide/deep/page");
  });

  it("serves redirect stubs as pages (and without _redirects, reaches them by the slash rule)", async () => {
    const stub = await get("/docs/v2/moved/");
    expect(stub.status).toBe(200);
    expect(stub.body.toString()).toContain("stub page");
    const bare = await rawRequest(noRedirects.url, "/docs/v2/old");
    expect(bare.status).toBe(404);
  });

  it("answers unknown paths with 404 and the nearest not-found page", async () => {
    const underBase = await get("/docs/v2/no/such/page/");
    expect(underBase.status).toBe(404);
    expect(underBase.body.toString()).toContain("docs not found");
    expect(underBase.headers["content-type"]).toBe("text/html; charset=utf-8");
    const outside = await get("/elsewhere");
    expect(outside.status).toBe(404);
    expect(outside.body.toString()).toContain("root not found");
    const missingAsset = await get("/docs/v2/assets/client.0000000000.js");
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers["cache-control"]).toBe("no-cache");
    expect(missingAsset.headers.etag).toBeUndefined();
  });

  it("lists no directories and hides dotfiles and the host files", async () => {
    for (const path of [
      "/docs/v2/empty-dir/",
      "/docs/v2/empty-dir",
      "/docs/v2/assets/",
      "/docs/v2/.secret",
      "/_headers",
      "/_redirects",
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.toString(), path).not.toContain("readme.txt");
      expect(r.body.toString(), path).not.toContain("hidden");
    }
  });

  it.each([
    ["/docs/v2/assets/client.abcdef1234.js", "text/javascript; charset=utf-8"],
    ["/docs/v2/sitemap.xml", "application/xml"],
    ["/docs/v2/favicon.svg", "image/svg+xml"],
    ["/robots.txt", "text/plain; charset=utf-8"],
    ["/docs/v2/404.html", "text/html; charset=utf-8"],
  ])("Content-Type of %s is %s", async (path, type) => {
    const r = await get(path);
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe(type);
  });

  it("caches hashed assets for a year and revalidates everything else", async () => {
    expect((await get("/docs/v2/assets/client.abcdef1234.js")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("/docs/v2/assets/tiny.abcdef1234.css")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("/docs/v2/sitemap.xml")).headers["cache-control"]).toBe("no-cache");
  });

  it("sends the headers of the built _headers file", async () => {
    const r = await get("/docs/v2/guide/");
    expect(r.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(r.headers["x-frame-options"]).toBe("DENY");
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("answers a conditional GET with 304 while the ETag matches", async () => {
    const first = await get("/docs/v2/guide/");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get("/docs/v2/guide/", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get("/docs/v2/guide/", { "if-none-match": `W/${etag}` })).status).toBe(304);
    expect((await get("/docs/v2/guide/", { "if-none-match": '"something-else"' })).status).toBe(
      200,
    );
    // Another coding of the same file is the same version.
    const br = await get("/docs/v2/guide/", { "accept-encoding": "br" });
    expect(
      (await get("/docs/v2/guide/", { "if-none-match": String(br.headers.etag) })).status,
    ).toBe(304);
  });

  it("compresses with brotli or gzip as the client accepts, and not small files", async () => {
    const plain = await get("/docs/v2/assets/client.abcdef1234.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(clientJs);
    const br = await get("/docs/v2/assets/client.abcdef1234.js", {
      "accept-encoding": "gzip, deflate, br",
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body).toString()).toBe(clientJs);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    const gz = await get("/docs/v2/guide/", { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toContain("guide page");
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const tiny = await get("/docs/v2/assets/tiny.abcdef1234.css", {
      "accept-encoding": "br, gzip",
    });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const got = await get("/docs/v2/guide/");
    const head = await rawRequest(server.url, "/docs/v2/guide/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(got.headers["content-length"]);
    expect(head.headers.etag).toBe(got.headers.etag);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])("refuses %s with 405", async (method) => {
    const r = await rawRequest(server.url, "/docs/v2/guide/", { method });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe("GET, HEAD");
  });
});

describe("path safety: never a file outside the root", () => {
  const attacks = [
    "/../secret.txt",
    "/docs/v2/../../../secret.txt",
    "/docs/v2/./../../../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/secret.txt",
    "/.%2e/secret.txt",
    "/docs/v2/%2e%2e/%2e%2e/%2e%2e/secret.txt",
    "/docs%2f..%2f..%2fsecret.txt",
    "/..%2fsecret.txt",
    "/..%2Fsecret.txt",
    "/..%5csecret.txt",
    "/docs/v2/..%5C..%5C..%5Csecret.txt",
    "/..\\secret.txt",
    "/docs\\..\\..\\secret.txt",
    "/secret.txt%00.html",
    "/docs/v2/guide/%00",
    "/%252e%252e/secret.txt",
    "/%252e%252e%252fsecret.txt",
    "/%25%32%65%25%32%65/secret.txt",
    "/%c0%ae%c0%ae/secret.txt",
    "/%c0%af..%c0%afsecret.txt",
    "/%e0%80%ae%e0%80%ae/secret.txt",
    "/%ff%fe/secret.txt",
    "/\u00c0\u00ae\u00c0\u00ae/secret.txt",
    "/%2",
    "/%zz/secret.txt",
    "//secret.txt",
    "/" + "a/".repeat(3000) + "secret.txt",
    "/" + "x/".repeat(100) + "../".repeat(101) + "secret.txt",
    "/docs/v2/link.txt",
    "/docs/v2/linkdir/secret.txt",
    "http://127.0.0.1/../secret.txt",
  ];

  it.each(attacks)("%s → 400 or 404, no file content", async (path) => {
    const r = await get(path);
    expect([400, 404]).toContain(r.status);
    expect(r.body.toString("latin1")).not.toContain("SECRET");
  });

  it("still serves a legitimate path (the attacks above are refused for their form, not by accident)", async () => {
    expect((await get("/docs/v2/guide/")).status).toBe(200);
    expect((await get("/docs/v2/%67uide/")).status).toBe(200);
  });
});
