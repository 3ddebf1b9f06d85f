// Rows 6-7: `brook-docs serve`, save → the new text painted in the open page. The server runs on a
// temp copy of a site; Chromium opens one page; each edit writes that page's file with a new
// marker word and times from just before the write (Date.now() in Node) to the first frame after
// the marker entered the page's DOM (a MutationObserver, then requestAnimationFrame, Date.now()
// in the page: the same machine clock). It works whether the page updates in place or reloads,
// because it only waits for the text. Between edits it waits for the page to be loaded and
// hydrated and for the server's search index to catch up (its log line), not for a fixed time.
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { MARKER_SOURCE, withMarker } from "./edit.mjs";
import { onCleanUp, processCpu, started, stop } from "./procs.mjs";
import { median, percentile } from "./stats.mjs";
import { CHROMIUM_ARGS, findChromium } from "../../test/helpers/chromium.mjs";

/** Chromium as test/browser/harness.ts runs it. */
const START_TIMEOUT_MS = 20 * 60_000;
const PAINT_TIMEOUT_MS = 120_000;
const SETTLE_TIMEOUT_MS = 60_000;
/** The server counts as done after this long with under IDLE_CPU_MS of CPU and no log output (see settled()). */
const IDLE_MS = 500;
const IDLE_CPU_MS = 20;
const IDLE_NO_LOG_MS = 2_000;

/** Launches the browser the serve rows share; closed at exit too. */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
  });
  const done = onCleanUp(() => void browser.close().catch(() => {}));
  return { browser, close: async () => (await browser.close().catch(() => {}), done()) };
}

/**
 * Runs in every document of the page before its own scripts: reports each marker word the first
 * time it appears in the DOM's text (scripts, styles and templates left out), one frame later,
 * and the type and arrival time of every live-reload message (before the dev client sees it).
 */
function recorder(source) {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        let type = "other";
        try {
          type = String(JSON.parse(String(e.data)).type);
        } catch {
          // not JSON: counted as other
        }
        window.__benchMessage(type, Date.now());
      });
    }
  };
  const re = new RegExp(source, "g");
  const seen = new Set();
  const report = (n) => {
    if (seen.has(n)) return;
    seen.add(n);
    // The frame that shows the change is being produced; the task after it runs once it is done.
    requestAnimationFrame(() => setTimeout(() => window.__benchPainted(n, Date.now()), 0));
  };
  const scan = (text) => {
    for (const m of text.matchAll(re)) report(Number(m[1]));
  };
  const hidden = (node) =>
    Boolean(node.parentElement?.closest("script, style, template, noscript"));
  const scanNode = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!hidden(node)) scan(node.data);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || node.closest("script, style, template, noscript"))
      return;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) if (!hidden(t)) scan(t.data);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "characterData") scanNode(r.target);
      else for (const n of r.addedNodes) scanNode(n);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Starts `brook-docs serve --port 0` in `dir`; resolves once it serves (after its first build). */
async function startServer(bin, dir) {
  const child = started(process.execPath, [bin, "serve", "--port", "0"], {
    cwd: dir,
    env: { ...process.env, BROOK_DOCS_QUIET: "", NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const server = { child, log: "", origin: "", base: "", firstBuildMs: NaN };
  child.stderr.on("data", (d) => (server.log += d));
  const t0 = performance.now();
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `serve did not start in ${START_TIMEOUT_MS / 1000} s:\n${server.log.slice(-2000)}`,
          ),
        ),
      START_TIMEOUT_MS,
    );
    const check = () => {
      const m = /serving (http:\/\/[^/\s]+)(\/\S*)/.exec(server.log);
      if (!m) return;
      clearTimeout(timer);
      child.stderr.off("data", check);
      server.origin = m[1];
      server.base = m[2];
      resolve();
    };
    child.stderr.on("data", check);
    child.once("exit", (code) =>
      reject(new Error(`serve exited with ${code}:\n${server.log.slice(-2000)}`)),
    );
  });
  server.startS = (performance.now() - t0) / 1000;
  const built = /built in (\d+) ms/.exec(server.log);
  if (built) server.firstBuildMs = Number(built[1]);
  return server;
}

const count = (text, re) => (text.match(re) ?? []).length;

/** Resolves when `test()` holds, polling every 20 ms; false after `timeoutMs`. */
async function until(test, timeoutMs) {
  const end = performance.now() + timeoutMs;
  while (!test()) {
    if (performance.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/**
 * Resolves once the server is done with a save: idle (under IDLE_CPU_MS of CPU and no log output)
 * for IDLE_MS after `done()` holds (its search-index log line), or for IDLE_NO_LOG_MS without it
 * (the old engine skips the line when another build is queued). Resolves with whether `done()`
 * held; at the latest after SETTLE_TIMEOUT_MS.
 */
async function settled(server, done) {
  const end = performance.now() + SETTLE_TIMEOUT_MS;
  let since = performance.now();
  let cpu = processCpu(server.child.pid);
  let log = server.log.length;
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const now = performance.now();
    const cpuNow = processCpu(server.child.pid);
    if (server.log.length !== log || (cpuNow - cpu) * 1000 > IDLE_CPU_MS) {
      since = now;
      cpu = cpuNow;
      log = server.log.length;
    } else if (now - since >= (done() ? IDLE_MS : IDLE_NO_LOG_MS)) return done();
    if (now > end) return done();
  }
}

/**
 * Times `edits` saves of `file` (after one untimed warm-up save) on the site in `dir`, opened at
 * `route` (below the base); the file is restored afterwards. `label` names the site in the log.
 */
export async function servePaint({ browser, bin, project, dir, file, route, edits, label }) {
  console.error(`\n== serve, ${label}: starting the dev server in ${dir}`);
  const original = readFileSync(file, "utf8");
  const server = await startServer(bin, dir);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    console.error(
      `   first build ${Number.isFinite(server.firstBuildMs) ? `${server.firstBuildMs} ms` : "?"}; serving ${server.origin}${server.base}`,
    );
    const page = await context.newPage();
    const waiters = new Map();
    await page.exposeFunction("__benchPainted", (n, at) => waiters.get(n)?.(at));
    const frames = { hello: 0, update: 0, reload: 0, other: 0 };
    // When the first message telling the page about the current save arrived (update or reload).
    let messageAt = NaN;
    await page.exposeFunction("__benchMessage", (type, at) => {
      frames[type in frames ? type : "other"]++;
      if ((type === "update" || type === "reload") && Number.isNaN(messageAt)) messageAt = at;
    });
    await page.addInitScript(recorder, MARKER_SOURCE);
    let loads = 0;
    page.on("load", () => loads++);
    const problems = [];
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()} ${r.url()}`));
    const url = server.origin + server.base + route;
    await page.goto(url);
    // React loads on the reader's intent (or the dev client's first update): woken here, as a
    // writer's first touch of the page would, so every measured edit finds the client live.
    const live = (timeout) =>
      page
        .waitForFunction(() => document.readyState === "complete" && window.brookDocs, null, {
          timeout,
        })
        .then(() => page.evaluate(() => window.brookDocs.wake().then(() => true)))
        .then(() =>
          page.waitForFunction(() => Boolean(window.brookDocs?.router), null, { timeout }),
        );
    await live(60_000).catch((e) => {
      throw new Error(
        `${url} never hydrated (${e.message.split("\n")[0]}); loads ${loads}, messages ${JSON.stringify(frames)}; ${problems.slice(0, 5).join("; ") || "no errors seen"}\n${server.log.slice(-1500)}`,
      );
    });
    if (!(await until(() => frames.hello > 0, 30_000)))
      throw new Error("the page's live-reload socket never said hello");

    const times = [];
    const toMessage = [];
    const serverCpu = [];
    const noSearchLine = [];
    const searchRe = /search index updated/g;
    let loadsBefore = loads;
    for (let i = -1; i < edits; i++) {
      const n = i + 1;
      if (i === 0) loadsBefore = loads;
      const searches = count(server.log, searchRe);
      const arrived = new Promise((resolve) => waiters.set(n, resolve));
      const cpu0 = processCpu(server.child.pid);
      messageAt = NaN;
      const t0 = Date.now();
      writeFileSync(file, withMarker(original, n));
      let timer;
      const at = await Promise.race([
        arrived,
        new Promise((r) => (timer = setTimeout(() => r(NaN), PAINT_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      waiters.delete(n);
      if (!Number.isFinite(at))
        throw new Error(
          `edit ${n}: the new text was not painted within ${PAINT_TIMEOUT_MS / 1000} s\n${server.log.slice(-2000)}`,
        );
      // Settle: the server done with this save (its search index too: the log line, else an idle
      // spell), and the page loaded and hydrated (a reload may have happened).
      if (!(await settled(server, () => count(server.log, searchRe) > searches)))
        noSearchLine.push(n);
      await live(SETTLE_TIMEOUT_MS);
      const cpu1 = processCpu(server.child.pid);
      if (process.env.BENCH_VERBOSE)
        console.error(
          `   edit ${n}: message after ${messageAt - t0} ms, painted after ${at - t0} ms, settled after ${Date.now() - t0} ms`,
        );
      if (i < 0) continue;
      times.push(at - t0);
      toMessage.push(messageAt - t0);
      serverCpu.push((cpu1 - cpu0) * 1000);
    }
    if (process.env.BENCH_VERBOSE) console.error(server.log);
    const rebuilt = [
      ...server.log.matchAll(/rebuilt in (\d+) ms: (\d+) of (\d+) pages rendered/g),
    ].slice(-edits);
    const row = {
      label,
      edits: times.length,
      medianMs: median(times),
      p95Ms: percentile(times, 95),
      maxMs: Math.max(...times),
      minMs: Math.min(...times),
      timesMs: times,
      serverCpuMsPerEdit: median(serverCpu),
      /** Save → the update (or reload) message arriving in the page: the server's share. */
      toMessageMedianMs: median(toMessage.filter(Number.isFinite)),
      toMessageMs: toMessage,
      serverBuildMs: rebuilt.length ? median(rebuilt.map((m) => Number(m[1]))) : undefined,
      renderedPerEdit: rebuilt.length ? median(rebuilt.map((m) => Number(m[2]))) : undefined,
      pages: rebuilt.length ? Number(rebuilt[0][3]) : undefined,
      reloads: loads - loadsBefore,
      messages: frames,
      settledWithoutSearchLog: noSearchLine.filter((n) => n > 0).length,
      firstBuildMs: server.firstBuildMs,
      startS: server.startS,
    };
    console.error(
      `   save → painted (ms): ${times.map((t) => Math.round(t)).join(", ")}; page reloads ${row.reloads}`,
    );
    return row;
  } finally {
    writeFileSync(file, original);
    await context.close().catch(() => {});
    await stop(server.child);
    removeDevBundles(project, server.child.pid);
  }
}

/** Removes the bundles a killed dev server of ours left under the project's cache (named by its pid). */
function removeDevBundles(project, pid) {
  const parent = join(project, "node_modules", ".cache", "brook-docs-dev");
  let names = [];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names)
    if (name === String(pid) || name.startsWith(`${pid}-`))
      rmSync(join(parent, name), { recursive: true, force: true });
}
