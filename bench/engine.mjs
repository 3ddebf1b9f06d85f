#!/usr/bin/env node
// The engine benchmark (issue 12): from one run, every figure of the table with its target.
//   1-2. N = 1000 and 4000 cold: Hugo, Eleventy and Brook through ../shared/bench/run.sh (median
//        of 3, caches cleared), Brook's ratio to Eleventy, CPU seconds and peak RSS;
//   3.   Brook's CPU per page at N = 1000 ÷ the bare unified chain (remark-floor.mjs);
//   4-5. N = 1000 again with the cache warm: nothing changed, one page edited (median of 5);
//   6-7. `serve`: save → new text painted in the open page (Chromium), real docs and N = 4000;
//   8.   `check-links` on a fresh build of the real docs, and what it reads.
// Progress goes to stderr; the table, its notes and one machine line (`engine-bench-json {…}`)
// to stdout. Any checkout of the project can be measured: `--project /path/to/checkout`.
//
//   node bench/engine.mjs [--project DIR] [--only cold,warm,edit,serve,serve-docs,serve-corpus,check-links]
//                         [--sizes 1000,4000] [--runs 3] [--repeats 5] [--edits 20] [--serve-size 4000]
//                         [--smoke] [--work DIR] [--json FILE]
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { cliBuilds, corpusPage } from "./engine/cli-builds.mjs";
import { checkLinks } from "./engine/check-links.mjs";
import { coldBuilds, remarkFloor } from "./engine/cold.mjs";
import { onCleanUp } from "./engine/procs.mjs";
import { launchBrowser, servePaint } from "./engine/serve-paint.mjs";
import { round } from "./engine/stats.mjs";
import { markdownTable, notes, tableRows } from "./engine/table.mjs";

const GROUPS = ["cold", "warm", "edit", "serve-docs", "serve-corpus", "check-links"];
const ALIASES = { serve: ["serve-docs", "serve-corpus"], floor: ["cold"] };

const { values: opts } = parseArgs({
  options: {
    project: { type: "string" },
    only: { type: "string" },
    sizes: { type: "string" },
    runs: { type: "string" },
    repeats: { type: "string" },
    edits: { type: "string" },
    "serve-size": { type: "string" },
    smoke: { type: "boolean", default: false },
    work: { type: "string" },
    json: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (opts.help) {
  console.log(`usage: node bench/engine.mjs [options]
  --project DIR      the checkout to measure (default: this one)
  --only LIST        of ${GROUPS.join(", ")} (serve = both serve rows; cold includes the floor)
  --sizes LIST       corpus sizes of the cold rows (default 1000,4000)
  --runs K           cold builds per tool (default 3)
  --repeats K        warm, edit and check-links runs (default 5)
  --edits K          timed saves per serve row (default 20)
  --serve-size N     pages of the serve corpus (default 4000)
  --smoke            a quick check: --sizes 1000 --runs 1 --repeats 2 --edits 5 --serve-size 1000, and the
                     harness neither waits for a quiet machine nor redoes busy runs
  --work DIR         temp root (default /dev/shm, else the OS temp folder)
  --json FILE        also write the machine line's JSON to FILE`);
  process.exit(0);
}

const here = import.meta.dirname;
const project = realpathSync(resolve(opts.project ?? join(here, "..")));
const bin = join(project, "bin", "brook-docs.js");
if (!existsSync(bin)) throw new Error(`${project} has no bin/brook-docs.js`);
const sharedBench = [
  join(project, "..", "shared", "bench"),
  join(here, "..", "..", "shared", "bench"),
].find((d) => existsSync(join(d, "run.sh")));
if (!sharedBench) throw new Error("../shared/bench/run.sh not found beside the project");

const smoke = opts.smoke;
const num = (v, fallback) => (v === undefined ? fallback : Number(v));
const settings = {
  sizes: (opts.sizes ?? (smoke ? "1000" : "1000,4000")).split(",").map(Number).filter(Boolean),
  runs: num(opts.runs, smoke ? 1 : 3),
  repeats: num(opts.repeats, smoke ? 2 : 5),
  edits: num(opts.edits, smoke ? 5 : 20),
  serveSize: num(opts["serve-size"], smoke ? 1000 : 4000),
};
const only = new Set((opts.only ?? GROUPS.join(",")).split(",").flatMap((g) => ALIASES[g] ?? [g]));
for (const g of only)
  if (!GROUPS.includes(g))
    throw new Error(`--only: unknown "${g}" (one of ${GROUPS.join(", ")}, serve)`);

// One work folder per project measured, so results of different checkouts never mix.
const slug = `${basename(project)}-${createHash("sha1").update(project).digest("hex").slice(0, 8)}`;
const tmpRoot = opts.work ?? (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());
const benchWork = join(tmpdir(), "brook-engine-bench", slug); // corpora, peers' installs: kept between runs
const work = join(tmpRoot, "brook-engine-bench", `${slug}-${process.pid}`); // this run's copies: removed at the end
mkdirSync(work, { recursive: true });
const removeWork = onCleanUp(() => rmSync(work, { recursive: true, force: true }));
// The harness's own quiet-machine rules, unless the caller set them; --smoke neither waits nor redoes.
const harnessEnv = smoke
  ? { QUIET_WAIT: process.env.QUIET_WAIT ?? "0", OTHER_MAX: process.env.OTHER_MAX ?? "1000" }
  : {};

const git = (...args) => {
  try {
    return execFileSync("git", args, {
      cwd: project,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "";
  }
};
const results = {
  project,
  commit: git("rev-parse", "--short", "HEAD"),
  subject: git("log", "-1", "--format=%s"),
  date: new Date().toISOString(),
  node: process.version,
  settings,
};
let failures = 0;
const attempt = async (name, fn) => {
  try {
    return await fn();
  } catch (e) {
    failures++;
    console.error(`!! ${name}: ${e.stack ?? e}`);
    return { error: String(e.message ?? e).split("\n")[0] };
  }
};

console.error(
  `measuring ${project} (${results.commit} ${results.subject}); work in ${work}, harness work in ${benchWork}`,
);
// The bin bundles the project's sources on first use: never inside a timed run.
execFileSync(process.execPath, [bin, "--help"], { cwd: project, stdio: "ignore" });

/** The harness's corpus of n pages, generated by its gen-corpus.mjs if no run made it yet. */
function corpus(n) {
  const dir = join(benchWork, "corpus", `n${n}`, "content");
  if (!existsSync(join(dir, "index.md")))
    execFileSync(
      process.execPath,
      [join(sharedBench, "harness", "gen-corpus.mjs"), String(n), dir],
      { stdio: "ignore" },
    );
  return dir;
}

if (only.has("cold")) {
  const outBase = join(tmpRoot, "brook-engine-bench", `${slug}-out`);
  const cold = await attempt("cold builds", () =>
    coldBuilds({
      project,
      sharedBench,
      benchWork,
      outBase,
      sizes: settings.sizes,
      runs: settings.runs,
      harnessEnv,
    }),
  );
  rmSync(outBase, { recursive: true, force: true });
  results.cold = cold.error ? Object.fromEntries(settings.sizes.map((n) => [n, cold])) : cold;
  const n = settings.sizes.includes(1000) ? 1000 : settings.sizes[0];
  const brook = results.cold[n]?.brook;
  if (brook?.ok) {
    const floor = await attempt("floor", () =>
      remarkFloor({ project, sharedBench, corpus: corpus(n) }),
    );
    results.floor = { n, ...floor, engineMsPerPage: (brook.cpuS * 1000) / n };
  } else results.floor = { n, error: "no cold Brook build to compare with" };
}

if (only.has("warm") || only.has("edit")) {
  results.cli = await attempt("warm CLI builds", () =>
    cliBuilds({
      project,
      bin,
      corpus: corpus(1000),
      work: join(work, "cli-1000"),
      repeats: settings.repeats,
      what: { warm: only.has("warm"), edit: only.has("edit") },
    }),
  );
}

/** A temp copy of the real docs of the project (content/, site.config.ts and what it imports from data/, public/). */
function docsCopy(name) {
  const dir = join(work, name);
  for (const p of ["content", "site.config.ts", "data", "public"])
    if (existsSync(join(project, p))) cpSync(join(project, p), join(dir, p), { recursive: true });
  return dir;
}

if (only.has("serve-docs") || only.has("serve-corpus")) {
  const browser = await attempt("browser", () => launchBrowser());
  if (only.has("serve-docs")) {
    results.serveDocs = browser.error
      ? { error: browser.error }
      : await attempt("serve, real docs", async () => {
          const dir = docsCopy("serve-docs");
          try {
            return await servePaint({
              browser: browser.browser,
              bin,
              project,
              dir,
              file: join(dir, "content", "limits.md"),
              route: "limits/",
              edits: settings.edits,
              label: "real docs (content/limits.md)",
            });
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        });
  }
  if (only.has("serve-corpus")) {
    results.serveCorpus = browser.error
      ? { error: browser.error }
      : await attempt(`serve, N = ${settings.serveSize}`, async () => {
          const dir = join(work, `serve-${settings.serveSize}`);
          cpSync(corpus(settings.serveSize), join(dir, "content"), { recursive: true });
          const page = corpusPage(join(dir, "content"));
          try {
            return await servePaint({
              browser: browser.browser,
              bin,
              project,
              dir,
              file: page.file,
              route: page.route,
              edits: settings.edits,
              label: `${settings.serveSize}-page corpus (${page.route})`,
            });
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        });
  }
  if (!browser.error) await browser.close();
}

if (only.has("check-links")) {
  results.checkLinks = await attempt("check-links", async () => {
    const dir = docsCopy("check-links");
    try {
      return await checkLinks({ bin, site: dir, repeats: settings.repeats });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
removeWork();

const rows = tableRows(results);
console.log(
  `\n## Engine benchmark: ${project} at ${results.commit || "?"} (${results.date}, Node ${process.version})\n`,
);
console.log(markdownTable(rows));
console.log(`\n${notes(results)}\n`);
const machine = JSON.stringify(results, (_, v) => (typeof v === "number" ? round(v) : v));
console.log(`engine-bench-json ${machine}`);
if (opts.json) writeFileSync(opts.json, machine + "\n");
process.exitCode = failures ? 1 : 0;
