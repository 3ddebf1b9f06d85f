#!/usr/bin/env node
// `brook-docs preview` under load: builds the real docs into a temp folder, serves them with the
// CLI's preview and sends 20 000 requests at 100 concurrent connections on loopback (autocannon):
// pages, a trailing-slash redirect, a configured redirect, a public file and a 404.
//   node bench/preview.mjs
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { started, stop } from "./engine/procs.mjs";

const ROOT = join(import.meta.dirname, "..");
const BIN = join(ROOT, "bin", "brook-docs.js");
const env = { ...process.env, BROOK_DOCS_QUIET: "", NO_COLOR: "1" };
const PATHS = [
  "/docs/v2/",
  "/docs/v2/limits/",
  "/docs/v2/workflows/steps/triggers/",
  "/docs/v2/limits",
  "/docs/v2/cron",
  "/docs/v2/favicon.svg",
  "/docs/v2/nope/",
];

const work = mkdtempSync(
  join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "brook-preview-bench-"),
);
const out = join(work, "dist");
try {
  const build = spawnSync(process.execPath, [BIN, "build", "--out", out], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(build.stderr);
  const child = started(process.execPath, [BIN, "preview", out, "--port", "0"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let log = "";
      child.stderr.on("data", (d) => {
        log += d;
        const m = /preview (http:\/\/\S+)/.exec(log);
        if (m) resolve(m[1]);
      });
      child.on("exit", () => reject(new Error(log)));
    });
    const r = await autocannon({
      url,
      connections: 100,
      amount: 20_000,
      requests: PATHS.map((path) => ({
        method: "GET",
        path,
        headers: { "accept-encoding": "br, gzip" },
      })),
    });
    const row = {
      requests: r.requests.total,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx_expected: r.non2xx,
      req_per_s: Math.round(r.requests.average),
      latency_p50_ms: r.latency.p50,
      latency_p99_ms: r.latency.p99,
      duration_s: r.duration,
    };
    console.log(
      "| preview: 20 000 requests, 100 connections, loopback (autocannon) | figure |\n|---|---|",
    );
    console.log(
      `| real docs | ${Object.entries(row)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")} |`,
    );
    console.log(`preview-bench-json ${JSON.stringify(row)}`);
  } finally {
    await stop(child);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
