#!/usr/bin/env node
// The writer's tools, timed (issue 4):
//   1. serve: median ms from saving one page's body to the reload message, over EDITS edits, on
//      the real docs and on a 4000-page corpus (gen-corpus.mjs), through the real CLI and a
//      WebSocket client like the dev client's;
//   2. check-links: wall time of `brook-docs check-links` over a fresh build of the real docs;
//   3. preview: 20 000 requests at 100 concurrent connections on loopback with autocannon.
//
//   node bench/serve.mjs [--only serve-docs,serve-corpus,check-links,preview] [--pages 4000] [--edits 20]
//
// Each site is copied into a temp folder (the real content is never edited); the project's build
// cache is copied along so the dev server starts warm, as it does on a writer's machine.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import autocannon from "autocannon";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(ROOT, "bin", "brook-docs.js");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const only = new Set(opt("only", "serve-docs,serve-corpus,check-links,preview").split(","));
const EDITS = Number(opt("edits", "20"));
const PAGES = Number(opt("pages", "4000"));
const env = { ...process.env, BROOK_DOCS_QUIET: "", NO_COLOR: "1" };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (n) => (n >= 100 ? Math.round(n) : Math.round(n * 10) / 10);
const results = [];

/** Copies the project's build cache into `dir`, so the first build there is warm. */
function seedCache(dir) {
  const from = join(ROOT, "node_modules", ".cache", "brook-docs");
  if (existsSync(from)) cpSync(from, join(dir, "node_modules", ".cache", "brook-docs"), { recursive: true });
}

/** Starts `brook-docs serve` in `cwd`; resolves with its URL once the first build is done. */
function startServe(cwd, extra = []) {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", ...extra], { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  return new Promise((resolve, reject) => {
    child.stderr.on("data", (d) => {
      log += d;
      const m = /serving (http:\/\/[^/\s]+)/.exec(log);
      if (m) resolve({ child, url: m[1], log: () => log });
    });
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}:\n${log}`)));
  });
}

/** Median ms from writing `file` with a changed body to the reload message, over EDITS edits. */
async function timeEdits(label, cwd, file, extra) {
  const t0 = performance.now();
  const { child, url, log } = await startServe(cwd, extra);
  const startMs = performance.now() - t0;
  const ws = new WebSocket(url.replace("http", "ws") + "/__brook/ws", { origin: url });
  await new Promise((r, j) => ws.once("open", r).once("error", j));
  const original = readFileSync(file, "utf8");
  const times = [];
  let waiting;
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    if (m.type === "reload" && waiting) waiting(performance.now());
    if (m.type === "error") console.error(m.text);
  });
  // One edit to warm up (JIT, the first build's caches), then the timed ones.
  for (let i = -1; i < EDITS; i++) {
    const arrived = new Promise((r) => (waiting = r));
    const text = original.replace(/\n\n(?=[A-Z])/, `\n\nEdit ${i} of the benchmark changes this paragraph.\n\n`);
    const searches = (log().match(/search index updated/g) ?? []).length;
    const start = performance.now();
    writeFileSync(file, text);
    const end = await Promise.race([arrived, sleep(120_000).then(() => NaN)]);
    waiting = undefined;
    if (i >= 0) times.push(end - start);
    // Let the server finish (the search index follows each edit) before the next save.
    for (let waited = 0; waited < 120_000 && (log().match(/search index updated/g) ?? []).length <= searches; waited += 50) await sleep(50);
    await sleep(100);
  }
  writeFileSync(file, original);
  ws.close();
  child.kill("SIGTERM");
  const rebuilt = [...log().matchAll(/rebuilt in (\d+) ms: (\d+) of (\d+) pages rendered/g)].slice(-EDITS);
  const row = {
    bench: `serve: save → reload message, ${label}`,
    median_ms: fmt(median(times)),
    min_ms: fmt(Math.min(...times)),
    max_ms: fmt(Math.max(...times)),
    build_median_ms: rebuilt.length ? median(rebuilt.map((m) => Number(m[1]))) : undefined,
    rendered_per_edit: rebuilt.length ? median(rebuilt.map((m) => Number(m[2]))) : undefined,
    pages: rebuilt[0]?.[3],
    first_build_ms: Math.round(startMs),
  };
  results.push(row);
  console.log(JSON.stringify(row));
}

if (only.has("serve-docs")) {
  const dir = mkdtempSync(join(tmpdir(), "brook-bench-docs-"));
  for (const p of ["content", "public", "site.config.ts"]) cpSync(join(ROOT, p), join(dir, p), { recursive: true });
  seedCache(dir);
  await timeEdits("real docs", dir, join(dir, "content", "limits.md"));
  rmSync(dir, { recursive: true, force: true });
}

if (only.has("serve-corpus")) {
  // Kept between runs with its build cache (the first, cold build of 4000 pages takes minutes);
  // the edited page is put back after the run.
  const dir = join(ROOT, "node_modules", ".cache", "brook-bench", `corpus-${PAGES}`);
  if (!existsSync(join(dir, "content"))) {
    spawnSync(process.execPath, ["/work/shared/bench/harness/gen-corpus.mjs", String(PAGES), join(dir, "content")], { stdio: "ignore" });
  }
  await timeEdits(`${PAGES}-page corpus`, dir, join(dir, "content", "section-01", "page-0002.md"));
}

if (only.has("check-links") || only.has("preview")) {
  const out = mkdtempSync(join(tmpdir(), "brook-bench-dist-"));
  const build = spawnSync(process.execPath, [BIN, "build", "--out", out], { cwd: ROOT, env, encoding: "utf8" });
  if (build.status !== 0) throw new Error(build.stderr);
  if (only.has("check-links")) {
    const walls = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const run = spawnSync(process.execPath, [BIN, "check-links", out], { cwd: ROOT, env, encoding: "utf8" });
      walls.push(performance.now() - t);
      if (run.status !== 0) throw new Error(run.stderr);
      if (i === 0) console.error(run.stderr.trim());
    }
    const row = { bench: "check-links over the real docs (wall, whole CLI)", median_ms: fmt(median(walls)), min_ms: fmt(Math.min(...walls)), max_ms: fmt(Math.max(...walls)) };
    results.push(row);
    console.log(JSON.stringify(row));
  }
  if (only.has("preview")) {
    const child = spawn(process.execPath, [BIN, "preview", out, "--port", "0"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
    const url = await new Promise((resolve, reject) => {
      let log = "";
      child.stderr.on("data", (d) => {
        log += d;
        const m = /preview (http:\/\/\S+)/.exec(log);
        if (m) resolve(m[1]);
      });
      child.on("exit", () => reject(new Error(log)));
    });
    const paths = ["/docs/v2/", "/docs/v2/limits/", "/docs/v2/workflows/steps/triggers/", "/docs/v2/limits", "/docs/v2/cron", "/docs/v2/favicon.svg", "/docs/v2/nope/"];
    const r = await autocannon({
      url,
      connections: 100,
      amount: 20_000,
      requests: paths.map((path) => ({ method: "GET", path, headers: { "accept-encoding": "br, gzip" } })),
    });
    child.kill("SIGTERM");
    const row = {
      bench: "preview: 20 000 requests, 100 connections, loopback (autocannon)",
      requests: r.requests.total,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx_expected: r.non2xx,
      req_per_s: Math.round(r.requests.average),
      latency_p50_ms: r.latency.p50,
      latency_p99_ms: r.latency.p99,
      duration_s: r.duration,
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
  rmSync(out, { recursive: true, force: true });
}

console.log("\n| benchmark | figure |\n|---|---|");
for (const { bench, ...rest } of results) console.log(`| ${bench} | ${Object.entries(rest).filter(([, v]) => v !== undefined).map(([k, v]) => `${k} ${v}`).join(", ")} |`);
