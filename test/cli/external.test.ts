/** `check-links --external` end to end: the CLI asks a local HTTPS server (trusted through NODE_EXTRA_CA_CERTS). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { tempSite } from "../helpers/site.ts";
import { startLinkServer, TEST_CA, type LinkServer } from "./link-server.ts";
import { runCli } from "./run-cli.ts";

describe("check-links --external", () => {
  let server: LinkServer;
  let dir: string;
  beforeAll(async () => {
    server = await startLinkServer(true);
    const page = [
      "---",
      "title: Elsewhere",
      "description: Links to other sites, at known lines.",
      "---",
      "",
      `A live page: [ok](${server.origin}/ok).`,
      "",
      `A dead page: [gone](${server.origin}/gone).`,
      "",
      `The live page again: [ok again](${server.origin}/ok#intro).`,
      "",
    ].join("\n");
    dir = tempSite("ci-site", { "content/problems.md": null, "content/elsewhere.md": page });
    const build = await runCli(dir, ["build", "--strict"]);
    expect(build.code, build.stderr).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is off by default: form only, not one request", async () => {
    const before = server.requests.length;
    const r = await runCli(dir, ["check-links"], { NODE_EXTRA_CA_CERTS: TEST_CA });
    expect(r.code).toBe(0);
    expect(server.requests.length).toBe(before);
  });

  it("reports a dead link at its Markdown line, asks each URL once, and lists each status", async () => {
    const before = server.requests.length;
    const r = await runCli(
      dir,
      ["check-links", "--external", "--external-timeout", "5000", "--format", "json"],
      { NODE_EXTRA_CA_CERTS: TEST_CA, GITHUB_ACTIONS: "true" },
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.diagnostics).toEqual([
      {
        file: "content/elsewhere.md",
        line: 8,
        column: 14,
        rule: "broken-external",
        severity: "error",
        message: `link to ${server.origin}/gone answered 404`,
        hint: "fix or remove the link; a site that turns link checkers away can be checked in a browser",
      },
    ]);
    expect(report.links.external).toBe(true);
    const external = report.links.list.filter((l: { kind: string }) => l.kind === "external");
    expect(external).toEqual([
      { url: `${server.origin}/gone`, kind: "external", count: 1, status: 404 },
      { url: `${server.origin}/ok`, kind: "external", count: 1, status: 200 },
      { url: `${server.origin}/ok#intro`, kind: "external", count: 1, status: 200 },
    ]);
    expect(server.requests.slice(before).sort()).toEqual(["GET /gone", "HEAD /gone", "HEAD /ok"]);
    expect(r.stderr).toContain(
      `content/elsewhere.md:8:14: link to ${server.origin}/gone answered 404 [broken-external]`,
    );
  });
});
