// Build benchmark: cold builds (cache cleared) of the synthetic corpora and the real docs, then a
// warm build with nothing changed. Prints wall s, ms/page, CPU s and peak RSS per case.
//   node bench/build.mjs [N...]        default: 1000 4000, plus the real docs
import { spawnSync, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";

const root = resolve(import.meta.dirname, "..");
const runs = Number(process.env.RUNS ?? 3);
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const corpusSizes = sizes.length ? sizes : [1000, 4000];
const work = process.env.BENCH_DIR ?? join(tmpdir(), "brook-docs-bench");
const outBase = existsSync("/dev/shm") ? "/dev/shm/brook-docs-bench" : join(work, "out");
const gen = resolve(root, "..", "shared", "bench", "harness", "gen-corpus.mjs");

if (!existsSync("/usr/bin/time")) {
  console.error("installing GNU time for peak-memory figures");
  execFileSync("bash", ["-c", "apt-get update -qq && apt-get install -y -qq time >/dev/null"], { stdio: "inherit" });
}

function countPages(dir) {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".md")).length;
}

function buildOnce(content, out, { cold }) {
  if (cold) rmSync(join(root, "node_modules", ".cache", "brook-docs"), { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  const start = performance.now();
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S %M", process.execPath, join(root, "bin", "brook-docs.js"), "build", "--content", content, "--out", out], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, BROOK_DOCS_QUIET: "1" },
  });
  const wall = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`build of ${content} failed:\n${r.stderr}`);
  const [user, sys, rssKb] = r.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  return { wall, cpu: user + sys, rssMb: rssKb / 1024 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const cases = [];
for (const n of corpusSizes) {
  const dir = join(work, `corpus-${n}`);
  if (!existsSync(dir)) {
    mkdirSync(work, { recursive: true });
    execFileSync(process.execPath, [gen, String(n), dir], { stdio: "ignore" });
  }
  cases.push({ name: `synthetic ${n}`, content: dir });
}
cases.push({ name: "real docs", content: join(root, "content") });

// Bundle the CLI once, outside the timings.
spawnSync(process.execPath, [join(root, "bin", "brook-docs.js"), "--help"], { cwd: root });

console.log(`cold builds: median of ${runs} (cache cleared before each); warm: the same build again with the cache\n`);
console.log("| case | pages | cold wall s | ms/page | CPU s | peak RSS MB | warm wall s | cold/warm |");
console.log("|---|---|---|---|---|---|---|---|");
for (const c of cases) {
  const pages = countPages(c.content);
  const out = join(outBase, c.name.replace(/\s+/g, "-"));
  const cold = Array.from({ length: runs }, () => buildOnce(c.content, out, { cold: true }));
  const warm = buildOnce(c.content, out, { cold: false });
  const wall = median(cold.map((r) => r.wall));
  console.log(
    `| ${c.name} | ${pages} | ${wall.toFixed(2)} | ${((wall * 1000) / pages).toFixed(2)} | ${median(cold.map((r) => r.cpu)).toFixed(2)} | ${Math.max(...cold.map((r) => r.rssMb)).toFixed(0)} | ${warm.wall.toFixed(2)} | ${(wall / warm.wall).toFixed(1)}x |`,
  );
}
rmSync(outBase, { recursive: true, force: true });
console.log("\nPeers on the same corpus: ../shared/bench/run.sh 1000 eleventy brook");
