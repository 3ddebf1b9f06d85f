// Rows 1-3: cold builds of the synthetic corpus by Hugo, Eleventy and Brook through the shared
// harness (its run.sh: caches cleared before each build, GNU time, a quiet machine waited for),
// then the floor: the bare unified chain on the same corpus (remark-floor.mjs), one thread.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { median } from "./stats.mjs";
import { streamed, timed } from "./procs.mjs";

const TOOLS = ["hugo", "eleventy", "brook"];

/** One tool's cold builds at one N, from the harness's results/nN/TOOL.json. */
function summary(json) {
  if (!json || json.status !== "ok" || !json.wallS?.length)
    return { ok: false, status: json?.status ?? "missing", note: json?.note ?? "" };
  return {
    ok: true,
    version: json.version,
    runs: json.wallS.length,
    wallS: median(json.wallS),
    walls: json.wallS,
    cpuS: median(json.cpuS),
    peakRssMiB: Math.max(...json.maxRssKiB) / 1024,
    otherCpuS: median(json.otherCpuS ?? []),
    discarded: json.discarded,
  };
}

/**
 * Runs `run.sh N hugo eleventy brook` for each size with the project as BROOK_PROJECT, in a work
 * folder of this project only (corpora, peers' installs, results), outputs on tmpfs.
 */
export async function coldBuilds({
  project,
  sharedBench,
  benchWork,
  outBase,
  sizes,
  runs,
  harnessEnv,
}) {
  const rows = {};
  for (const n of sizes) {
    // Results of an earlier invocation must never pass for this one.
    for (const tool of TOOLS)
      rmSync(join(benchWork, "results", `n${n}`, `${tool}.json`), { force: true });
    console.error(
      `\n== cold builds, N = ${n}: ${join(sharedBench, "run.sh")} ${n} ${TOOLS.join(" ")}`,
    );
    await streamed("bash", [join(sharedBench, "run.sh"), String(n), ...TOOLS], {
      cwd: project,
      env: {
        ...process.env,
        ...harnessEnv,
        BROOK_PROJECT: project,
        BENCH_WORK: benchWork,
        OUT_BASE: outBase,
        RUNS: String(runs),
      },
    });
    const row = { n, corpus: join(benchWork, "corpus", `n${n}`, "content") };
    for (const tool of TOOLS) {
      const file = join(benchWork, "results", `n${n}`, `${tool}.json`);
      row[tool] = summary(existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);
    }
    rows[n] = row;
  }
  return rows;
}

/** The bare chain's ms per page on `corpus` (best of 3, one thread), run from the project's root for its node_modules. */
export async function remarkFloor({ project, sharedBench, corpus }) {
  console.error(`\n== floor: node ${join(sharedBench, "remark-floor.mjs")} ${corpus}`);
  const r = await timed(process.execPath, [join(sharedBench, "remark-floor.mjs"), corpus], {
    cwd: project,
    env: process.env,
  });
  const m = /pages (\d+)\s+bare unified chain: ([\d.]+) ms\/page/.exec(r.stdout);
  if (r.status !== 0 || !m)
    return { ok: false, note: (r.stderr || r.stdout).trim().split("\n").slice(-3).join(" ") };
  console.error(r.stdout.trim());
  // Its CPU beside its wall time: far less CPU than wall means it waited for a core (a busy machine).
  return {
    ok: true,
    pages: Number(m[1]),
    msPerPage: Number(m[2]),
    processWallS: r.wall,
    processCpuS: r.cpu,
  };
}
